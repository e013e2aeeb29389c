import i18next from 'i18next';
import { resolveLanguage, type Language } from '@esim/utils';

/** The Intl locale of each interface language (Thai dates in the Gregorian calendar). */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  ja: 'ja-JP',
  de: 'de-DE',
  th: 'th-TH-u-ca-gregory',
};

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

export interface Formatters {
  locale: string;
  /** 2025-01-31 -> 'Jan 31, 2025' / '2025/01/31' / '31.01.2025' / '31 ม.ค. 2025'. */
  date(value: DateInput): string;
  /** Date and time to the minute. */
  dateTime(value: DateInput): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  currency(value: number, currency: string): string;
}

/** Date and number formatting for a language (default: the current i18next language). */
export function getFormatters(language: string = i18next.language): Formatters {
  const locale = INTL_LOCALES[resolveLanguage(language)];
  const dateFormat = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    locale,
    date: (value) => dateFormat.format(toDate(value)),
    dateTime: (value) => dateTimeFormat.format(toDate(value)),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    currency: (value, currency) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
  };
}
