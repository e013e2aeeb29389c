import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { planRatioQuery, type PeriodQuery } from '../api';
import { useChartTheme } from '../charts/chartTheme';
import { ChartSlot, Pie } from '../charts/lazyCharts';
import { OTHER_PLANS_KEY, planSlices } from '../chartData';
import { WidgetCard } from '../components/WidgetCard';
import { useDashboardFormat } from '../format';

const CHART_HEIGHT = 300;
const MIN_LABELLED_SHARE = 0.05;

/** Ratio by package plan: eSIMs sold per plan as a donut, the total in the middle. */
export function PlanRatioWidget({ query }: { query: PeriodQuery | undefined }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const chartTheme = useChartTheme();
  const result = useQuery(planRatioQuery(query));
  const otherLabel = t('plans.other');
  const slices = useMemo(
    () => (result.data ? planSlices(result.data, otherLabel) : []),
    [result.data, otherLabel],
  );
  const total = result.data?.total ?? 0;
  const colours = slices.map((slice, index) =>
    slice.key === OTHER_PLANS_KEY
      ? chartTheme.muted
      : (chartTheme.palette[index % chartTheme.palette.length] as string),
  );

  const config = {
    data: slices,
    angleField: 'esims',
    colorField: 'label',
    innerRadius: 0.64,
    height: CHART_HEIGHT,
    theme: chartTheme.g2,
    scale: { color: { domain: slices.map((slice) => slice.label), range: colours } },
    // Shares on the ring itself; a slice too thin for its text keeps it in the tooltip.
    label: {
      text: (slice: { share: number }) =>
        slice.share >= MIN_LABELLED_SHARE ? format.percent(slice.share) : '',
      position: 'inside',
      style: { fill: '#fff', fontWeight: 600, fontFamily: chartTheme.fontFamily },
    },
    legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
    tooltip: {
      title: 'label',
      items: [
        (slice: { esims: number; share: number }) => ({
          name: t('plans.esims'),
          value: `${format.count(slice.esims)} (${format.percent(slice.share)})`,
        }),
      ],
    },
    annotations: [
      {
        type: 'text',
        style: {
          text: `${format.count(total)}\n${t('plans.totalLabel')}`,
          x: '50%',
          y: '50%',
          textAlign: 'center',
          textBaseline: 'middle',
          fontSize: 20,
          fontWeight: 600,
          lineHeight: 26,
          fill: chartTheme.text,
          fontFamily: chartTheme.fontFamily,
        },
        tooltip: false,
      },
    ],
    containerAttributes: {
      role: 'img',
      'data-testid': 'plans-chart',
      'aria-label': t('plans.chartLabel', {
        total: format.count(total),
        plans: slices.map((slice) => `${slice.label} ${format.percent(slice.share)}`).join(', '),
      }),
    },
  };

  return (
    <WidgetCard
      testId="widget-plans"
      title={t('plans.title')}
      query={result}
      notice={query ? undefined : t('period.incomplete')}
      empty={total === 0 || slices.length === 0}
      emptyText={t('plans.empty')}
      skeletonRows={8}
    >
      <ChartSlot height={CHART_HEIGHT}>
        <Pie {...config} />
      </ChartSlot>
    </WidgetCard>
  );
}
