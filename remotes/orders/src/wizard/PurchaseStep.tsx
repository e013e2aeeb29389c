import { Button, Flex, Result, Spin, Typography } from 'antd';
import type { OrderDetail } from '@esim/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { yen } from '../format';
import { orderDetailUrl } from '../paths';
import type { PurchasePhase } from './steps';

export interface PurchaseStepProps {
  phase: PurchasePhase;
  order: OrderDetail | undefined;
  /** The API's reason for a denied purchase, in the user's language. */
  reason: string | null;
  /** Sends the same purchase again (same Idempotency-Key: never bought twice). */
  onRetry: () => void;
}

/**
 * Step 4: the purchase as it goes: pending while the API places the order, the supplier's
 * delivery while it runs, then success (Next shows the eSIMs), a failed delivery, or denied with
 * the reason and the way back.
 */
export function PurchaseStep({ phase, order, reason, onRetry }: PurchaseStepProps) {
  const { t } = useTranslation('orders');
  const orderLink = order ? (
    <Link to={orderDetailUrl(order.id)} data-testid="purchase-order-link">
      {t('purchase.openOrder', { orderNo: order.orderNo })}
    </Link>
  ) : null;

  if (phase === 'idle' || phase === 'pending')
    return (
      <Flex
        vertical
        align="center"
        gap="middle"
        style={{ padding: 32 }}
        data-testid="purchase-pending"
        aria-live="polite"
      >
        <Spin size="large" />
        <Typography.Text>{t('purchase.pending')}</Typography.Text>
      </Flex>
    );

  if (phase === 'denied')
    return (
      <Result
        status="error"
        title={t('purchase.denied')}
        subTitle={<span data-testid="purchase-denied-reason">{reason}</span>}
        data-testid="purchase-denied"
        extra={[
          <Button
            key="retry"
            onClick={onRetry}
            autoInsertSpace={false}
            data-testid="purchase-retry"
          >
            {t('purchase.retry')}
          </Button>,
          <Typography.Paragraph key="back" type="secondary" style={{ marginTop: 8 }}>
            {t('purchase.deniedHelp')}
          </Typography.Paragraph>,
        ]}
      />
    );

  if (!order) return null;
  const delivered = order.items.filter((item) => item.status === 'delivered').length;

  if (phase === 'processing')
    return (
      <Flex
        vertical
        align="center"
        gap="middle"
        style={{ padding: 32 }}
        data-testid="purchase-processing"
        aria-live="polite"
      >
        <Spin size="large" />
        <Typography.Text>
          {t('purchase.processing', {
            orderNo: order.orderNo,
            delivered,
            total: order.items.length,
          })}
        </Typography.Text>
        {orderLink}
      </Flex>
    );

  if (phase === 'failed')
    return (
      <Result
        status="warning"
        title={t('purchase.deliveryFailed', { orderNo: order.orderNo })}
        subTitle={order.processingError ?? t('purchase.deliveryFailedHelp')}
        data-testid="purchase-failed"
        extra={orderLink}
      />
    );

  return (
    <Result
      status="success"
      title={t('purchase.success', { orderNo: order.orderNo })}
      subTitle={t('purchase.successHelp', {
        total: yen(order.finalPrice),
        count: order.items.length,
      })}
      data-testid="purchase-success"
      extra={orderLink}
    />
  );
}
