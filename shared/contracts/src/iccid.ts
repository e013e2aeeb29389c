/**
 * ICCID (the SIM/eSIM profile number, ITU-T E.118): 19 or 20 digits, starting with 89 (the
 * telecom industry identifier), the last digit a Luhn check digit over the ones before it.
 * Used by products (single-profile products) and stock items.
 */

/** 19-20 digits starting with 89 (format only, no check digit). */
export const ICCID_PATTERN = /^89\d{17,18}$/;

/** Luhn check over a string of digits (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit for a digit string without it. */
export function luhnCheckDigit(digitsWithoutCheck: string): number {
  for (let d = 0; d <= 9; d++) {
    if (luhnValid(`${digitsWithoutCheck}${d}`)) return d;
  }
  /* c8 ignore next */
  throw new Error('not a digit string');
}

/** True when `text` is a valid ICCID: 19-20 digits, starts with 89, valid Luhn check digit. */
export function isValidIccid(text: string): boolean {
  return ICCID_PATTERN.test(text) && luhnValid(text);
}

/** What is wrong with an ICCID: its format (digits, length, 89 prefix) or only its check digit. */
export type IccidProblem = 'format' | 'checkDigit';

/** Why `text` is not a valid ICCID, or null when it is one. */
export function iccidProblem(text: string): IccidProblem | null {
  if (!ICCID_PATTERN.test(text)) return 'format';
  return luhnValid(text) ? null : 'checkDigit';
}
