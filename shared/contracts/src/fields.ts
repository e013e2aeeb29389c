import * as v from 'valibot';
import { encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';

/** Field max lengths from spec section 5. */
export const MAX_LENGTH = {
  default: 100,
  code: 50,
  long: 255,
  phone: 20,
  prefix: 10,
  currency: 5,
  countryCode: 6,
  postalCode: 10,
  abbreviation: 10,
  description: 1000,
} as const;

/** The spec's e-mail check: exactly one @, domain of letters, digits, dots, hyphens, a dot and a 2+ letter suffix. */
export function isValidEmail(text: string): boolean {
  const parts = text.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  return local.length > 0 && /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(domain);
}

/**
 * A required trimmed text with the spec's messages. `name` is a field key (common:fields.<name>).
 * Unsafe text (NUL, control characters, lone surrogates) is refused; the text is stored in NFC.
 */
export function requiredText(name: string, maxLength: number = MAX_LENGTH.default) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    toNfc(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
  );
}

export function optionalText(name: string, maxLength: number = MAX_LENGTH.default) {
  return v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    ),
  );
}

/** Optional text that may also be null: null, absent and '' all mean "not set". */
export function nullableText(name: string, maxLength: number = MAX_LENGTH.default) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    ),
  );
}

export function emailField(name = 'email') {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(MAX_LENGTH.long, encodeMessage('maxLength', { name, length: MAX_LENGTH.long })),
    v.check(isValidEmail, encodeMessage('invalidFormat', { format: 'email' })),
    v.toLowerCase(),
  );
}

/** A record id (uuid) named `name` in its messages. */
export const uuidField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.uuid(encodeMessage('invalidFormat', { format: 'id' })),
  );

/** The record version an update or delete was read at (optimistic concurrency). */
export const versionField = v.pipe(
  v.number(encodeMessage('required', { name: 'version' })),
  v.integer(encodeMessage('integer', { name: 'version' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
);
