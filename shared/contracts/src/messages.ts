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
