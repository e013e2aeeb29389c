import {
  encodeMessage,
  type CsvRowError,
  type MessageParams,
  type ValidationKey,
} from '@esim/contracts';
import { ValidationError, type FieldError } from '../http/errors';
import { loadEnglishCatalog, renderMessage, type MessageCatalog } from '../http/messages';

let catalog: MessageCatalog | undefined;

/** A validation key in English (locales/en), as the API answers it: 'Invalid rate format at row 3.' */
export function englishMessage(key: ValidationKey, params?: MessageParams): string {
  catalog ??= loadEnglishCatalog();
  return renderMessage(catalog, encodeMessage(key, params));
}

/** A 400 field error rendered in English (for rules a service checks: existence, activeness). */
export function fieldError(field: string, key: ValidationKey, params?: MessageParams): FieldError {
  return { field, message: englishMessage(key, params) };
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

/** The 400 an applied import answers when any row has an error: field = rows.<row>[.<column>]. */
export function importValidationError(errors: readonly CsvRowError[]): ValidationError {
  return new ValidationError(
    errors.map((error) => ({
      message: error.message,
      field: error.row === 0 ? 'csv' : `rows.${error.row}${error.field ? `.${error.field}` : ''}`,
    })),
  );
}
