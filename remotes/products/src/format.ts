import { useTranslation } from 'react-i18next';
import { displayValue, formatDate, formatDateTime, formatNumber } from '@esim/utils';
import { useMinorUnits, useMoneyFormat } from '@esim/platform';

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

/** Formatters for product values in the current language. */
export function useProductFormat() {
  const { t, i18n } = useTranslation('products');
  const minorUnits = useMinorUnits();
  const money = useMoneyFormat();
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
