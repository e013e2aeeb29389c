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

/**
 * The validation message (encoded key) for numeric text with more decimals than `decimals`
 * allows (spec section 5): none allowed (JPY) is '{name} must be a number with no decimal',
 * otherwise '{name} cannot exceed {limit} decimal places'. null when the text is acceptable;
 * a trailing dot alone ('12.') is still being typed and acceptable.
 */
export function decimalPlacesMessage(text: string, decimals: number, name: string): string | null {
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length <= decimals) return null;
  return decimals === 0
    ? encodeMessage('integer', { name })
    : encodeMessage('maxDecimals', { name, limit: decimals });
}

/** What typing `raw` into a numeric field means: refused as negative, or cleaned text. */
export type NumericInputReading =
  { negative: true } | { negative: false; text: string; refusedMessage: string | null };

/**
 * The typing rules of every numeric field in one place (spec section 5). A minus sign anywhere
 * ('-50', or '0-50' typed after a zero) is a negative number, refused so the field keeps its
 * previous text and the caller shows the invalidFormat toast; otherwise the text is cleaned
 * (sanitizeNumericInput) and checked against `decimals` (decimalPlacesMessage; unset: any).
 */
export function readNumericInput(
  raw: string,
  decimals: number | undefined,
  name: string,
): NumericInputReading {
  if (isNegativeNumberInput(raw) || /[-\u2212]/.test(normalizeWidth(raw)))
    return { negative: true };
  const text = sanitizeNumericInput(raw);
  const refusedMessage = decimals === undefined ? null : decimalPlacesMessage(text, decimals, name);
  return { negative: false, text, refusedMessage };
}
