import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  displayValue,
  formatDate,
  formatDateTime,
  formatMinorAmount,
  formatNumber,
} from '@esim/utils';

/** Whole yen with grouping and the currency: 3069 -> '3,069 JPY'. */
export function yen(amount: number | null | undefined): string {
  return amount === null || amount === undefined
    ? displayValue(null)
    : formatMinorAmount(amount, 'JPY', 0);
}

/** Country codes of a bundle's coverage, the first few and how many more. */
export function coverageText(codes: readonly string[], shown = 5): string {
  if (codes.length === 0) return displayValue(null);
  const head = codes.slice(0, shown).join(', ');
  return codes.length > shown ? `${head} +${codes.length - shown}` : head;
}

/** Formatters for order values in the current language. */
export function useOrderFormat() {
  const { t, i18n } = useTranslation('orders');
  const data = useCallback(
    (dataMb: number | null): string => {
      if (dataMb === null) return t('values.unlimited');
      if (dataMb >= 1024) return `${formatNumber(dataMb / 1024, { maxDecimals: 2 })} GB`;
      return `${formatNumber(dataMb)} MB`;
    },
    [t],
  );
  const duration = useCallback((days: number): string => t('values.days', { count: days }), [t]);
  const dateTime = useCallback(
    (value: string | null | undefined): string =>
      value ? formatDateTime(value, i18n.language) : displayValue(null),
    [i18n.language],
  );
  const date = useCallback(
    (value: string | null | undefined): string =>
      value ? formatDate(value, undefined, i18n.language) : displayValue(null),
    [i18n.language],
  );
  return { data, duration, dateTime, date, yen };
}
