import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignDiscountRule } from '@esim/contracts';
import { displayValue, formatDate, formatDateTime, formatMinorAmount } from '@esim/utils';

/** Whole yen with grouping and the currency: 3069 -> '3,069 JPY'. */
export function yen(amount: number | null | undefined): string {
  return amount === null || amount === undefined
    ? displayValue(null)
    : formatMinorAmount(amount, 'JPY', 0);
}

/** Formatters for campaign values in the current language. */
export function useCampaignFormat() {
  const { t, i18n } = useTranslation('campaigns');
  /** '10 %' or '500 JPY'. */
  const discount = useCallback(
    (rule: CampaignDiscountRule): string =>
      rule.discountType === 'percent' ? `${rule.discountValue} %` : yen(rule.discountValue),
    [],
  );
  /** A use quantity; null is unlimited. */
  const quantity = useCallback(
    (value: number | null): string => (value === null ? t('values.unlimited') : String(value)),
    [t],
  );
  const date = useCallback(
    (value: string | null | undefined): string =>
      value ? formatDate(value, undefined, i18n.language) : displayValue(null),
    [i18n.language],
  );
  const dateTime = useCallback(
    (value: string | null | undefined): string =>
      value ? formatDateTime(value, i18n.language) : displayValue(null),
    [i18n.language],
  );
  /** 'from – to' */
  const validity = useCallback(
    (from: string, to: string): string => `${date(from)} – ${date(to)}`,
    [date],
  );
  return { discount, quantity, date, dateTime, validity, yen };
}
