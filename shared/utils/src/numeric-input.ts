import { encodeMessage } from '@esim/contracts';

/** Full-width digits, dot and minus (Japanese IME) become ASCII before anything else. */
function normalizeWidth(raw: string): string {
  return raw.normalize('NFKC');
}

/**
 * Cleans what the user typed into a numeric field (spec section 5):
 * - drops every character that is not a digit or the first dot ('1,234' -> '1234', '-5' -> '5';
 *   call isNegativeNumberInput first to reject negatives with a message);
 * - strips leading zeros ('007' -> '7', '00.5' -> '0.5', '000' -> '0') but keeps '0.5';
 * - keeps a trailing dot so a decimal can still be typed ('12.' stays '12.').
 */
export function sanitizeNumericInput(raw: string): string {
  let seenDot = false;
  let cleaned = '';
  for (const char of normalizeWidth(raw)) {
    if (char >= '0' && char <= '9') cleaned += char;
    else if (char === '.' && !seenDot) {
      seenDot = true;
      cleaned += char;
    }
  }
  // Leading zeros go, except the one zero in front of the dot or a lone zero.
  return cleaned.replace(/^0+(?=\d)/, '');
}

/**
 * True when the input is a negative number (or the start of one, a lone minus sign), which
 * forms reject. Accepts the ASCII hyphen-minus, the full-width minus and U+2212.
 */
export function isNegativeNumberInput(raw: string): boolean {
  return /^[-\u2212]\s*[\d.,]*$/.test(normalizeWidth(raw).trim());
}

/**
 * The validation message (a key, see @esim/contracts messages) that the error toast shows for a
 * negative number: invalidFormat with a format parameter, e.g. "Invalid number format.".
 */
export function negativeNumberMessage(format = 'number'): string {
  return encodeMessage('invalidFormat', { format });
}
