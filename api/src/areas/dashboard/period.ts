import { DASHBOARD_MAX_PERIOD_DAYS, DASHBOARD_MESSAGES, businessToday } from '@esim/contracts';
import { invalidField } from '../../csv';
import { ValidationError } from '../../http/errors';
import { addDays } from '../list-helpers';

/** Days a period covers without `from`: the last 30 days up to `to`. */
export const DASHBOARD_DEFAULT_PERIOD_DAYS = 30;

/** Business days (yyyy-MM-dd, Asia/Tokyo), both included. */
export interface BusinessPeriod {
  from: string;
  to: string;
}

/** Japan has no daylight saving time. */
const TOKYO_OFFSET = '+09:00';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The days a period may name: date arithmetic and PostgreSQL agree on them. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '9998-12-31';

/**
 * The business day a from/to value names: a date as it is; a date-time with an offset is the
 * Tokyo day of that instant; one without an offset is Tokyo time already (as the order list reads
 * its filter). null outside FIRST_DAY..LAST_DAY.
 */
export function businessDayOf(value: string): string | null {
  let day = value;
  if (!DAY.test(value)) {
    const instant = new Date(
      /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}${TOKYO_OFFSET}`,
    );
    day = Number.isNaN(instant.getTime()) ? '' : businessToday(instant);
  }
  return DAY.test(day) && day >= FIRST_DAY && day <= LAST_DAY ? day : null;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The period a widget covers: `to` defaults to today, `from` to 29 days before `to`. A start after
 * the end, or more than DASHBOARD_MAX_PERIOD_DAYS days, is a 400.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  today = businessToday(),
): BusinessPeriod {
  const to = query.to === undefined ? today : businessDayOf(query.to);
  if (!to) invalidField('to', 'invalidFormat', { format: 'date' });
  const from =
    query.from === undefined
      ? addDays(to, -(DASHBOARD_DEFAULT_PERIOD_DAYS - 1))
      : businessDayOf(query.from);
  if (!from) invalidField('from', 'invalidFormat', { format: 'date' });
  if (from > to) {
    throw new ValidationError([{ field: 'from', message: DASHBOARD_MESSAGES.periodReversed }]);
  }
  if (daysBetween(from, to) + 1 > DASHBOARD_MAX_PERIOD_DAYS) {
    throw new ValidationError([
      {
        field: 'to',
        message: DASHBOARD_MESSAGES.periodTooLong({ days: DASHBOARD_MAX_PERIOD_DAYS }),
      },
    ]);
  }
  return { from, to };
}

/** The first day of the month of `day`. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after the month of `day`. */
export function nextMonthStart(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * A run of aggregate rows of one grain, added (sign 1) or taken away (sign -1): the days
 * from..to, or the months starting from..to.
 */
export interface GrainRange {
  grain: 'day' | 'month';
  from: string;
  to: string;
  sign: 1 | -1;
}

function daysIn(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** Appends the range, merged into the last one when it continues it. */
function pushRange(ranges: GrainRange[], range: GrainRange): void {
  const last = ranges.at(-1);
  const continues =
    last !== undefined &&
    last.grain === range.grain &&
    last.sign === range.sign &&
    (range.grain === 'day' ? addDays(last.to, 1) : nextMonthStart(last.to)) === range.from;
  if (continues) last.to = range.to;
  else ranges.push(range);
}

/**
 * The fewest aggregate rows that sum to the period (the month rows hold the sum of their days):
 * per calendar month it touches, the month row when the period covers all of it; the covered days
 * when they are at most half of the month; else the month row minus the days left out. A period
 * of three years reads ~36 month rows and at most ~30 day rows per key instead of 1,098 days.
 */
export function grainRanges({ from, to }: BusinessPeriod): GrainRange[] {
  const ranges: GrainRange[] = [];
  for (let start = monthStart(from); start <= to; start = nextMonthStart(start)) {
    const end = addDays(nextMonthStart(start), -1);
    const first = from > start ? from : start;
    const last = to < end ? to : end;
    if (first === start && last === end) {
      pushRange(ranges, { grain: 'month', from: start, to: start, sign: 1 });
    } else if (daysIn(first, last) * 2 <= daysIn(start, end)) {
      pushRange(ranges, { grain: 'day', from: first, to: last, sign: 1 });
    } else {
      ranges.push({ grain: 'month', from: start, to: start, sign: 1 });
      if (first > start)
        ranges.push({ grain: 'day', from: start, to: addDays(first, -1), sign: -1 });
      if (last < end) ranges.push({ grain: 'day', from: addDays(last, 1), to: end, sign: -1 });
    }
  }
  return ranges;
}
