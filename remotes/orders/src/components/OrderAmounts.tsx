import { Descriptions, Typography } from 'antd';
import type { OrderTax } from '@esim/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { yen } from '../format';

export interface OrderAmountsProps {
  subTotal: number;
  discount: number;
  taxes: readonly OrderTax[];
  totalAmount: number;
  finalPrice: number;
  /** What the eSIMs cost us (the order detail only). */
  purchasePrice?: number;
  /** Paid so far (the order detail only). */
  paidAmount?: number;
}

/**
 * The money of an order or a review, in JPY: sub total, discount, the tax of each rate (rounded
 * once per rate), total and the final price the partner pays.
 */
export function OrderAmounts(props: OrderAmountsProps) {
  const { t } = useTranslation('orders');
  const rows: { key: string; label: ReactNode; value: ReactNode }[] = [];
  if (props.purchasePrice !== undefined)
    rows.push({
      key: 'purchasePrice',
      label: t('amounts.purchasePrice'),
      value: yen(props.purchasePrice),
    });
  rows.push(
    { key: 'subTotal', label: t('amounts.subTotal'), value: yen(props.subTotal) },
    {
      key: 'discount',
      label: t('amounts.discount'),
      value: props.discount > 0 ? `− ${yen(props.discount)}` : yen(0),
    },
  );
  for (const tax of props.taxes)
    rows.push({
      key: `tax-${tax.rate}`,
      label: t('amounts.tax', { name: tax.name, rate: tax.rate }),
      value: (
        <>
          {yen(tax.tax)}{' '}
          <Typography.Text type="secondary">
            {t('amounts.taxable', { amount: yen(tax.taxable) })}
          </Typography.Text>
        </>
      ),
    });
  rows.push(
    { key: 'totalAmount', label: t('amounts.totalAmount'), value: yen(props.totalAmount) },
    {
      key: 'finalPrice',
      label: t('amounts.finalPrice'),
      value: <Typography.Text strong>{yen(props.finalPrice)}</Typography.Text>,
    },
  );
  if (props.paidAmount !== undefined)
    rows.push({ key: 'paidAmount', label: t('amounts.paidAmount'), value: yen(props.paidAmount) });
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-testid="order-amounts"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: <span data-testid={`amount-${row.key}`}>{row.value}</span>,
      }))}
    />
  );
}
