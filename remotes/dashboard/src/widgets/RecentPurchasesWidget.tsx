import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardRecentOrder, PaymentStatus, ProcessingStatus } from '@esim/contracts';
import { recentPurchasedQuery } from '../api';
import { WidgetCard } from '../components/WidgetCard';
import { useDashboardFormat } from '../format';
import { orderDetailPath } from '../paths';

/** Orders the widget lists. */
export const RECENT_ORDERS = 10;

const PROCESSING_COLOURS: Record<ProcessingStatus, string> = {
  pending: 'default',
  processing: 'blue',
  success: 'green',
  failed: 'red',
};
const PAYMENT_COLOURS: Record<PaymentStatus, string> = {
  not_yet_paid: 'orange',
  partially_paid: 'gold',
  paid: 'green',
};

/** Recent purchased records: the latest orders, each linking to its order detail. */
export function RecentPurchasesWidget() {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const result = useQuery(recentPurchasedQuery(RECENT_ORDERS));
  const orders = result.data ?? [];

  return (
    <WidgetCard
      testId="widget-recent"
      title={t('recent.title')}
      query={result}
      empty={orders.length === 0}
      emptyText={t('recent.empty')}
      skeletonRows={6}
    >
      <Table<DashboardRecentOrder>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={orders}
        // Fits the card; below this width it scrolls rather than squeezing the figures.
        scroll={{ x: 760 }}
        onRow={(order) => ({ 'data-testid': 'recent-row', 'data-order': order.orderNo }) as object}
        columns={[
          {
            key: 'order',
            title: t('recent.order'),
            width: 180,
            render: (_, order) => (
              <Flex vertical>
                <Link to={orderDetailPath(order.id)} data-testid="recent-order-link">
                  {order.orderNo}
                </Link>
                <Typography.Text type="secondary">
                  {format.dateTime(order.purchaseDate)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'buyer',
            title: t('recent.buyer'),
            render: (_, order) => (
              <Flex vertical>
                <span>{order.partnerName}</span>
                <Typography.Text type="secondary">{order.customerName}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'products',
            title: t('recent.products'),
            ellipsis: true,
            render: (_, order) => order.products.join(', '),
          },
          {
            key: 'quantity',
            title: t('recent.quantity'),
            width: 80,
            align: 'right',
            render: (_, order) => format.count(order.quantity),
          },
          {
            key: 'finalPrice',
            title: t('recent.finalPrice'),
            width: 120,
            align: 'right',
            render: (_, order) => (
              <span data-testid="recent-price">{format.yen(order.finalPrice)}</span>
            ),
          },
          {
            key: 'status',
            title: t('recent.status'),
            width: 140,
            render: (_, order) => (
              <Flex vertical gap={4} align="start">
                <Tag color={PROCESSING_COLOURS[order.processingStatus]}>
                  {t(`processingStatus.${order.processingStatus}`)}
                </Tag>
                <Tag color={PAYMENT_COLOURS[order.paymentStatus]}>
                  {t(`paymentStatus.${order.paymentStatus}`)}
                </Tag>
              </Flex>
            ),
          },
        ]}
      />
    </WidgetCard>
  );
}
