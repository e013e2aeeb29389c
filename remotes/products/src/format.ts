import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayValue, formatDate, formatDateTime, formatNumber } from '@esim/utils';
import { currenciesQuery } from '@esim/platform';

/** Decimal places of a currency when the currency list has not said (JPY has none). */
export function fallbackMinorUnits(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

/** Minor units -> the amount as decimal text ('350', 2 -> '3.50'), exact (no floating point). */
export function minorToText(amountMinor: number, minorUnits: number): string {
  if (minorUnits <= 0) return String(amountMinor);
  const negative = amountMinor < 0;
  const digits = String(Math.abs(amountMinor)).padStart(minorUnits + 1, '0');
  const integer = digits.slice(0, digits.length - minorUnits);
  return `${negative ? '-' : ''}${integer}.${digits.slice(digits.length - minorUnits)}`;
}

/** Decimal text in major units -> minor units ('3.5', 2 -> 350); undefined if not a number. */
export function textToMinor(text: string, minorUnits: number): number | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  const fraction = (match[2] ?? '').slice(0, minorUnits).padEnd(minorUnits, '0');
  return Number(`${match[1] || '0'}${fraction}`);
}

/** Whole yen with grouping, or the not-available placeholder. */
export function yen(value: number | null | undefined): string {
  return value === null || value === undefined ? displayValue(null) : formatNumber(value);
}

/** A percentage with 2 decimals, or the not-available placeholder. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined
    ? displayValue(null)
    : `${formatNumber(value, { fixedDecimals: 2 })}%`;
}

/** Decimal places by currency code, from the currency list (roundCurrency). */
export function useMinorUnits(): (currency: string) => number {
  const currencies = useQuery(currenciesQuery());
  const data = currencies.data;
  return useCallback(
    (currency: string) =>
      data?.find((item) => item.isoCode === currency)?.minorUnits ?? fallbackMinorUnits(currency),
    [data],
  );
}

/** Formatters for product values in the current language. */
export function useProductFormat() {
  const { t, i18n } = useTranslation('products');
  const minorUnits = useMinorUnits();
  const money = (amountMinor: number | null | undefined, currency: string): string => {
    if (amountMinor === null || amountMinor === undefined) return displayValue(null);
    const units = minorUnits(currency);
    return `${formatNumber(minorToText(amountMinor, units), { fixedDecimals: units })} ${currency}`;
  };
  const data = (dataMb: number | null | undefined): string => {
    if (dataMb === null || dataMb === undefined) return t('values.unlimited');
    if (dataMb >= 1024) return `${formatNumber(dataMb / 1024, { maxDecimals: 2 })} GB`;
    return `${formatNumber(dataMb)} MB`;
  };
  const duration = (days: number | null | undefined): string =>
    days === null || days === undefined ? displayValue(null) : t('values.days', { count: days });
  const date = (value: string | null | undefined): string =>
    value ? formatDate(value, undefined, i18n.language) : displayValue(null);
  const dateTime = (value: string | null | undefined): string =>
    value ? formatDateTime(value, i18n.language) : displayValue(null);
  /** A special price period: 'from – to', open ends shown as such. */
  const period = (from: string | null, to: string | null): string => {
    if (!from && !to) return t('special.always');
    return `${from ? date(from) : t('special.openStart')} – ${to ? date(to) : t('special.openEnd')}`;
  };
  return { money, data, duration, date, dateTime, period, minorUnits };
}
