/**
 * Validation messages travel as keys, not text, so the same schema speaks every language:
 * the console translates them with i18next (namespace 'validation'), the API renders them in
 * English from the same locale file. Encoded as `key` or `key|{"param":"value"}`.
 * A param named `name` holds a field key, translated through common:fields.<key>.
 */
export const VALIDATION_KEYS = [
  'required',
  'minLength',
  'maxLength',
  'invalidFormat',
  'csvColumnCount',
  'invalidOtp',
  'validType',
  'maxDecimals',
  'integer',
  'noSpaces',
  'exchangeRateNotOne',
  'range1to100',
  'fileTooLarge',
  'fileExtension',
  'invalidRowFormat',
  'iccidCheckDigit',
  'fileEmpty',
  'duplicate',
  'dateNotPast',
  'nameExists',
  'sellingAboveCost',
  'slugFormat',
  'checkDigit',
  'endAfterStart',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export type MessageParams = Record<string, string | number>;

export interface DecodedMessage {
  key: string;
  params: MessageParams;
}

export function encodeMessage(key: ValidationKey, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): DecodedMessage {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return {
      key: message.slice(0, bar),
      params: JSON.parse(message.slice(bar + 1)) as MessageParams,
    };
  } catch {
    return { key: message, params: {} };
  }
}

/** Renders a message template ('{{name}} is required.') with already-resolved params. */
export function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A text the API sends (a success message, an error): its stable `key` (docs/decisions/0007),
 * the `params` the text was rendered with, and the English `text`. The console translates from
 * key + params; `text` is what the API puts in the spec's `message` / `errorMessage` fields.
 * Keys: `<area>.<name>` in locales/<lng>/apiMessages.json, or `validation.<key>` (validation.json,
 * where a `name` param is a field key, common:fields.<name>).
 */
export interface ApiMessage {
  readonly key: string;
  readonly params?: MessageParams;
  readonly text: string;
}

/** An English template: a text, or the i18next plural forms of a text with a `count` param. */
export type ApiMessageTemplate = string | { readonly one: string; readonly other: string };

const apiMessageTemplates = new Map<string, ApiMessageTemplate>();

/** Every key defineApiMessages() has defined, with its English template (the catalogue test). */
export function definedApiMessages(): ReadonlyMap<string, ApiMessageTemplate> {
  return apiMessageTemplates;
}

type HasPlaceholder<T> = T extends `${string}{{${string}}}${string}` ? true : false;

/** A text with placeholders needs its params; a plural needs `count`; a fixed text is a value. */
export type ApiMessageSet<T extends Record<string, ApiMessageTemplate>> = {
  readonly [K in keyof T]: T[K] extends { readonly one: string }
    ? (params: MessageParams & { count: number }) => ApiMessage
    : HasPlaceholder<T[K]> extends true
      ? (params: MessageParams) => ApiMessage
      : ApiMessage;
};

function register(key: string, template: ApiMessageTemplate): void {
  const known = apiMessageTemplates.get(key);
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(template)) {
    throw new Error(`API message ${key} is defined twice with different texts`);
  }
  apiMessageTemplates.set(key, template);
}

/**
 * Defines the messages of one area under `prefix` (`products` -> `products.created`), with their
 * English templates ('{{name}}' placeholders, as in locales/en/apiMessages.json). Each entry
 * becomes an ApiMessage, or a function of its params: the only way the API builds a message, so
 * every message it sends has a key, and every key is in the catalogue the locale test walks.
 */
export function defineApiMessages<const T extends Record<string, ApiMessageTemplate>>(
  prefix: string,
  templates: T,
): ApiMessageSet<T> {
  const out: Record<string, ApiMessage | ((params: MessageParams) => ApiMessage)> = {};
  for (const [name, template] of Object.entries(templates)) {
    const key = `${prefix}.${name}`;
    register(key, template);
    if (typeof template !== 'string') {
      out[name] = (params) => ({
        key,
        params,
        text: interpolate(params.count === 1 ? template.one : template.other, params),
      });
    } else if (/\{\{\s*\w+\s*\}\}/.test(template)) {
      out[name] = (params) => ({ key, params, text: interpolate(template, params) });
    } else {
      out[name] = Object.freeze({ key, text: template });
    }
  }
  return out as ApiMessageSet<T>;
}
