import { ReloadOutlined } from '@esim/ui/icons';
import { Alert, Button, Flex, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  DetailHeader,
  isDetailReady,
  useConfirmedAction,
  useUrlTab,
} from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { orderQuery } from '../api';
import { PaymentStatusTag, ProcessingStatusTag } from '../components/StatusTags';
import { ItemsTable } from '../detail/ItemsTable';
import { OrderHistory } from '../detail/OrderHistory';
import { OrderOverview } from '../detail/OrderOverview';
import { PaymentsTab } from '../detail/PaymentsTab';
import { DocumentsTab } from '../documents/DocumentsTab';
import { useOrderFormat } from '../format';
import { orderMutations } from '../mutations';
import { ORDER_LIST_PATH } from '../paths';
import { isDeliveryRunning } from '../wizard/steps';

const TABS = ['details', 'items', 'payments', 'documents', 'history'] as const;
const DELIVERY_POLL_MS = 3_000;

/** /orders/detail?id=: the order's details, eSIMs, payments, documents and history. */
export function OrderDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="order-detail">
      <OrderDetailContent />
    </div>
  );
}

function OrderDetailContent() {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const canRetry = usePermission(RESOURCES.orders, 'POST');
  const query = useQuery({
    ...orderQuery(id),
    enabled: id !== '',
    // While the supplier delivers, the screen follows it.
    refetchInterval: (current) => {
      const status = current.state.data?.processingStatus;
      return status && isDeliveryRunning(status) ? DELIVERY_POLL_MS : false;
    },
  });
  const retryMutation = useMutation(orderMutations.retryDelivery(queryClient));
  const retry = useConfirmedAction<string>({
    question: {
      title: t('retry.title'),
      description: t('retry.description'),
      confirmText: t('retry.confirm'),
      danger: false,
    },
    action: (orderId) => retryMutation.mutateAsync(orderId),
  });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.order')}
        backTo={ORDER_LIST_PATH}
        backLabel={t('detail.back')}
        skeletonRows={10}
      />
    );
  const order = query.data;
  const failedItems = order.items.filter((item) => item.status === 'failed').length;

  return (
    <Flex vertical gap="middle" data-testid="order-detail">
      <BackLink to={ORDER_LIST_PATH} label={t('detail.back')} />
      <DetailHeader
        title={order.orderNo}
        titleTestId="order-title"
        subtitle={t('detail.subtitle', {
          partner: order.partnerName,
          customer: order.customerName,
          date: format.dateTime(order.purchasedAt),
        })}
        tags={
          <>
            <ProcessingStatusTag status={order.processingStatus} />
            <PaymentStatusTag status={order.paymentStatus} />
          </>
        }
        actions={
          canRetry && order.processingStatus === 'failed' ? (
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              loading={retry.pending}
              onClick={() => void retry.run(order.id)}
              autoInsertSpace={false}
              data-testid="retry-delivery"
            >
              {t('retry.button')}
            </Button>
          ) : null
        }
      />
      <ActionRefusal
        refusal={retry.refusal}
        title={t('retry.refused')}
        onClose={retry.clearRefusal}
        testId="retry-refused"
      />
      {order.processingStatus === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('detail.deliveryFailed', { count: failedItems })}
          description={order.processingError ?? undefined}
          data-testid="delivery-failed"
        />
      )}
      {isDeliveryRunning(order.processingStatus) && (
        <Alert type="info" showIcon title={t('detail.delivering')} data-testid="delivery-running" />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('detail.tabs.details'),
            children: <OrderOverview order={order} />,
          },
          {
            key: 'items',
            label: t('detail.tabs.items', { count: order.items.length }),
            children: <ItemsTable items={order.items} />,
          },
          {
            key: 'payments',
            label: t('detail.tabs.payments', { count: order.payments.length }),
            children: <PaymentsTab order={order} />,
          },
          {
            key: 'documents',
            label: t('detail.tabs.documents'),
            children: <DocumentsTab order={order} />,
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            children: <OrderHistory orderId={order.id} />,
          },
        ]}
      />
    </Flex>
  );
}

export default OrderDetailScreen;
