import type { DashboardGranularity } from '@esim/contracts';
import { addDays } from '../list-helpers';
import { monthStart, nextMonthStart, type BusinessPeriod } from './period';

/** The Monday of the week of `day` (weeks start on Monday, as ISO and date_trunc('week') do). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The first day of every bucket that holds a day of the period, in order. The first and last
 * bucket may be partial (a week or month the period starts or ends inside): they count only the
 * period's days, and carry the first day of the calendar week or month.
 */
export function salesBuckets(period: BusinessPeriod, granularity: DashboardGranularity): string[] {
  const first = { day: period.from, week: weekStart(period.from), month: monthStart(period.from) }[
    granularity
  ];
  const next = (start: string) =>
    granularity === 'day'
      ? addDays(start, 1)
      : granularity === 'week'
        ? addDays(start, 7)
        : nextMonthStart(start);
  const buckets: string[] = [];
  for (let start = first; start <= period.to; start = next(start)) buckets.push(start);
  return buckets;
}
