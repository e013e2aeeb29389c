import * as v from 'valibot';
import { listQuerySchema } from './api';
import { MAX_LENGTH, requiredText } from './fields';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * The currency list (roundCurrency: isoCode, name, minorUnits, deleteFlag), managed on the
 * exchange-rate screens (permission: the exchangeRates resource) and read everywhere a currency is
 * chosen (utils/model/list { collection: 'roundCurrency', filters: { deleteFlag: false } }).
 * Retiring (deleteFlag true) keeps the currency on the records that use it; it just cannot be
 * chosen anew. Calls: POST currency/list, POST currency, PUT currency.
 */

/** The default currency (spec section 9): prices are in JPY, exchange rates are to JPY. */
export const BASE_CURRENCY = 'JPY';

/** An ISO 4217-like code: upper-case letters (and digits after the first), 3 to 5 long. */
export const CURRENCY_CODE_PATTERN = /^[A-Z][A-Z0-9]{2,4}$/;

/** A currency code field (max length 5, spec section 5); `name` is its field key. */
export function currencyCodeField(name = 'currency') {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.toUpperCase(),
    v.maxLength(
      MAX_LENGTH.currency,
      encodeMessage('maxLength', { name, length: MAX_LENGTH.currency }),
    ),
    v.regex(CURRENCY_CODE_PATTERN, encodeMessage('invalidFormat', { format: 'currency' })),
  );
}

export const CURRENCY_SORT_COLUMNS = ['isoCode', 'name', 'minorUnits'] as const;
export type CurrencySortColumn = (typeof CURRENCY_SORT_COLUMNS)[number];

/** POST currency/list body: paging, sort, search (code or name), deleteFlag filter. */
export const currencyListSchema = v.object({
  ...listQuerySchema(CURRENCY_SORT_COLUMNS).entries,
  deleteFlag: v.optional(
    v.boolean(encodeMessage('validType', { name: 'deleteFlag', type: 'boolean' })),
  ),
});
export type CurrencyListQuery = v.InferInput<typeof currencyListSchema>;

export interface CurrencyListItem {
  isoCode: string;
  name: string;
  minorUnits: number;
  deleteFlag: boolean;
  isDefault: boolean;
  /** The current rate to JPY (decimal text) and its effective date; null when there is none (and for JPY). */
  currentRate: string | null;
  currentRateDate: string | null;
}

const minorUnitsField = v.pipe(
  v.number(encodeMessage('validType', { name: 'minorUnits', type: 'number' })),
  v.integer(encodeMessage('integer', { name: 'minorUnits' })),
  v.minValue(0, encodeMessage('invalidFormat', { format: 'minor units' })),
  v.maxValue(4, encodeMessage('invalidFormat', { format: 'minor units' })),
);

/** POST currency: add a currency. A code that exists is a 409 (field isoCode). */
export const createCurrencySchema = v.object({
  isoCode: currencyCodeField('isoCode'),
  name: requiredText('currencyName'),
  /** Digits after the decimal point (JPY 0, USD 2, BHD 3). */
  minorUnits: v.optional(minorUnitsField, 2),
});
export type CreateCurrencyInput = v.InferInput<typeof createCurrencySchema>;

/** PUT currency: retire (deleteFlag true) or restore (false), optionally rename. JPY cannot be retired (422). */
export const updateCurrencySchema = v.object({
  isoCode: currencyCodeField('isoCode'),
  deleteFlag: v.boolean(encodeMessage('required', { name: 'deleteFlag' })),
  name: v.optional(requiredText('currencyName')),
});
export type UpdateCurrencyInput = v.InferInput<typeof updateCurrencySchema>;
