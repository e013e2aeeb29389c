import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardExchangeRate } from '@esim/contracts';
import { displayValue } from '@esim/utils';
import { exchangeRatesQuery } from '../api';
import { useChartTheme } from '../charts/chartTheme';
import { ChartSlot, TinyLine } from '../charts/lazyCharts';
import { rateChange, trendPoints, type RateChange } from '../chartData';
import { WidgetCard } from '../components/WidgetCard';
import { useDashboardFormat } from '../format';

const TREND_HEIGHT = 32;

const CHANGE_MARK: Record<RateChange, string> = { up: '▲', down: '▼', unchanged: '–' };
const CHANGE_TYPE: Record<RateChange, 'success' | 'danger' | 'secondary'> = {
  up: 'success',
  down: 'danger',
  unchanged: 'secondary',
};

/** A currency's latest rates as a small line (nothing for fewer than two rates). */
function RateTrend({ rate }: { rate: DashboardExchangeRate }) {
  const { t } = useTranslation('dashboard');
  const chartTheme = useChartTheme();
  const points = trendPoints(rate.trend);
  if (points.length < 2) return <>{displayValue(null)}</>;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <ChartSlot height={TREND_HEIGHT}>
      <TinyLine
        data={points}
        xField="index"
        yField="rate"
        width={96}
        height={TREND_HEIGHT}
        autoFit={false}
        shapeField="smooth"
        theme={chartTheme.g2}
        scale={{ y: { nice: false, zero: false } }}
        style={{ stroke: chartTheme.primary, lineWidth: 1.5 }}
        containerAttributes={{
          role: 'img',
          'data-testid': 'rate-trend',
          'aria-label': t('rates.trendLabel', {
            currency: rate.currency,
            points: points.length,
            from: first.effectiveDate,
            to: last.effectiveDate,
          }),
        }}
      />
    </ChartSlot>
  );
}

/** Currency exchange rates: each active currency's current rate to JPY and its recent trend. */
export function ExchangeRatesWidget() {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const result = useQuery(exchangeRatesQuery());
  const rates = result.data ?? [];

  return (
    <WidgetCard
      testId="widget-rates"
      title={t('rates.title')}
      query={result}
      empty={rates.length === 0}
      emptyText={t('rates.empty')}
    >
      <Table<DashboardExchangeRate>
        size="small"
        rowKey="currency"
        pagination={false}
        dataSource={rates}
        scroll={{ x: 'max-content' }}
        onRow={(rate) => ({ 'data-testid': 'rate-row', 'data-currency': rate.currency }) as object}
        columns={[
          {
            key: 'currency',
            title: t('rates.currency'),
            render: (_, rate) => (
              <Flex vertical>
                <Typography.Text strong>{rate.currency}</Typography.Text>
                <Typography.Text type="secondary">
                  {format.currency(rate.currency, rate.currencyName)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'rate',
            title: t('rates.rate', { base: rates[0]?.baseCurrency ?? 'JPY' }),
            align: 'right',
            render: (_, rate) => {
              const change = rateChange(rate);
              const effective = format.date(rate.effectiveDate);
              return (
                <Flex vertical align="end">
                  <span data-testid="rate-value">
                    {format.rate(rate.rate)}{' '}
                    {change && (
                      <Typography.Text
                        type={CHANGE_TYPE[change]}
                        aria-label={t(`rates.change.${change}`, {
                          previous:
                            rate.previousRate === null ? '' : format.rate(rate.previousRate),
                        })}
                        data-testid="rate-change"
                        data-change={change}
                      >
                        {CHANGE_MARK[change]}
                      </Typography.Text>
                    )}
                  </span>
                  <Typography.Text
                    type="secondary"
                    aria-label={`${t('rates.effectiveDate')} ${effective}`}
                  >
                    {effective}
                  </Typography.Text>
                </Flex>
              );
            },
          },
          {
            key: 'trend',
            title: t('rates.trend'),
            render: (_, rate) => <RateTrend rate={rate} />,
          },
        ]}
      />
    </WidgetCard>
  );
}
