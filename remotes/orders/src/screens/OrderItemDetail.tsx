import { DeleteOutlined, ImportOutlined } from '@esim/ui/icons';
import { Button, Descriptions, Flex, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RESOURCES, type OrderItemDetail } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  DetailHeader,
  isDetailReady,
  useConfirmedDelete,
} from '@esim/ui';
import { displayValue } from '@esim/utils';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { orderItemQuery } from '../api';
import { ItemActivationCode } from '../components/ItemActivationCode';
import { ItemStatusTag } from '../components/StatusTags';
import { useOrderFormat, yen } from '../format';
import { itemActions } from '../item/itemActions';
import { ReturnToStockDialog } from '../item/ReturnToStockDialog';
import { orderMutations } from '../mutations';
import { ORDER_LIST_PATH, orderDetailUrl } from '../paths';

/** /orders/detail/item?id=: one eSIM of an order, its activation code, return and removal. */
export function OrderItemDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="order-item-detail">
      <OrderItemContent />
    </div>
  );
}

function ItemFields({ item }: { item: OrderItemDetail }) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'orderNo',
      label: t('common:fields.orderNo'),
      value: <Link to={orderDetailUrl(item.orderId)}>{item.orderNo}</Link>,
    },
    { key: 'partnerName', label: t('common:fields.partner'), value: item.partnerName },
    { key: 'customerName', label: t('common:fields.customerName'), value: item.customerName },
    {
      key: 'product',
      label: t('common:fields.productName'),
      value: `${item.productName} (${item.productCode})`,
    },
    {
      key: 'deliveryType',
      label: t('common:fields.deliveryType'),
      value: <Tag>{t(`deliveryType.${item.deliveryType}`)}</Tag>,
    },
    {
      key: 'status',
      label: t('common:fields.status'),
      value: <ItemStatusTag status={item.status} />,
    },
    { key: 'iccid', label: t('common:fields.iccid'), value: displayValue(item.iccid) },
    {
      key: 'smdpAddress',
      label: t('common:fields.smdpAddress'),
      value: displayValue(item.smdpAddress),
    },
    { key: 'unitPrice', label: t('lines.unitPrice'), value: yen(item.unitPrice) },
    { key: 'deliveryAttempts', label: t('item.deliveryAttempts'), value: item.deliveryAttempts },
    {
      key: 'supplierReference',
      label: t('item.supplierReference'),
      value: displayValue(item.supplierReference),
    },
  ];
  if (item.deliveryError)
    rows.push({
      key: 'deliveryError',
      label: t('items.deliveryError'),
      value: <Typography.Text type="danger">{item.deliveryError}</Typography.Text>,
    });
  if (item.returnedTo)
    rows.push(
      {
        key: 'returnedTo',
        label: t('common:fields.returnTo'),
        value: t(`returnTo.${item.returnedTo}`),
      },
      {
        key: 'returnReason',
        label: t('common:fields.reason'),
        value: displayValue(item.returnReason),
      },
      { key: 'returnedAt', label: t('item.returnedAt'), value: format.dateTime(item.returnedAt) },
    );
  rows.push({
    key: 'updatedAt',
    label: t('common:fields.updatedDate'),
    value: format.dateTime(item.updatedAt),
  });
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="order-item-details"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: <span data-testid={`item-field-${row.key}`}>{row.value}</span>,
      }))}
    />
  );
}

/** The item's header buttons: each shown only when its status and the user's permission allow. */
export function ItemActionButtons({
  item,
  onReturn,
  onRemove,
  removing,
}: {
  item: OrderItemDetail;
  onReturn: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('orders');
  const canReturn = usePermission(RESOURCES.orders, 'PUT');
  const canRemove = usePermission(RESOURCES.orders, 'DELETE');
  const actions = itemActions(item, { returnToStock: canReturn, remove: canRemove });
  if (!actions.returnToStock && !actions.remove) return null;
  return (
    <>
      {actions.returnToStock && (
        <Button
          icon={<ImportOutlined />}
          onClick={onReturn}
          autoInsertSpace={false}
          data-testid="item-return"
        >
          {t('returnToStock.button')}
        </Button>
      )}
      {actions.remove && (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={removing}
          onClick={onRemove}
          autoInsertSpace={false}
          data-testid="item-remove"
        >
          {t('removeItem.button')}
        </Button>
      )}
    </>
  );
}

function OrderItemContent() {
  const { t } = useTranslation(['orders', 'common']);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [returning, setReturning] = useState(false);
  const query = useQuery({ ...orderItemQuery(id), enabled: id !== '' });
  const removeMutation = useMutation(orderMutations.removeItem(queryClient));
  const removal = useConfirmedDelete<OrderItemDetail>({
    question: (item) => ({
      title: t('removeItem.title', { iccid: item.iccid ?? item.productName }),
      description: t('removeItem.description'),
      confirmText: t('removeItem.confirm'),
    }),
    action: (item) => removeMutation.mutateAsync(item),
  });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.orderItem')}
        backTo={ORDER_LIST_PATH}
        backLabel={t('detail.back')}
      />
    );
  const item = query.data;

  return (
    <Flex vertical gap="middle" data-testid="order-item-detail">
      <BackLink
        to={orderDetailUrl(item.orderId)}
        label={t('item.back', { orderNo: item.orderNo })}
      />
      <DetailHeader
        title={item.iccid ?? item.productName}
        titleTestId="order-item-title"
        subtitle={`${item.productName} · ${item.orderNo}`}
        tags={<ItemStatusTag status={item.status} />}
        actions={
          <ItemActionButtons
            item={item}
            onReturn={() => setReturning(true)}
            onRemove={() => void removal.run(item)}
            removing={removal.pending}
          />
        }
      />
      <ActionRefusal
        refusal={removal.refusal}
        title={t('removeItem.refused')}
        onClose={removal.clearRefusal}
        testId="item-remove-refused"
      />
      <ItemFields item={item} />
      <ItemActivationCode item={item} />
      {returning && (
        <ReturnToStockDialog
          item={item}
          onClose={() => setReturning(false)}
          onReload={async () => {
            await query.refetch();
          }}
        />
      )}
    </Flex>
  );
}

export default OrderItemDetailScreen;
