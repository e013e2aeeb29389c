import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usersByCountryQuery, type PeriodQuery } from '../api';
import { useChartTheme } from '../charts/chartTheme';
import { Bar, ChartSlot } from '../charts/lazyCharts';
import { countTickCount, countryBars } from '../chartData';
import { WidgetCard } from '../components/WidgetCard';
import { useDashboardFormat } from '../format';

/** Height of one bar row, so ten countries and two countries both read well. */
const BAR_ROW_PX = 30;

/** eSIM users by the country they use the eSIM in: the top N as a sorted bar chart. */
export function UsersByCountryWidget({ query }: { query: PeriodQuery | undefined }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const chartTheme = useChartTheme();
  const result = useQuery(usersByCountryQuery(query));
  const bars = useMemo(
    () => countryBars(result.data ?? [], format.country, query?.limit ?? 0),
    [result.data, format, query?.limit],
  );

  const height = Math.max(160, 48 + bars.length * BAR_ROW_PX);
  const most = bars[0]?.esims ?? 0;
  const config = {
    data: bars,
    xField: 'label',
    yField: 'esims',
    height,
    theme: chartTheme.g2,
    style: { fill: chartTheme.primary, maxWidth: 22 },
    // Headroom for the value printed after the longest bar.
    scale: {
      y: { nice: false, domainMax: most * 1.15, tickCount: countTickCount(most) },
    },
    axis: {
      x: { title: false },
      y: { title: false, labelFormatter: (value: number) => format.count(value) },
    },
    label: {
      text: 'esims',
      formatter: (value: number) => format.count(value),
      // After the bar's end, not over it.
      style: { fill: chartTheme.textSecondary, textAlign: 'start', dx: 6 },
    },
    tooltip: {
      items: [
        {
          channel: 'y',
          name: t('countries.esims'),
          valueFormatter: (v: number) => format.count(v),
        },
      ],
    },
    containerAttributes: {
      role: 'img',
      'data-testid': 'countries-chart',
      'aria-label': t('countries.chartLabel', {
        countries: bars.map((bar) => `${bar.label} ${format.count(bar.esims)}`).join(', '),
      }),
    },
  };

  return (
    <WidgetCard
      testId="widget-countries"
      title={t('countries.title')}
      query={result}
      notice={query ? undefined : t('period.incomplete')}
      empty={bars.length === 0}
      emptyText={t('countries.empty')}
      skeletonRows={6}
    >
      <ChartSlot height={height}>
        <Bar {...config} />
      </ChartSlot>
    </WidgetCard>
  );
}
