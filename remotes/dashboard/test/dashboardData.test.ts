import { describe, expect, it } from 'vitest';
import type { DashboardExchangeRate, DashboardPlanRatio } from '@esim/contracts';
import {
  OTHER_PLANS_KEY,
  countTickCount,
  countryBars,
  hasNoSales,
  planSlices,
  rateChange,
  salesChartRows,
  salesTotals,
  trendPoints,
} from '../src/chartData';
import { dashboardFormatters } from '../src/format';
import {
  addDays,
  defaultGranularity,
  periodProblem,
  periodSpan,
  readPeriod,
  toPeriodQuery,
  toSalesQuery,
  writePeriod,
} from '../src/period';

/*
 * What the dashboard asks for and what its charts draw: the period picker's choice as the calls'
 * query, and the API's answers as chart rows.
 */

const TODAY = '2026-03-15';

describe('period -> query', () => {
  it('asks for the last 7 and 30 days up to today, both ends included, in daily buckets', () => {
    expect(toPeriodQuery({ kind: '7d' }, TODAY, 10)).toEqual({
      from: '2026-03-09',
      to: TODAY,
      limit: 10,
    });
    expect(toPeriodQuery({ kind: '30d' }, TODAY, 10)).toEqual({
      from: '2026-02-14',
      to: TODAY,
      limit: 10,
    });
    expect(toSalesQuery({ kind: '7d' }, TODAY)).toEqual({
      from: '2026-03-09',
      to: TODAY,
      granularity: 'day',
    });
  });

  it('asks for 12 whole months from the first of the month 11 months ago, by month', () => {
    expect(toSalesQuery({ kind: '12m' }, TODAY)).toEqual({
      from: '2025-04-01',
      to: TODAY,
      granularity: 'month',
    });
    // Across a year end and in January.
    expect(periodSpan({ kind: '12m' }, '2026-01-31')).toEqual({
      from: '2025-02-01',
      to: '2026-01-31',
    });
  });

  it('keeps a chosen granularity over the default one', () => {
    expect(toSalesQuery({ kind: '30d', granularity: 'week' }, TODAY)?.granularity).toBe('week');
    expect(toSalesQuery({ kind: '12m', granularity: 'day' }, TODAY)?.granularity).toBe('day');
  });

  it('asks for a custom range only once both ends are picked, in order', () => {
    expect(toPeriodQuery({ kind: 'custom' }, TODAY, 10)).toBeUndefined();
    expect(toPeriodQuery({ kind: 'custom', from: '2026-01-01' }, TODAY, 10)).toBeUndefined();
    expect(periodProblem({ kind: 'custom', to: '2026-01-01' }, TODAY)).toBe('incomplete');
    expect(
      toPeriodQuery({ kind: 'custom', from: '2026-02-10', to: '2026-01-05' }, TODAY, 5),
    ).toEqual({ from: '2026-01-05', to: '2026-02-10', limit: 5 });
  });

  it('picks readable buckets for a custom range: days, weeks, then months', () => {
    const custom = (from: string, to: string) => ({ kind: 'custom' as const, from, to });
    expect(defaultGranularity(custom('2026-01-01', '2026-03-03'), TODAY)).toBe('day');
    expect(defaultGranularity(custom('2026-01-01', '2026-03-04'), TODAY)).toBe('week');
    expect(defaultGranularity(custom('2025-06-01', '2026-03-01'), TODAY)).toBe('month');
  });

  it('refuses a range longer than the API answers', () => {
    const long = { kind: 'custom' as const, from: '2020-01-01', to: '2026-01-01' };
    expect(periodProblem(long, TODAY)).toBe('tooLong');
    expect(toSalesQuery(long, TODAY)).toBeUndefined();
    const threeYears = {
      kind: 'custom' as const,
      from: addDays('2026-01-01', -1097),
      to: '2026-01-01',
    };
    expect(periodProblem(threeYears, TODAY)).toBeUndefined();
  });

  it('keeps the period in the URL, dropping what it does not know', () => {
    const params = writePeriod(
      { kind: 'custom', from: '2026-01-01', to: '2026-01-31', granularity: 'week' },
      new URLSearchParams('tab=x'),
    );
    expect(params.toString()).toBe(
      'tab=x&period=custom&from=2026-01-01&to=2026-01-31&granularity=week',
    );
    expect(readPeriod(params)).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      granularity: 'week',
    });
    // The default period leaves no parameter; unknown or impossible values fall back.
    expect(writePeriod({ kind: '30d' }, new URLSearchParams('period=7d')).toString()).toBe('');
    expect(readPeriod(new URLSearchParams('period=5y&from=2026-02-30&granularity=hour'))).toEqual({
      kind: '30d',
    });
    expect(readPeriod(new URLSearchParams('period=7d&from=2026-01-01'))).toEqual({ kind: '7d' });
  });
});

describe('sales buckets -> chart rows', () => {
  const points = [
    { period: '2026-03-02', revenue: 0, orders: 0 },
    { period: '2026-03-01', revenue: 12_000, orders: 2 },
    { period: '2026-03-03', revenue: 3_069, orders: 1 },
  ];

  it('orders the buckets in time, labelled, keeping the empty ones as zero', () => {
    expect(salesChartRows(points, (period) => `L${period.slice(8)}`)).toEqual([
      { period: '2026-03-01', label: 'L01', revenue: 12_000, orders: 2 },
      { period: '2026-03-02', label: 'L02', revenue: 0, orders: 0 },
      { period: '2026-03-03', label: 'L03', revenue: 3_069, orders: 1 },
    ]);
  });

  it('sums revenue and orders over the period, and knows a period without sales', () => {
    expect(salesTotals(points)).toEqual({ revenue: 15_069, orders: 3 });
    expect(hasNoSales(points)).toBe(false);
    expect(hasNoSales([{ period: '2026-03-01', revenue: 0, orders: 0 }])).toBe(true);
    expect(hasNoSales([])).toBe(true);
  });

  it('labels daily and weekly buckets by their first day, monthly ones by month, per language', () => {
    const en = dashboardFormatters('en-US');
    const ja = dashboardFormatters('ja-JP');
    expect(en.bucket('2026-03-01', 'day')).toBe('Mar 1');
    expect(en.bucket('2026-03-02', 'week')).toBe('Mar 2');
    expect(en.bucket('2026-03-01', 'month')).toBe('Mar 2026');
    expect(ja.bucket('2026-03-01', 'month')).toBe('2026年3月');
  });
});

describe('users by country -> bars', () => {
  it('sorts by eSIMs, most first, cuts at the top N and names countries in the language', () => {
    const counts = [
      { country: 'US', countryName: 'United States', esims: 3 },
      { country: 'JP', countryName: 'Japan', esims: 9 },
      { country: 'DE', countryName: 'Germany', esims: 3 },
      { country: 'TH', countryName: 'Thailand', esims: 0 },
      { country: 'FR', countryName: 'France', esims: 1 },
    ];
    const de = dashboardFormatters('de-DE');
    expect(countryBars(counts, de.country, 3)).toEqual([
      { country: 'JP', label: 'Japan', esims: 9 },
      { country: 'DE', label: 'Deutschland', esims: 3 },
      { country: 'US', label: 'Vereinigte Staaten', esims: 3 },
    ]);
    const ja = dashboardFormatters('ja-JP');
    expect(countryBars(counts, ja.country, 1)).toEqual([
      { country: 'JP', label: '日本', esims: 9 },
    ]);
  });

  it('keeps count axes on whole numbers', () => {
    expect(countTickCount(0)).toBe(1);
    expect(countTickCount(2)).toBe(2);
    expect(countTickCount(4)).toBe(4);
    expect(countTickCount(240)).toBe(5);
  });

  it("falls back to the API's English name for a code the language does not know", () => {
    const en = dashboardFormatters('en-US');
    expect(en.country('XK', 'Kosovo')).toBe('Kosovo');
    expect(en.country('not a code', 'Somewhere')).toBe('Somewhere');
  });
});

describe('plan ratio -> donut slices', () => {
  const ratio: DashboardPlanRatio = {
    total: 20,
    plans: [
      { productId: 'p2', productName: 'Japan 3 GB', esims: 4 },
      { productId: 'p1', productName: 'Asia 10 GB', esims: 10 },
      { productId: 'p3', productName: 'Unsold plan', esims: 0 },
    ],
    other: 6,
  };

  it("gives each plan its share, largest first, and the rest as one 'other' slice", () => {
    expect(planSlices(ratio, 'Other plans')).toEqual([
      { key: 'p1', label: 'Asia 10 GB', esims: 10, share: 0.5 },
      { key: 'p2', label: 'Japan 3 GB', esims: 4, share: 0.2 },
      { key: OTHER_PLANS_KEY, label: 'Other plans', esims: 6, share: 0.3 },
    ]);
  });

  it("has no 'other' slice when every plan is listed, and no slice when nothing sold", () => {
    expect(planSlices({ ...ratio, total: 14, other: 0 }, 'Other').map((s) => s.key)).toEqual([
      'p1',
      'p2',
    ]);
    expect(planSlices({ total: 0, plans: [], other: 0 }, 'Other')).toEqual([]);
  });

  it('formats shares and counts by language', () => {
    expect(dashboardFormatters('en-US').percent(0.125)).toBe('12.5%');
    expect(dashboardFormatters('de-DE').count(12345)).toBe('12.345');
    expect(dashboardFormatters('en-US').count(12345)).toBe('12,345');
  });
});

describe('rate trend -> sparkline', () => {
  const rate = (patch: Partial<DashboardExchangeRate>): DashboardExchangeRate => ({
    currency: 'USD',
    currencyName: 'US Dollar',
    baseCurrency: 'JPY',
    rate: '150.25',
    effectiveDate: '2026-03-10',
    previousRate: '149.8',
    trend: [],
    ...patch,
  });

  it('draws the rates oldest first as numbers, leaving out unreadable ones', () => {
    expect(
      trendPoints([
        { effectiveDate: '2026-03-10', rate: '150.25' },
        { effectiveDate: '2026-03-01', rate: '149.8' },
        { effectiveDate: '2026-03-05', rate: 'n/a' },
      ]),
    ).toEqual([
      { index: 0, effectiveDate: '2026-03-01', rate: 149.8 },
      { index: 1, effectiveDate: '2026-03-10', rate: 150.25 },
    ]);
  });

  it('tells whether the current rate went up or down from the one it replaced', () => {
    expect(rateChange(rate({}))).toBe('up');
    expect(rateChange(rate({ previousRate: '151' }))).toBe('down');
    expect(rateChange(rate({ previousRate: '150.250' }))).toBe('unchanged');
    expect(rateChange(rate({ previousRate: null }))).toBeUndefined();
  });

  it("names currencies in the user's language, else with the API's name", () => {
    expect(dashboardFormatters('ja-JP').currency('USD', 'US Dollar')).toBe('米ドル');
    expect(dashboardFormatters('de-DE').currency('EUR', 'Euro')).toBe('Euro');
    expect(dashboardFormatters('en-US').currency('XQQ', 'Test money')).toBe('Test money');
  });

  it('shows a rate with up to six decimals in the language', () => {
    expect(dashboardFormatters('en-US').rate('0.0063251')).toBe('0.006325');
    expect(dashboardFormatters('de-DE').rate('150.25')).toBe('150,25');
  });
});
