import {
  VALIDATION_KEYS,
  encodeMessage,
  type ApiMessage,
  type CsvRowError,
  type MessageParams,
  type ValidationKey,
} from '@esim/contracts';
import { ERROR_MESSAGES, ValidationError, type FieldError } from '../http/errors';
import { loadEnglishCatalog, validationMessage, type MessageCatalog } from '../http/messages';

let catalog: MessageCatalog | undefined;

/** A validation key as the API sends it: key `validation.<key>`, params, English text. */
export function keyedMessage(key: ValidationKey, params?: MessageParams): ApiMessage {
  catalog ??= loadEnglishCatalog();
  return validationMessage(catalog, encodeMessage(key, params));
}

/** A validation key in English (locales/en): 'Invalid rate format at row 3.' */
export function englishMessage(key: ValidationKey, params?: MessageParams): string {
  return keyedMessage(key, params).text;
}

/** A 400 field error (for rules a service checks: existence, activeness). */
export function fieldError(field: string, key: ValidationKey, params?: MessageParams): FieldError {
  return { field, message: keyedMessage(key, params) };
}

/** Throws a 400 with one field error. */
export function invalidField(field: string, key: ValidationKey, params?: MessageParams): never {
  throw new ValidationError([fieldError(field, key, params)]);
}

/** A row-level import error: English text plus the key and params for the console to translate. */
export function rowError(
  row: number,
  key: ValidationKey,
  params?: MessageParams,
  field?: string,
): CsvRowError {
  return {
    row,
    ...(field ? { field } : {}),
    message: englishMessage(key, params),
    key,
    ...(params ? { params } : {}),
  };
}

const VALIDATION_KEY_SET: ReadonlySet<string> = new Set(VALIDATION_KEYS);

/**
 * The 400 an applied import answers when any row has an error: field = rows.<row>[.<column>].
 * A row error's key is a validation key, or one of `businessMessages` (the area's own rules).
 */
export function importValidationError(
  errors: readonly CsvRowError[],
  businessMessages: Readonly<Record<string, ApiMessage>> = {},
): ValidationError {
  return new ValidationError(
    errors.map((error) => ({
      message: VALIDATION_KEY_SET.has(error.key)
        ? keyedMessage(error.key as ValidationKey, error.params)
        : (businessMessages[error.key] ?? ERROR_MESSAGES.invalidRequest),
      field: error.row === 0 ? 'csv' : `rows.${error.row}${error.field ? `.${error.field}` : ''}`,
    })),
  );
}
