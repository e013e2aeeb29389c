/*
 * Registration numbers an issuer prints on its documents (docs/branches.md, ../DOMAIN.md
 * "Documents"), checked by format and by check digit. Pure functions: the issuer schema
 * (./branches.ts) runs them in the form and in the API.
 */

/** Countries whose registration data an issuer can hold. */
export const ISSUER_COUNTRIES = ['JP', 'TH', 'DE'] as const;
export type IssuerCountry = (typeof ISSUER_COUNTRIES)[number];

/** Spaces, hyphens and dots people type between groups of digits are not part of the number. */
export function compactTaxId(text: string): string {
  return text.replace(/[\s\-.]/g, '').toUpperCase();
}

const digitsOf = (text: string): number[] => [...text].map(Number);

/**
 * Japan: the check digit (the first of the 13 digits) of a corporate number (houjin bangou),
 * from its 12-digit base number: 9 - (sum of P(n) x Q(n) over n = 1..12, mod 9), where P(n) is
 * the n-th digit counted from the right of the base and Q(n) is 1 for odd n, 2 for even n
 * (Ministry of Finance ordinance No. 70 of 2014, art. 2). Always 1 to 9.
 */
export function japanCorporateCheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new Error('a corporate number base has 12 digits');
  const digits = digitsOf(base12).reverse();
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 2), 0);
  return 9 - (sum % 9);
}

/**
 * Japan: a qualified invoice issuer registration number (tekikaku seikyusho hakko jigyosha
 * touroku bangou), 'T' + 13 digits whose first digit is the corporate number's check digit.
 */
export function isJapanInvoiceRegistrationNumber(text: string): boolean {
  if (!/^T[1-9]\d{12}$/.test(text)) return false;
  return Number(text[1]) === japanCorporateCheckDigit(text.slice(2));
}

/**
 * Thailand: the check digit (13th) of a 13-digit tax identification number:
 * (11 - (sum of d(i) x (14 - i) for i = 1..12) mod 11) mod 10.
 */
export function thaiTaxIdCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('a Thai tax ID has 12 digits before its check');
  const sum = digitsOf(first12).reduce((total, digit, index) => total + digit * (13 - index), 0);
  return (11 - (sum % 11)) % 10;
}

export function isThaiTaxId(text: string): boolean {
  return /^\d{13}$/.test(text) && Number(text[12]) === thaiTaxIdCheckDigit(text.slice(0, 12));
}

/** Thailand: the head office / branch number of a full tax invoice, 5 digits, 00000 = head office. */
export const THAI_HEAD_OFFICE = '00000';
export function isThaiBranchNumber(text: string): boolean {
  return /^\d{5}$/.test(text);
}

/**
 * Germany: the check digit (9th) of a VAT ID (USt-IdNr.) from its first 8 digits, by ISO 7064
 * MOD 11,10: product = 10; for each digit, sum = (digit + product) mod 10 (0 counts as 10),
 * product = 2 x sum mod 11; the check digit is 11 - product (10 becomes 0).
 */
export function germanVatIdCheckDigit(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new Error('a German VAT ID has 8 digits before its check');
  let product = 10;
  for (const digit of digitsOf(first8)) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** 'DE' + 9 digits, the first not 0, the last the MOD 11,10 check digit. */
export function isGermanVatId(text: string): boolean {
  if (!/^DE[1-9]\d{8}$/.test(text)) return false;
  return Number(text[10]) === germanVatIdCheckDigit(text.slice(2, 10));
}

/**
 * The number as stored: compacted, and with its country prefix when it was typed without
 * (13 digits in Japan get the 'T', 9 digits in Germany the 'DE').
 */
export function normaliseRegistrationNumber(country: IssuerCountry, text: string): string {
  const compact = compactTaxId(text);
  if (country === 'JP' && /^\d{13}$/.test(compact)) return `T${compact}`;
  if (country === 'DE' && /^\d{9}$/.test(compact)) return `DE${compact}`;
  return compact;
}

export type RegistrationNumberProblem = 'format' | 'checkDigit';

/** What is wrong with a (normalised) registration number of a country, or null. */
export function registrationNumberProblem(
  country: IssuerCountry,
  number: string,
): RegistrationNumberProblem | null {
  const formats: Record<IssuerCountry, RegExp> = {
    JP: /^T[1-9]\d{12}$/,
    TH: /^\d{13}$/,
    DE: /^DE[1-9]\d{8}$/,
  };
  if (!formats[country].test(number)) return 'format';
  const valid =
    country === 'JP'
      ? isJapanInvoiceRegistrationNumber(number)
      : country === 'TH'
        ? isThaiTaxId(number)
        : isGermanVatId(number);
  return valid ? null : 'checkDigit';
}

/** The format a country's number is named by in messages ('Invalid {format} format.'). */
export const REGISTRATION_NUMBER_FORMATS: Record<IssuerCountry, string> = {
  JP: 'T + 13 digits',
  TH: '13-digit tax ID',
  DE: 'DE + 9 digits',
};
