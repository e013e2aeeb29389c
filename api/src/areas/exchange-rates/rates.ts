/**
 * Exchange-rate lookups for every area (tariffs, products, orders):
 *
 *   const rates = await getCurrentRates(db, ['USD', 'EUR']);      // today's (Asia/Tokyo) rates
 *   const costJpy = convertToJpy(product.costMinor, product.costCurrency, rates);
 *   // -> whole JPY (half-up, convertMinorToJpy in @esim/contracts pricing.ts), or a 422
 *   //    'Exchange rate for a currency pair not available: USD/JPY' when USD has no rate.
 *   rates.rates.get('USD')?.id  // snapshot the rate used onto what it priced
 *
 * In SQL (sorting/paging by converted amounts): currentRatesSubquery(db) is the current rate per
 * currency as a subquery (currency, rate, effectiveDate, id, ...) to join on.
 *
 * "Current" = the latest effective_date <= the day asked (default today in Asia/Tokyo), ties to
 * the latest created. Retired currencies keep their rates (old records still convert).
 */
import {
  BASE_CURRENCY,
  businessToday,
  convertMinorToJpy,
  defineApiMessages,
  isCalendarDate,
} from '@esim/contracts';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { exchangeRates, roundCurrency } from '../../db/schema';
import { BusinessRuleError } from '../../http/errors';

export interface CurrentRate {
  /** The exchange_rates row (snapshot it onto what it priced). */
  id: string;
  currency: string;
  currencyName: string;
  /** Always JPY. */
  baseCurrency: string;
  /** Decimal text: 1 unit of currency = rate JPY. */
  rate: string;
  effectiveDate: string;
  /** Digits of the currency's minor unit (USD 2, JPY 0). */
  minorUnits: number;
  version: number;
  createdAt: Date;
  createdBy: string;
}

export interface RateTable {
  base: typeof BASE_CURRENCY;
  /** The day the rates are current on (yyyy-MM-dd). */
  at: string;
  /** currency -> its current rate; a currency without a rate is absent. */
  rates: Map<string, CurrentRate>;
}

const RATE_MESSAGES = defineApiMessages('exchangeRates', {
  missingRate: 'Exchange rate for a currency pair not available: {{pair}}',
});

/** 'Exchange rate for a currency pair not available: USD/JPY' (422). */
export class MissingExchangeRateError extends BusinessRuleError {
  readonly pair: string;

  constructor(currency: string, base: string = BASE_CURRENCY) {
    super(RATE_MESSAGES.missingRate({ pair: `${currency}/${base}` }));
    this.pair = `${currency}/${base}`;
  }
}

/** numeric text without the padding zeros of numeric(20, 8): '151.50000000' -> '151.5'. */
export function trimRate(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function dayOf(at: string | Date | undefined): string {
  if (at === undefined) return businessToday();
  if (at instanceof Date) return businessToday(at);
  if (!isCalendarDate(at)) throw new RangeError(`Not a yyyy-MM-dd date: ${at}`);
  return at;
}

/**
 * The current rate of each currency to JPY as a subquery (alias current_rates): columns id,
 * currency, rate (numeric text), effectiveDate, createdAt, createdBy, version. Join it:
 *   const current = currentRatesSubquery(db);
 *   db.select({ ... , rate: current.rate }).from(products)
 *     .leftJoin(current, eq(current.currency, products.costCurrency))
 */
export function currentRatesSubquery(q: Queryable, at?: string | Date) {
  const day = dayOf(at);
  return q
    .selectDistinctOn([exchangeRates.currency], {
      id: exchangeRates.id,
      currency: exchangeRates.currency,
      rate: exchangeRates.rate,
      effectiveDate: exchangeRates.effectiveDate,
      createdAt: exchangeRates.createdAt,
      createdBy: exchangeRates.createdBy,
      version: exchangeRates.version,
    })
    .from(exchangeRates)
    .where(
      and(eq(exchangeRates.baseCurrency, BASE_CURRENCY), lte(exchangeRates.effectiveDate, day)),
    )
    .orderBy(
      exchangeRates.currency,
      desc(exchangeRates.effectiveDate),
      desc(exchangeRates.createdAt),
      desc(exchangeRates.id),
    )
    .as('current_rates');
}

/**
 * The current rates to JPY of `currencies` (all currencies with a rate when omitted) on `at`
 * (yyyy-MM-dd or a Date; default today in Asia/Tokyo). Use it once per request, then
 * convertToJpy() for each amount.
 */
export async function getCurrentRates(
  q: Queryable,
  currencies?: readonly string[],
  at?: string | Date,
): Promise<RateTable> {
  const day = dayOf(at);
  const wanted = currencies ? [...new Set(currencies)].filter((c) => c !== BASE_CURRENCY) : null;
  const rates = new Map<string, CurrentRate>();
  if (wanted && wanted.length === 0) return { base: BASE_CURRENCY, at: day, rates };
  const current = currentRatesSubquery(q, day);
  const rows = await q
    .select({
      id: current.id,
      currency: current.currency,
      rate: current.rate,
      effectiveDate: current.effectiveDate,
      createdAt: current.createdAt,
      createdBy: current.createdBy,
      version: current.version,
      currencyName: roundCurrency.name,
      minorUnits: roundCurrency.minorUnits,
    })
    .from(current)
    .innerJoin(roundCurrency, eq(roundCurrency.isoCode, current.currency))
    .where(wanted ? inArray(current.currency, wanted) : undefined);
  for (const row of rows) {
    rates.set(row.currency, {
      id: row.id,
      currency: row.currency,
      currencyName: row.currencyName,
      baseCurrency: BASE_CURRENCY,
      rate: trimRate(row.rate),
      effectiveDate: row.effectiveDate,
      minorUnits: row.minorUnits,
      version: row.version,
      createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
      createdBy: row.createdBy,
    });
  }
  return { base: BASE_CURRENCY, at: day, rates };
}

/** The rate used for `currency`, or MissingExchangeRateError (422) naming the pair. */
export function rateFor(currency: string, table: RateTable): CurrentRate {
  const rate = table.rates.get(currency);
  if (!rate) throw new MissingExchangeRateError(currency, table.base);
  return rate;
}

/**
 * An amount in minor units of `currency` as whole JPY at the table's rate (JPY amounts pass
 * through). Throws MissingExchangeRateError (422) when the currency has no rate.
 */
export function convertToJpy(amountMinor: number, currency: string, table: RateTable): number {
  if (currency === BASE_CURRENCY) {
    if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amountMinor must be an integer');
    return amountMinor;
  }
  const rate = rateFor(currency, table);
  return convertMinorToJpy(amountMinor, rate.minorUnits, rate.rate);
}
