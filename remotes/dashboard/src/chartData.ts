import type {
  DashboardCountryCount,
  DashboardExchangeRate,
  DashboardPlanRatio,
  DashboardSalesPoint,
} from '@esim/contracts';

/*
 * The API's answers shaped into the rows each chart draws: pure functions, so what the charts show
 * is tested without a canvas.
 */

/** One column (revenue) and one line point (order count) of the sales chart. */
export interface SalesChartRow {
  /** First day of the bucket, yyyy-MM-dd. */
  period: string;
  /** The bucket's label on the x axis. */
  label: string;
  revenue: number;
  orders: number;
}

/** The buckets in time order, labelled; every bucket kept (an empty one is a real zero). */
export function salesChartRows(
  points: readonly DashboardSalesPoint[],
  labelOf: (period: string) => string,
): SalesChartRow[] {
  return [...points]
    .sort((a, b) => a.period.localeCompare(b.period))
    .map((point) => ({
      period: point.period,
      label: labelOf(point.period),
      revenue: point.revenue,
      orders: point.orders,
    }));
}

/** Revenue and orders over the whole period. */
export function salesTotals(points: readonly DashboardSalesPoint[]): {
  revenue: number;
  orders: number;
} {
  return points.reduce(
    (total, point) => ({
      revenue: total.revenue + point.revenue,
      orders: total.orders + point.orders,
    }),
    { revenue: 0, orders: 0 },
  );
}

/** No order at all in the period: the chart says so instead of drawing zeros. */
export function hasNoSales(points: readonly DashboardSalesPoint[]): boolean {
  return points.every((point) => point.orders === 0 && point.revenue === 0);
}

export interface CountryBar {
  country: string;
  /** The country's name in the user's language. */
  label: string;
  esims: number;
}

/**
 * Users by country as the bar chart draws them: the top `limit` by eSIMs, most first (ties by
 * name), countries without eSIMs left out.
 */
export function countryBars(
  counts: readonly DashboardCountryCount[],
  labelOf: (country: string, englishName: string) => string,
  limit: number,
): CountryBar[] {
  return counts
    .filter((count) => count.esims > 0)
    .map((count) => ({
      country: count.country,
      label: labelOf(count.country, count.countryName),
      esims: count.esims,
    }))
    .sort((a, b) => b.esims - a.esims || a.label.localeCompare(b.label))
    .slice(0, limit);
}

/** The key of the donut's slice for the plans beyond the top N. */
export const OTHER_PLANS_KEY = '__other__';

export interface PlanSlice {
  /** productId, or OTHER_PLANS_KEY. */
  key: string;
  label: string;
  esims: number;
  /** esims / total, 0..1. */
  share: number;
}

/**
 * The plan ratio as donut slices: each plan with eSIMs, largest first, then one 'other' slice for
 * the plans beyond the top N (left out when there are none).
 */
export function planSlices(ratio: DashboardPlanRatio, otherLabel: string): PlanSlice[] {
  const total = ratio.total;
  const share = (esims: number) => (total > 0 ? esims / total : 0);
  const plans = ratio.plans
    .filter((plan) => plan.esims > 0)
    .sort((a, b) => b.esims - a.esims || a.productName.localeCompare(b.productName))
    .map((plan) => ({
      key: plan.productId,
      label: plan.productName,
      esims: plan.esims,
      share: share(plan.esims),
    }));
  return ratio.other > 0
    ? [
        ...plans,
        { key: OTHER_PLANS_KEY, label: otherLabel, esims: ratio.other, share: share(ratio.other) },
      ]
    : plans;
}

/** One point of a rate's small trend line. */
export interface TrendPoint {
  index: number;
  effectiveDate: string;
  rate: number;
}

/** A rate's trend (oldest first) as sparkline points; unreadable rates are left out. */
export function trendPoints(trend: DashboardExchangeRate['trend']): TrendPoint[] {
  return [...trend]
    .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
    .map((point) => ({ effectiveDate: point.effectiveDate, rate: Number(point.rate) }))
    .filter((point) => Number.isFinite(point.rate))
    .map((point, index) => ({ index, ...point }));
}

export type RateChange = 'up' | 'down' | 'unchanged';

/** The current rate against the one it replaced (none for a currency's first rate). */
export function rateChange(rate: DashboardExchangeRate): RateChange | undefined {
  if (rate.previousRate === null) return undefined;
  const current = Number(rate.rate);
  const previous = Number(rate.previousRate);
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return undefined;
  if (current === previous) return 'unchanged';
  return current > previous ? 'up' : 'down';
}

/**
 * Ticks of a count axis (orders, eSIMs): at most 5, never more than the largest count, so every
 * tick is a whole number (an axis up to 2 shows 0, 1, 2, not 0, 0.5, 1, 1.5, 2).
 */
export function countTickCount(max: number): number {
  return Math.min(5, Math.max(1, Math.ceil(max)));
}
