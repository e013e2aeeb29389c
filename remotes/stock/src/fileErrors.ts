import {
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_MAX_MB,
  encodeMessage,
  type MessageParams,
  type ValidationKey,
} from '@esim/contracts';
import englishValidation from '@esim/locales/en/validation.json';

/** File-level refusals of stock/csv (the API answers them in English, as errors[0].message). */
const FILE_ERRORS: [ValidationKey, MessageParams?][] = [
  ['fileEmpty'],
  ['csvColumnCount', { columnCount: STOCK_IMPORT_COLUMNS.length }],
  ['fileTooLarge', { limit: STOCK_IMPORT_MAX_MB }],
];

function english(key: ValidationKey, params: MessageParams = {}): string {
  const template = (englishValidation as Record<string, string>)[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The message key of a file-level refusal the API sent in English, so the console can show it
 * in the user's language; the API's text itself when it is not one of them.
 */
export function fileErrorKey(message: string): string {
  for (const [key, params] of FILE_ERRORS) {
    if (english(key, params) === message) return encodeMessage(key, params);
  }
  return message;
}
