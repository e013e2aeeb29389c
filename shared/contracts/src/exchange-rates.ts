import * as v from 'valibot';
import { listQuerySchema } from './api';
import { BASE_CURRENCY, currencyCodeField } from './currencies';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Exchange rates to JPY (permission: the exchangeRates resource '/exchange-rate').
 * A rate means: 1 unit of `currency` = `rate` JPY, from `effectiveDate` on. History is kept; the
 * current rate of a currency is its latest rate with effectiveDate <= today (Asia/Tokyo), ties
 * going to the latest created. Rates travel as decimal text ('151.234567'), never floats.
 *
 * Calls: POST exchange-rate, POST exchange-rate/list, GET exchange-rate/current?at=,
 * POST exchange-rate/import, GET exchange-rate/history?id=, GET dashboard/exchange-rate.
 */

/** Decimal places a rate may have ('{name} cannot exceed {limit} decimal places.'). */
export const EXCHANGE_RATE_MAX_DECIMALS = 6;
/** Digits before the decimal point (numeric(20, 8) in the database). */
export const EXCHANGE_RATE_MAX_INTEGER_DIGITS = 12;
/** Effective dates and "today" are dates in this time zone (the business runs in Japan). */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

/** Columns of the exchange-rate CSV import, in order (a header row with these names is optional). */
export const EXCHANGE_RATE_CSV_COLUMNS = ['currency', 'rate', 'effectiveDate'] as const;

/** en-CA formats as yyyy-MM-dd. Made once: building a formatter costs more than a list query. */
let businessDayFormat: Intl.DateTimeFormat | undefined;

/** Today as yyyy-MM-dd in BUSINESS_TIME_ZONE. */
export function businessToday(now: Date = new Date()): string {
  businessDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return businessDayFormat.format(now);
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A required yyyy-MM-dd date field; `name` is its field key. */
export function dateField(name: string) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.check(isCalendarDate, encodeMessage('invalidFormat', { format: 'date' })),
  );
}

export type RateProblem = 'notNumber' | 'notPositive' | 'tooManyDecimals' | 'tooLarge';

/**
 * Checks and normalises a rate ('0151.50' -> '151.5'). Returns the canonical decimal text or
 * the problem. Accepts a JSON number or decimal text (no exponent, no sign but an ignored '+').
 */
export function normaliseRate(input: unknown): { rate: string } | { problem: RateProblem } {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { problem: 'notNumber' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { problem: 'notNumber' };
  }
  if (/^-(\d+\.?\d*|\.\d+)$/.test(text)) return { problem: 'notPositive' };
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { problem: 'notNumber' };
  const integer = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > EXCHANGE_RATE_MAX_DECIMALS) return { problem: 'tooManyDecimals' };
  if (integer.length > EXCHANGE_RATE_MAX_INTEGER_DIGITS) return { problem: 'tooLarge' };
  if (integer === '' && fraction === '') return { problem: 'notPositive' };
  return { rate: `${integer || '0'}${fraction ? `.${fraction}` : ''}` };
}

/** The validation message (encoded key) for a rate problem; `name` is the field key. */
export function rateProblemMessage(problem: RateProblem, name = 'exchangeRate'): string {
  switch (problem) {
    case 'notNumber':
      return encodeMessage('validType', { name, type: 'number' });
    case 'notPositive':
    case 'tooLarge':
      return encodeMessage('invalidFormat', { format: 'exchange rate' });
    case 'tooManyDecimals':
      return encodeMessage('maxDecimals', { name, limit: EXCHANGE_RATE_MAX_DECIMALS });
  }
}

/** The rate field: a positive decimal (JSON number or text) with at most 6 decimals -> decimal text. */
export function rateField(name = 'exchangeRate') {
  return v.pipe(
    v.union([v.number(), safeString()], encodeMessage('required', { name })),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (typeof dataset.value === 'string' && dataset.value.trim() === '') {
        addIssue({ message: encodeMessage('required', { name }) });
        return NEVER;
      }
      const result = normaliseRate(dataset.value);
      if ('problem' in result) {
        addIssue({ message: rateProblemMessage(result.problem, name) });
        return NEVER;
      }
      return result.rate;
    }),
  );
}

/** The spec's rule: a rate between two different currencies is never exactly 1. */
export function isRateAllowed(currency: string, rate: string): boolean {
  return currency === BASE_CURRENCY || rate !== '1';
}

/** POST exchange-rate: a new rate (history is kept; it becomes current on its effective date). */
export const createExchangeRateSchema = v.pipe(
  v.object({
    currency: currencyCodeField('currency'),
    rate: rateField('exchangeRate'),
    effectiveDate: dateField('effectiveDate'),
  }),
  v.forward(
    v.partialCheck(
      [['currency'], ['rate']],
      (input) => isRateAllowed(input.currency, input.rate),
      encodeMessage('exchangeRateNotOne'),
    ),
    ['rate'],
  ),
);
export type CreateExchangeRateInput = v.InferInput<typeof createExchangeRateSchema>;

export const EXCHANGE_RATE_SORT_COLUMNS = [
  'effectiveDate',
  'currency',
  'rate',
  'createdDate',
] as const;
export type ExchangeRateSortColumn = (typeof EXCHANGE_RATE_SORT_COLUMNS)[number];

/**
 * POST exchange-rate/list body: the history, newest effective date first unless sorted otherwise.
 * from/to filter the effective date (inclusive); currency filters one currency; search matches
 * the currency code or name.
 */
export const exchangeRateListSchema = v.object({
  ...listQuerySchema(EXCHANGE_RATE_SORT_COLUMNS).entries,
  currency: v.optional(currencyCodeField('currency')),
});
export type ExchangeRateListQuery = v.InferInput<typeof exchangeRateListSchema>;

/** GET exchange-rate/current?at=yyyy-MM-dd (default today). */
export const currentExchangeRatesQuerySchema = v.object({
  at: v.optional(dateField('date')),
});
export type CurrentExchangeRatesQuery = v.InferInput<typeof currentExchangeRatesQuerySchema>;

/** GET exchange-rate/history?id= uses entityHistoryQuerySchema (audit.ts). */

export interface ExchangeRate {
  id: string;
  currency: string;
  currencyName: string;
  baseCurrency: string;
  /** Decimal text, at most 6 decimals. */
  rate: string;
  effectiveDate: string;
  version: number;
  createdDate: string;
  createdBy: string;
}

/** A currency's current rate (GET exchange-rate/current). */
export interface CurrentExchangeRate extends ExchangeRate {
  minorUnits: number;
}

/** GET dashboard/exchange-rate: the current rate of every active currency that has one. */
export interface DashboardExchangeRate {
  currency: string;
  currencyName: string;
  baseCurrency: string;
  rate: string;
  effectiveDate: string;
  /** The rate it replaced (null for the first one): for the trend arrow. */
  previousRate: string | null;
  /** The latest rates, oldest first, at most DASHBOARD_RATE_TREND_POINTS: the small trend line. */
  trend: { effectiveDate: string; rate: string }[];
}

/** A row of the exchange-rate CSV import, normalised. */
export interface ExchangeRateImportRow {
  currency: string;
  rate: string;
  effectiveDate: string;
}

/*
 * Converting an amount with a rate: convertMinorToJpy() in pricing.ts (one rounding policy,
 * docs/pricing.md); the API's convertToJpy() (api/src/areas/exchange-rates/rates.ts) adds the
 * 'Exchange rate for a currency pair not available: USD/JPY' error for a missing rate.
 */
