import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE } from '@esim/utils';
import { API_MESSAGES_NAMESPACE } from './api-message-translator';

/**
 * The API answers in English (success `message`, errors[].message). The console shows those
 * texts in the user's language by matching them against the English templates they were made
 * from: namespace `apiMessages` (every text the API sends, locales/<lng>/apiMessages.json) and
 * `validation` (rendered by the API with `name` = the English field label, common:fields.*).
 * The matching template's key is translated with the captured params. Unknown texts, and every
 * text in English, are returned unchanged. The namespaces are loaded lazily with the signed-in
 * shell; before that (or without them) nothing is translated. Loaded as its own chunk
 * (loadApiMessageTranslator), so the login page does not carry it.
 */

/** Namespaces whose English templates the API renders. */
const TEMPLATE_NAMESPACES = [API_MESSAGES_NAMESPACE, 'validation'] as const;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

interface Template {
  /** i18next key, 'ns:path' (a plural key without its suffix). */
  key: string;
  pattern: RegExp;
  /** Param name of each capture group, in order. */
  params: string[];
  /** Characters outside placeholders: the more, the more specific the template. */
  literalLength: number;
  plural: boolean;
}

interface Catalogue {
  /** Templates without placeholders, by their exact English text. */
  exact: Map<string, Template>;
  /** Templates with placeholders, most specific first. */
  patterns: Template[];
  /** English field label -> field key (common:fields.*). */
  fieldKeys: Map<string, string>;
}

type Bundle = Record<string, unknown> | undefined;

interface Cached {
  sources: Bundle[];
  catalogue: Catalogue;
}

const cache = new WeakMap<object, Cached>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function strings(bundle: Bundle, prefix = '', out: [string, string][] = []): [string, string][] {
  if (!bundle) return out;
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.push([path, value]);
    else if (value && typeof value === 'object') strings(value as Bundle, path, out);
  }
  return out;
}

/** Compiles one English template to an anchored regex; repeated params must repeat their value. */
export function compileTemplate(
  text: string,
): Pick<Template, 'pattern' | 'params' | 'literalLength'> {
  const params: string[] = [];
  let source = '';
  let literalLength = 0;
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const literal = text.slice(last, match.index);
    source += escapeRegExp(literal);
    literalLength += literal.length;
    const name = match[1] as string;
    const seen = params.indexOf(name);
    if (seen >= 0) {
      source += `\\${seen + 1}`;
    } else {
      params.push(name);
      source += '(.+?)';
    }
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  source += escapeRegExp(rest);
  literalLength += rest.length;
  return { pattern: new RegExp(`^${source}$`, 's'), params, literalLength };
}

function buildCatalogue(sources: Bundle[], fields: Bundle): Catalogue {
  const exact = new Map<string, Template>();
  const patterns: Template[] = [];
  TEMPLATE_NAMESPACES.forEach((namespace, index) => {
    for (const [path, text] of strings(sources[index])) {
      const plural = PLURAL_SUFFIX.test(path);
      const key = `${namespace}:${plural ? path.replace(PLURAL_SUFFIX, '') : path}`;
      const template: Template = { key, plural, ...compileTemplate(text) };
      if (template.params.length === 0) {
        if (!exact.has(text)) exact.set(text, template);
      } else {
        patterns.push(template);
      }
    }
  });
  patterns.sort((a, b) => b.literalLength - a.literalLength);
  const fieldKeys = new Map<string, string>();
  for (const [key, label] of strings(fields)) {
    if (!key.includes('.') && !fieldKeys.has(label)) fieldKeys.set(label, key);
  }
  return { exact, patterns, fieldKeys };
}

function catalogueOf(i18n: I18n): Catalogue | undefined {
  const english = i18n.getDataByLanguage(DEFAULT_LANGUAGE) as
    Record<string, Record<string, unknown>> | undefined;
  if (!english) return undefined;
  const common = english.common as Record<string, unknown> | undefined;
  const fields = common?.fields as Bundle;
  const sources: Bundle[] = [...TEMPLATE_NAMESPACES.map((namespace) => english[namespace]), fields];
  if (sources.every((source) => source === undefined)) return undefined;
  const cached = cache.get(i18n);
  if (cached && cached.sources.every((source, index) => source === sources[index])) {
    return cached.catalogue;
  }
  const catalogue = buildCatalogue(sources.slice(0, TEMPLATE_NAMESPACES.length), fields);
  cache.set(i18n, { sources, catalogue });
  return catalogue;
}

function isEnglish(i18n: I18n): boolean {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return !language || language.split('-')[0] === DEFAULT_LANGUAGE;
}

/**
 * `text` (as the API sent it, English) in the current language of `i18n`, or `text` unchanged
 * when no known template matches, the namespaces are not loaded, or the language is English.
 */
export function translateApiMessage(text: string, i18n: I18n): string {
  if (text === '' || isEnglish(i18n)) return text;
  const catalogue = catalogueOf(i18n);
  if (!catalogue) return text;
  let template = catalogue.exact.get(text);
  let captured: RegExpExecArray | null = null;
  if (!template) {
    for (const candidate of catalogue.patterns) {
      captured = candidate.pattern.exec(text);
      if (captured) {
        template = candidate;
        break;
      }
    }
  }
  if (!template) return text;
  const values: Record<string, unknown> = {};
  template.params.forEach((name, index) => {
    const value = captured?.[index + 1] ?? '';
    const field = name === 'name' ? catalogue.fieldKeys.get(value) : undefined;
    values[name] = field ? i18n.t(`common:fields.${field}`, { defaultValue: value }) : value;
  });
  if (template.plural && typeof values.count === 'string' && /^\d+$/.test(values.count)) {
    values.count = Number(values.count);
  }
  const translated = i18n.t(template.key, {
    ...values,
    defaultValue: text,
    interpolation: { escapeValue: false },
  });
  return typeof translated === 'string' && translated !== '' ? translated : text;
}
