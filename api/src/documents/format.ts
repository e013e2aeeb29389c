import type { ReportLanguage } from '@esim/contracts';
import type { CalendarDate, DocumentCurrency, MinorAmount } from './types';

/*
 * Numbers, money, rates and dates as the report language writes them (Intl, full ICU in Node).
 * Thai dates are in the Buddhist era, as Thai documents date them (26 พฤศจิกายน 2569).
 */

const LOCALES: Record<ReportLanguage, string> = {
  en: 'en-GB',
  ja: 'ja-JP',
  de: 'de-DE',
  th: 'th-TH',
};

/** Digits after the decimal point of each currency's minor unit. */
export const MINOR_DIGITS: Record<DocumentCurrency, number> = { JPY: 0, THB: 2, EUR: 2 };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** 123456 JPY -> JP¥123,456 (en), ￥123,456 (ja); 123456 EUR -> 1.234,56 € (de); 123456 THB -> ฿1,234.56 (th). */
export function formatMoney(
  amount: MinorAmount,
  currency: DocumentCurrency,
  language: ReportLanguage,
): string {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`not an amount in minor units: ${amount}`);
  const digits = MINOR_DIGITS[currency];
  const format = numberFormat(
    `money:${language}:${currency}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
  return format.format(amount / 10 ** digits);
}

/** 10 -> 10% (en, ja, th), 19 % (de); up to two decimals (7.5%). */
export function formatRate(rate: number, language: ReportLanguage): string {
  const format = numberFormat(
    `rate:${language}`,
    () => new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 2 }),
  );
  return format.format(rate / 100);
}

export function formatQuantity(quantity: number, language: ReportLanguage): string {
  const format = numberFormat(
    `quantity:${language}`,
    () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3 }),
  );
  return format.format(quantity);
}

/** 2026-04-01 -> 1 April 2026 (en), 2026年4月1日 (ja), 1. April 2026 (de), 1 เมษายน 2569 (th). */
export function formatDate(date: CalendarDate, language: ReportLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  let format = cache.get(`date:${language}`) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
    cache.set(`date:${language}`, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}
