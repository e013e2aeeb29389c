import { isCalendarDateTime } from '@esim/contracts';

/*
 * Exports show instants the way the console shows them: local date and time of the user who
 * exported (the console sends its IANA time zone in the X-Time-Zone header), with the offset so
 * the value stays unambiguous: '2026-11-25 19:31:05 +09:00'. Without a valid zone: UTC.
 */

export const TIME_ZONE_HEADER = 'x-time-zone';

/** An instant as JSON carries it ('2026-11-25T10:31:05.123Z'); plain days are left alone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A header value that names a time zone this runtime knows, else 'UTC'. */
export function resolveTimeZone(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return 'UTC';
  try {
    formatterFor(value);
    return value;
  } catch {
    return 'UTC';
  }
}

/**
 * An instant as JSON carries it, naming a real date and time: text only shaped like one (hour 99,
 * 30 February: a name or remark someone typed) is no instant, and is written as the text it is.
 */
export function isIsoInstant(text: string): boolean {
  return ISO_INSTANT.test(text) && isCalendarDateTime(text);
}

/** 'yyyy-MM-dd HH:mm:ss +hh:mm' in the zone. */
export function formatInstant(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  // longOffset is 'GMT+09:00', or plain 'GMT' at UTC itself.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}
