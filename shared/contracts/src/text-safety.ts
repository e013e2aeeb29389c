import * as v from 'valibot';
import { encodeMessage } from './messages';

/*
 * Text from a client must be text: no NUL (PostgreSQL refuses it and the request would crash),
 * no other control characters, no lone UTF-16 surrogates (not encodable as UTF-8). Tab, line feed
 * and carriage return stay allowed: multi-line fields (descriptions, remarks) carry them.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isControl(code: number): boolean {
  if (code < 0x20) return code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN;
  return code >= 0x7f && code <= 0x9f; // DEL and the C1 controls
}

/** False for text with a control character (other than tab and line breaks) or a lone surrogate. */
export function isSafeText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isControl(code)) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1; // the pair's low half
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The spec's format message for text that is not safe text. */
export const UNSAFE_TEXT_MESSAGE = encodeMessage('invalidFormat', { format: 'text' });

/** A pipe action refusing unsafe text with 'Invalid text format.'. */
export function safeText() {
  return v.check(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/**
 * Unicode NFC: 'Café' typed with a precomposed é or with e + combining accent is one name, so
 * uniqueness checks and searches see one value. Apply after safeText() (normalising a lone
 * surrogate is harmless, but the check should see what the client sent).
 */
export function toNfc() {
  // valibot's own action (not v.transform): the OpenAPI document keeps the checks after it.
  return v.normalize('NFC');
}

/** v.string() that also refuses unsafe text: the contracts' string schema. */
export function safeString(message?: string) {
  return v.pipe(v.string(message), safeText());
}

/** An optional free-text filter (search, category...): safe text, trimmed, NFC, bounded. */
export function searchText(maxLength: number) {
  return v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'search', type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(maxLength),
    ),
  );
}
