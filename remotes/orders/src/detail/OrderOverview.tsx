import { Card, Descriptions, Flex } from 'antd';
import type { OrderDetail } from '@esim/contracts';
import { displayValue } from '@esim/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExchangeRates } from '../components/ExchangeRates';
import { OrderAmounts } from '../components/OrderAmounts';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { coverageText, useOrderFormat } from '../format';

/** The order's details tab: who, for whom, what, the money and the rates it was priced at. */
export function OrderOverview({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'partnerName', label: t('common:fields.partner'), value: order.partnerName },
    { key: 'tariffCode', label: t('common:fields.tariffCode'), value: order.tariffCode },
    { key: 'customerName', label: t('common:fields.customerName'), value: order.customerName },
    {
      key: 'useCountries',
      label: t('common:fields.useCountries'),
      value: order.useCountries.length ? order.useCountries.join(', ') : displayValue(null),
    },
    {
      key: 'purchasedAt',
      label: t('fields.purchasedAt'),
      value: format.dateTime(order.purchasedAt),
    },
    { key: 'createdBy', label: t('common:fields.createdBy'), value: order.createdBy },
    {
      key: 'campaignCode',
      label: t('common:fields.campaignCode'),
      value: displayValue(order.campaignCode),
    },
    {
      key: 'paymentProviderOrderId',
      label: t('fields.paymentProviderOrderId'),
      value: displayValue(order.paymentProviderOrderId),
    },
    { key: 'notes', label: t('common:fields.notes'), value: displayValue(order.notes) },
  ];
  if (order.processingError)
    rows.push({
      key: 'processingError',
      label: t('fields.processingError'),
      value: order.processingError,
    });
  return (
    <Flex vertical gap="middle">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        data-testid="order-overview"
        items={rows.map((row) => ({
          key: row.key,
          label: row.label,
          children: <span data-testid={`order-field-${row.key}`}>{row.value}</span>,
        }))}
      />
      <Card size="small" title={t('detail.lines')}>
        <OrderLinesTable
          testId="order-lines"
          lines={order.lines.map((line) => ({
            key: line.id,
            productCode: line.productCode,
            name: line.productName,
            deliveryType: line.deliveryType,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            lineTotal: line.lineTotal,
            discount: line.discount,
            taxRate: line.taxRate,
            details: [
              format.data(line.dataMb),
              format.duration(line.durationDays),
              coverageText(line.coverage),
            ].join(' · '),
          }))}
        />
      </Card>
      <Flex gap="middle" wrap align="flex-start">
        <Card size="small" title={t('detail.amounts')} style={{ flex: '1 1 320px' }}>
          <OrderAmounts
            purchasePrice={order.purchasePrice}
            subTotal={order.subTotal}
            discount={order.discount}
            taxes={order.taxes}
            totalAmount={order.totalAmount}
            finalPrice={order.finalPrice}
            paidAmount={order.paidAmount}
          />
        </Card>
        <Card size="small" title={t('exchangeRates.title')} style={{ flex: '1 1 320px' }}>
          <ExchangeRates rates={order.exchangeRates} />
        </Card>
      </Flex>
    </Flex>
  );
}
