import { Table, Tag } from 'antd';
import type { DeliveryType } from '@esim/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { yen } from '../format';
import { rowAttributes } from './rowAttributes';

/** One priced line of a review or an order. */
export interface PricedLine {
  key: string;
  productCode: string;
  name: string;
  deliveryType: DeliveryType;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
  taxRate: number;
  /** More about the product under its name (data, duration, coverage). */
  details?: ReactNode;
}

/** The lines with their unit and line prices in JPY, discount and tax rate. */
export function OrderLinesTable({
  lines,
  testId,
}: {
  lines: readonly PricedLine[];
  testId?: string;
}) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Table<PricedLine>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={[...lines]}
      data-testid={testId}
      scroll={{ x: 'max-content' }}
      onRow={(line) =>
        rowAttributes({ 'data-testid': 'order-line', 'data-product': line.productCode })
      }
      columns={[
        {
          key: 'product',
          title: t('common:fields.productName'),
          render: (_, line) => (
            <>
              <div>{line.name}</div>
              <div style={{ opacity: 0.65, fontSize: 12 }}>
                {line.productCode}
                {line.details ? <> · {line.details}</> : null}
              </div>
            </>
          ),
        },
        {
          key: 'deliveryType',
          title: t('common:fields.deliveryType'),
          render: (_, line) => <Tag>{t(`deliveryType.${line.deliveryType}`)}</Tag>,
        },
        { key: 'quantity', title: t('lines.quantity'), align: 'right', dataIndex: 'quantity' },
        {
          key: 'unitPrice',
          title: t('lines.unitPrice'),
          align: 'right',
          render: (_, line) => <span data-testid="line-unit-price">{yen(line.unitPrice)}</span>,
        },
        {
          key: 'lineTotal',
          title: t('lines.lineTotal'),
          align: 'right',
          render: (_, line) => <span data-testid="line-total">{yen(line.lineTotal)}</span>,
        },
        {
          key: 'discount',
          title: t('amounts.discount'),
          align: 'right',
          render: (_, line) => (line.discount > 0 ? `− ${yen(line.discount)}` : yen(0)),
        },
        {
          key: 'taxRate',
          title: t('lines.taxRate'),
          align: 'right',
          render: (_, line) => `${line.taxRate}%`,
        },
      ]}
    />
  );
}
