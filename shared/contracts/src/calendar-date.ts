import * as v from 'valibot';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Dates the API hands to the database must be real: 2024-13-01, 2025-02-30 and 0000-00-00 pass a
 * yyyy-MM-dd pattern but make PostgreSQL fail ("date/time field value out of range").
 */

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Year 1..9999, month 1..12, day within that month. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * yyyy-MM-dd, optionally followed by THH:mm[:ss[.fraction]][Z|±hh:mm], naming a real date and a
 * real time of day (offsets up to ±14:59).
 */
export function isCalendarDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return false;
  if (match[4] === undefined) return true;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[8] === undefined) return true;
  return Number(match[8]) <= 14 && Number(match[9]) <= 59;
}

/** The date filter of a list (from, to): a real date, or a real date and time. */
export function dateFilterField() {
  return v.pipe(
    safeString(encodeMessage('invalidFormat', { format: 'date' })),
    v.trim(),
    v.regex(DATE_TIME, encodeMessage('invalidFormat', { format: 'date' })),
    v.check(isCalendarDateTime, encodeMessage('invalidFormat', { format: 'date' })),
  );
}
