import { decodeMessage } from '@esim/contracts';

/** The slice of i18next's t() this package needs (any namespace-bound t fits). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Turns a validation message key (`key` or `key|{json params}`, see @esim/contracts messages)
 * into text: namespace 'validation', with a `name` param translated as the field label
 * common:fields.<name> (the raw name if there is no such label). Text that is not a known key,
 * e.g. an English message from the API, is returned unchanged.
 */
export function translateValidationMessage(t: Translate, message: string): string {
  const { key, params } = decodeMessage(message);
  const values: Record<string, unknown> = { ...params };
  if (typeof params.name === 'string') {
    values.name = t(`common:fields.${params.name}`, { defaultValue: params.name });
  }
  return t(`validation:${key}`, { ...values, defaultValue: message });
}
