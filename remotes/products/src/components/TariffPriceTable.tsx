import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductTariffPrice } from '@esim/contracts';
import { percent, yen } from '../format';

const SOURCE_COLORS = { manual: 'gold', computed: 'blue', none: 'default' } as const;

/** A product's prices in the tariff codes (profile, code, cost JPY, computed/manual/effective). */
export function TariffPriceTable({
  prices,
  loading,
}: {
  prices: readonly ProductTariffPrice[];
  loading?: boolean;
}) {
  const { t } = useTranslation(['products', 'common']);
  const money = (key: 'costJpy' | 'computedPrice' | 'manualPrice' | 'grossProfit') => ({
    key,
    title: t(`common:fields.${key}`),
    align: 'right' as const,
    render: (_: unknown, row: ProductTariffPrice) => (
      <span data-testid={`price-${key}`}>{yen(row[key])}</span>
    ),
  });
  const columns: TableColumnsType<ProductTariffPrice> = [
    {
      key: 'tariffGroup',
      title: t('common:fields.tariffGroup'),
      render: (_, row) => `${row.tariffGroup} — ${row.tariffGroupName}`,
    },
    {
      key: 'tariffCode',
      title: t('common:fields.tariffCode'),
      render: (_, row) => (
        <Link
          to={`/tariff/detail?id=${encodeURIComponent(row.tariffGroupId)}&code=${encodeURIComponent(row.tariffCode)}`}
          data-testid="tariff-code-link"
        >
          {row.tariffCode}
        </Link>
      ),
    },
    {
      key: 'inputMode',
      title: t('priceLists.inputMode'),
      render: (_, row) => t(`priceLists.mode.${row.inputMode}`),
    },
    money('costJpy'),
    money('computedPrice'),
    money('manualPrice'),
    {
      key: 'effectivePrice',
      title: t('fields.effectivePrice'),
      align: 'right',
      render: (_, row) => (
        <span data-testid="price-effectivePrice">
          {yen(row.effectivePrice)}{' '}
          <Tag color={SOURCE_COLORS[row.priceSource]} style={{ marginInlineEnd: 0 }}>
            {t(`priceLists.source.${row.priceSource}`)}
          </Tag>
        </span>
      ),
    },
    money('grossProfit'),
    {
      key: 'grossProfitPercent',
      title: t('common:fields.grossProfitPercent'),
      align: 'right',
      render: (_, row) => percent(row.grossProfitPercent),
    },
  ];
  return (
    <Table<ProductTariffPrice>
      data-testid="tariff-prices"
      columns={columns}
      dataSource={prices as ProductTariffPrice[]}
      rowKey="tariffCodeId"
      loading={loading}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('priceLists.empty')} />
        ),
      }}
    />
  );
}
