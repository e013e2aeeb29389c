import { Table, Typography } from 'antd';
import type { OrderItemSummary } from '@esim/contracts';
import { displayValue } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemStatusTag } from '../components/StatusTags';
import { orderItemUrl } from '../paths';
import { rowAttributes } from '../components/rowAttributes';

/** The eSIMs of an order: each links to its detail; the activation code stays masked here. */
export function ItemsTable({ items }: { items: readonly OrderItemSummary[] }) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Table<OrderItemSummary>
      size="small"
      rowKey="id"
      pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      dataSource={[...items]}
      data-testid="order-items"
      locale={{ emptyText: t('items.empty') }}
      scroll={{ x: 'max-content' }}
      onRow={(item) =>
        rowAttributes({ 'data-testid': 'order-item-row', 'data-status': item.status })
      }
      columns={[
        { key: 'position', title: '#', dataIndex: 'position', width: 56 },
        {
          key: 'product',
          title: t('common:fields.productName'),
          render: (_, item) => (
            <Link to={orderItemUrl(item.id)} data-testid="order-item-link">
              {item.productName}
            </Link>
          ),
        },
        { key: 'productCode', title: t('common:fields.productCode'), dataIndex: 'productCode' },
        {
          key: 'iccid',
          title: t('common:fields.iccid'),
          render: (_, item) => <Typography.Text code>{displayValue(item.iccid)}</Typography.Text>,
        },
        {
          key: 'activationCode',
          title: t('common:fields.activationCode'),
          render: (_, item) => displayValue(item.activationCodeMasked),
        },
        {
          key: 'status',
          title: t('common:fields.status'),
          render: (_, item) => <ItemStatusTag status={item.status} />,
        },
        {
          key: 'deliveryError',
          title: t('items.deliveryError'),
          render: (_, item) =>
            item.deliveryError ? (
              <Typography.Text type="danger">{item.deliveryError}</Typography.Text>
            ) : (
              displayValue(null)
            ),
        },
      ]}
    />
  );
}
