import type { CommissionType } from '@esim/contracts';
import { displayValue } from '@esim/utils';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** '12.5%' or '300 JPY' (not set: the not-available placeholder). */
export function formatCommission(
  partner: { commissionType: CommissionType; commissionValue: number | null },
  t: Translate,
): string {
  if (partner.commissionValue === null) return displayValue(null);
  return partner.commissionType === 'percentage'
    ? t('commission.percentage', { value: partner.commissionValue })
    : t('commission.fixedAmount', { value: partner.commissionValue.toLocaleString('en-US') });
}

/** A custom field's value as text: yes/no for booleans, the placeholder when empty. */
export function formatCustomValue(value: string | number | boolean | null, t: Translate): string {
  if (value === null || value === '') return displayValue(null);
  if (typeof value === 'boolean') return value ? t('customFields.yes') : t('customFields.no');
  return String(value);
}
