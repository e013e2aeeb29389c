import { useQuery } from '@tanstack/react-query';
import { ORDER_ITEM_STATUSES, PAYMENT_STATUSES, PROCESSING_STATUSES } from '@esim/contracts';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderHistoryQuery } from '../api';
import { useOrderFormat, yen } from '../format';

const MONEY_FIELDS = new Set([
  'amount',
  'purchasePrice',
  'subTotal',
  'discount',
  'taxTotal',
  'totalAmount',
  'finalPrice',
  'paidAmount',
  'unitPrice',
]);
const DATE_TIME_FIELDS = new Set(['purchasedAt', 'returnedAt', 'createdAt', 'updatedAt']);
const STATUS_VALUES: Record<string, readonly string[]> = {
  paymentStatus: PAYMENT_STATUSES,
  processingStatus: PROCESSING_STATUSES,
  status: ORDER_ITEM_STATUSES,
};

/** How a field's value reads in the order's history. */
function useHistoryValue() {
  const { t } = useTranslation('orders');
  const format = useOrderFormat();
  return (field: string, value: unknown): ReactNode => {
    if (typeof value === 'number' && MONEY_FIELDS.has(field)) return yen(value);
    if (typeof value === 'string') {
      if (STATUS_VALUES[field]?.includes(value)) {
        const group = field === 'status' ? 'itemStatus' : field;
        return t(`${group}.${value}`);
      }
      if (field === 'returnedTo') return t(`returnTo.${value}`, { defaultValue: value });
      if (field === 'activationCode' && value === 'revealed') return t('history.revealed');
      if (DATE_TIME_FIELDS.has(field)) return format.dateTime(value);
      return value;
    }
    if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      return value.join(', ');
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  };
}

/** The History tab: the order's audit entries and those of its items and payments. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['orders', 'common']);
  const formatValue = useHistoryValue();
  const paging = useHistoryPaging();
  const query = useQuery(orderHistoryQuery(orderId, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) =>
        t(`history.fields.${field}`, {
          defaultValue: t(`common:fields.${field}`, { defaultValue: field }),
        })
      }
      formatValue={formatValue}
    />
  );
}
