import {
  DASHBOARD_GRANULARITIES,
  DASHBOARD_MAX_PERIOD_DAYS,
  isCalendarDate,
  type DashboardGranularity,
} from '@esim/contracts';

/** The periods the dashboard offers for sales, users by country and the plan ratio. */
export const PERIOD_KINDS = ['7d', '30d', '12m', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const DEFAULT_PERIOD_KIND: PeriodKind = '30d';

/** What the picker holds: a preset, or a custom range (either end may still be empty). */
export interface DashboardPeriod {
  kind: PeriodKind;
  /** yyyy-MM-dd, custom only. */
  from?: string;
  /** yyyy-MM-dd, custom only. */
  to?: string;
  /** Chosen buckets of the sales chart; without one, the period's default. */
  granularity?: DashboardGranularity;
}

/** Calendar dates (business time zone), both ends included. */
export interface DateSpan {
  from: string;
  to: string;
}

/** Why a period cannot be asked for yet. */
export type PeriodProblem = 'incomplete' | 'tooLong';

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** '2026-03-31' + -29 days -> '2026-03-02'. */
export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both included ('2026-03-01'..'2026-03-01' is 1). */
export function spanDays({ from, to }: DateSpan): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

/** The first day of the month `months` before the month of `date` ('2026-03-15', 11 -> '2025-04-01'). */
function monthStart(date: string, monthsBack: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(year, month - 1 - monthsBack, 1));
}

/**
 * The dates a period covers, up to `today` (yyyy-MM-dd, business time zone): the last 7 or 30
 * days, the last 12 months from the first day of the month 11 months ago, or the custom range
 * (undefined until both ends are picked).
 */
export function periodSpan(period: DashboardPeriod, today: string): DateSpan | undefined {
  switch (period.kind) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '12m':
      return { from: monthStart(today, 11), to: today };
    case 'custom': {
      if (!period.from || !period.to) return undefined;
      return period.from <= period.to
        ? { from: period.from, to: period.to }
        : { from: period.to, to: period.from };
    }
  }
}

/** Whether the period can be asked for: a custom range needs both ends and at most the API's span. */
export function periodProblem(period: DashboardPeriod, today: string): PeriodProblem | undefined {
  const span = periodSpan(period, today);
  if (!span) return 'incomplete';
  return spanDays(span) > DASHBOARD_MAX_PERIOD_DAYS ? 'tooLong' : undefined;
}

/** Sales buckets that keep a chart readable: days up to two months, weeks up to a half year. */
export function defaultGranularity(period: DashboardPeriod, today: string): DashboardGranularity {
  if (period.kind === '12m') return 'month';
  if (period.kind !== 'custom') return 'day';
  const span = periodSpan(period, today);
  const days = span ? spanDays(span) : 0;
  if (days <= 62) return 'day';
  return days <= 183 ? 'week' : 'month';
}

export function granularityOf(period: DashboardPeriod, today: string): DashboardGranularity {
  return period.granularity ?? defaultGranularity(period, today);
}

/** ?from=&to= of users by country and the plan ratio (undefined: nothing to ask yet). */
export function toPeriodQuery(
  period: DashboardPeriod,
  today: string,
  limit: number,
): { from: string; to: string; limit: number } | undefined {
  if (periodProblem(period, today)) return undefined;
  const span = periodSpan(period, today);
  return span && { ...span, limit };
}

/** ?from=&to=&granularity= of the sales chart (undefined: nothing to ask yet). */
export function toSalesQuery(
  period: DashboardPeriod,
  today: string,
): { from: string; to: string; granularity: DashboardGranularity } | undefined {
  if (periodProblem(period, today)) return undefined;
  const span = periodSpan(period, today);
  return span && { ...span, granularity: granularityOf(period, today) };
}

const isKind = (value: string | null): value is PeriodKind =>
  (PERIOD_KINDS as readonly string[]).includes(value ?? '');
const isGranularity = (value: string | null): value is DashboardGranularity =>
  (DASHBOARD_GRANULARITIES as readonly string[]).includes(value ?? '');
const dateParam = (value: string | null): string | undefined =>
  value && isCalendarDate(value) ? value : undefined;

/** The period kept in the URL (?period=custom&from=&to=&granularity=); anything unknown is dropped. */
export function readPeriod(params: URLSearchParams): DashboardPeriod {
  const kindParam = params.get('period');
  const kind = isKind(kindParam) ? kindParam : DEFAULT_PERIOD_KIND;
  const granularityParam = params.get('granularity');
  const granularity = isGranularity(granularityParam) ? granularityParam : undefined;
  const from = kind === 'custom' ? dateParam(params.get('from')) : undefined;
  const to = kind === 'custom' ? dateParam(params.get('to')) : undefined;
  return {
    kind,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(granularity ? { granularity } : {}),
  };
}

/** The URL parameters of a period (the default period leaves none). */
export function writePeriod(period: DashboardPeriod, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['period', 'from', 'to', 'granularity']) next.delete(key);
  if (period.kind !== DEFAULT_PERIOD_KIND) next.set('period', period.kind);
  if (period.kind === 'custom' && period.from) next.set('from', period.from);
  if (period.kind === 'custom' && period.to) next.set('to', period.to);
  if (period.granularity) next.set('granularity', period.granularity);
  return next;
}
