import { useQuery } from '@tanstack/react-query';
import { Flex, Segmented, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_GRANULARITIES, type DashboardGranularity } from '@esim/contracts';
import { salesQuery, type SalesQuery } from '../api';
import { useChartTheme } from '../charts/chartTheme';
import { ChartSlot, DualAxes } from '../charts/lazyCharts';
import { countTickCount, hasNoSales, salesChartRows, salesTotals } from '../chartData';
import { WidgetCard } from '../components/WidgetCard';
import { useDashboardFormat } from '../format';

const CHART_HEIGHT = 300;

export interface SalesRevenueWidgetProps {
  /** undefined while the custom range is incomplete. */
  query: SalesQuery | undefined;
  granularity: DashboardGranularity;
  onGranularityChange: (granularity: DashboardGranularity) => void;
}

/** Sales and revenue: revenue in JPY as columns, the order count as a line, per bucket. */
export function SalesRevenueWidget({
  query,
  granularity,
  onGranularityChange,
}: SalesRevenueWidgetProps) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const chartTheme = useChartTheme();
  const result = useQuery(salesQuery(query));
  const points = useMemo(() => result.data ?? [], [result.data]);
  const totals = salesTotals(points);
  const revenueName = t('sales.revenue');
  const ordersName = t('sales.orders');

  const rows = useMemo(
    () => salesChartRows(points, (period) => format.bucket(period, granularity)),
    [points, format, granularity],
  );

  const config = {
    data: rows,
    xField: 'label',
    height: CHART_HEIGHT,
    theme: chartTheme.g2,
    scale: {
      color: {
        domain: [revenueName, ordersName],
        range: [chartTheme.primary, chartTheme.secondary],
      },
    },
    legend: { color: { position: 'top' } },
    // Thirty daily labels do not fit side by side: every other one goes, none is turned.
    axis: { x: { title: false, labelAutoRotate: false, labelAutoHide: true } },
    children: [
      {
        type: 'interval',
        yField: 'revenue',
        colorField: () => revenueName,
        style: { maxWidth: 48 },
        axis: { y: { title: revenueName, labelFormatter: (value: number) => format.count(value) } },
        tooltip: {
          items: [
            {
              channel: 'y',
              name: revenueName,
              valueFormatter: (value: number) => format.yen(value),
            },
          ],
        },
      },
      {
        type: 'line',
        yField: 'orders',
        colorField: () => ordersName,
        style: { lineWidth: 2 },
        scale: {
          y: {
            domainMin: 0,
            tickCount: countTickCount(Math.max(...rows.map((row) => row.orders), 0)),
          },
        },
        axis: {
          y: {
            position: 'right',
            title: ordersName,
            labelFormatter: (value: number) => format.count(value),
          },
        },
        tooltip: {
          items: [
            {
              channel: 'y',
              name: ordersName,
              valueFormatter: (value: number) => format.count(value),
            },
          ],
        },
      },
    ],
    containerAttributes: {
      role: 'img',
      'data-testid': 'sales-chart',
      'aria-label': t('sales.chartLabel', {
        revenue: format.yen(totals.revenue),
        orders: format.count(totals.orders),
      }),
    },
  };

  return (
    <WidgetCard
      testId="widget-sales"
      title={t('sales.title')}
      extra={
        <Segmented<DashboardGranularity>
          size="small"
          value={granularity}
          onChange={onGranularityChange}
          options={DASHBOARD_GRANULARITIES.map((value) => ({
            value,
            label: <span data-testid={`granularity-${value}`}>{t(`granularity.${value}`)}</span>,
          }))}
          aria-label={t('granularity.label')}
        />
      }
      query={result}
      notice={query ? undefined : t('period.incomplete')}
      empty={hasNoSales(points)}
      emptyText={t('sales.empty')}
      skeletonRows={8}
    >
      <Flex vertical gap="middle">
        <Flex gap="large" wrap>
          <Statistic
            title={t('sales.revenueTotal')}
            value={format.yen(totals.revenue)}
            data-testid="sales-revenue-total"
          />
          <Statistic
            title={t('sales.ordersTotal')}
            value={format.count(totals.orders)}
            data-testid="sales-orders-total"
          />
        </Flex>
        <ChartSlot height={CHART_HEIGHT}>
          <DualAxes {...config} />
        </ChartSlot>
      </Flex>
    </WidgetCard>
  );
}
