import { Tag } from 'antd';
import type { OrderItemStatus, PaymentStatus, ProcessingStatus } from '@esim/contracts';
import { useTranslation } from 'react-i18next';

export const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  not_yet_paid: 'orange',
  partially_paid: 'gold',
  paid: 'green',
};

export const PROCESSING_COLORS: Record<ProcessingStatus, string> = {
  pending: 'default',
  processing: 'blue',
  success: 'green',
  failed: 'red',
};

export const ITEM_COLORS: Record<OrderItemStatus, string> = {
  pending: 'default',
  processing: 'blue',
  delivered: 'green',
  failed: 'red',
  returned: 'purple',
  removed: 'default',
};

/** An order's payment status as a coloured, translated tag. */
export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={PAYMENT_COLORS[status]} data-testid="payment-status" data-status={status}>
      {t(`paymentStatus.${status}`)}
    </Tag>
  );
}

/** An order's processing status as a coloured, translated tag. */
export function ProcessingStatusTag({ status }: { status: ProcessingStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={PROCESSING_COLORS[status]} data-testid="processing-status" data-status={status}>
      {t(`processingStatus.${status}`)}
    </Tag>
  );
}

/** An order item's (eSIM's) status as a coloured, translated tag. */
export function ItemStatusTag({ status }: { status: OrderItemStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={ITEM_COLORS[status]} data-testid="item-status" data-status={status}>
      {t(`itemStatus.${status}`)}
    </Tag>
  );
}
