import { listPageQuery } from '@esim/ui';
import {
  PAYMENT_STATUSES,
  PROCESSING_STATUSES,
  type OrderListInput,
  type PaymentStatus,
  type ProcessingStatus,
} from '@esim/contracts';
import type { DataTableState } from '@esim/ui';

export const ORDER_FILTERS = ['paymentStatus', 'processingStatus', 'partnerId', 'search'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const isPayment = (value: string | undefined): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value ?? '');
const isProcessing = (value: string | undefined): value is ProcessingStatus =>
  (PROCESSING_STATUSES as readonly string[]).includes(value ?? '');

/** The list query (and the exports' filters) for the table state and filters of the URL. */
export function toOrderQuery(
  table: DataTableState,
  filters: Partial<Record<OrderFilter, string>>,
): OrderListInput {
  return {
    ...listPageQuery<NonNullable<OrderListInput['sort']>>(table),
    ...(isPayment(filters.paymentStatus) ? { paymentStatus: filters.paymentStatus } : {}),
    ...(isProcessing(filters.processingStatus)
      ? { processingStatus: filters.processingStatus }
      : {}),
    ...(filters.partnerId ? { partnerId: filters.partnerId } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}
