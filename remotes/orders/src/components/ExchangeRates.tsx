import { Table, Typography } from 'antd';
import type { UsedExchangeRate } from '@esim/contracts';
import { useTranslation } from 'react-i18next';
import { useOrderFormat } from '../format';

/** The exchange rates the prices were converted at (1 unit = rate JPY), or that none was needed. */
export function ExchangeRates({ rates }: { rates: readonly UsedExchangeRate[] }) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  if (rates.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="exchange-rates-none">
        {t('exchangeRates.none')}
      </Typography.Text>
    );
  return (
    <Table<UsedExchangeRate>
      size="small"
      rowKey="currency"
      pagination={false}
      dataSource={[...rates]}
      data-testid="exchange-rates"
      columns={[
        { key: 'currency', title: t('common:fields.currency'), dataIndex: 'currency' },
        {
          key: 'rate',
          title: t('exchangeRates.rate'),
          align: 'right',
          render: (_, rate) =>
            t('exchangeRates.value', { currency: rate.currency, rate: rate.rate }),
        },
        {
          key: 'effectiveDate',
          title: t('common:fields.effectiveDate'),
          render: (_, rate) => format.date(rate.effectiveDate),
        },
      ]}
    />
  );
}
