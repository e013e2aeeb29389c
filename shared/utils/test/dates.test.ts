import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_FORMAT_JA,
  DATE_TIME_FORMAT,
  DATE_TIME_FORMAT_JA,
  datePatternFor,
  formatDate,
  formatDateTime,
  toDayjsPattern,
} from '../src';

// Local time, so the expectations hold in any time zone.
const moment = new Date(2025, 0, 5, 9, 3, 7);

describe('date formats', () => {
  it('are the spec formats and their Japanese year-month-day variants', () => {
    expect(DATE_FORMAT).toBe('yyyy-MM-dd');
    expect(DATE_TIME_FORMAT).toBe('yyyy-MM-dd HH:mm:ss');
    expect(DATE_FORMAT_JA).toBe('yyyy年MM月dd日');
    expect(DATE_TIME_FORMAT_JA).toBe('yyyy年MM月dd日 HH:mm:ss');
  });

  it('map to dayjs tokens', () => {
    expect(toDayjsPattern(DATE_TIME_FORMAT)).toBe('YYYY-MM-DD HH:mm:ss');
    expect(toDayjsPattern(DATE_FORMAT_JA)).toBe('YYYY年MM月DD日');
    expect(toDayjsPattern("dd 'at' HH")).toBe('DD [at] HH');
  });
});

describe('formatDate', () => {
  it('formats dates and date-times', () => {
    expect(formatDate(moment)).toBe('2025-01-05');
    expect(formatDate(moment, DATE_TIME_FORMAT)).toBe('2025-01-05 09:03:07');
    expect(formatDateTime(moment)).toBe('2025-01-05 09:03:07');
    expect(formatDate(moment.getTime(), DATE_FORMAT)).toBe('2025-01-05');
    expect(formatDate('2025-12-31')).toBe('2025-12-31');
  });

  it('uses the Japanese variants in Japanese', () => {
    expect(formatDate(moment, DATE_FORMAT, 'ja')).toBe('2025年01月05日');
    expect(formatDate(moment, DATE_TIME_FORMAT, 'ja-JP')).toBe('2025年01月05日 09:03:07');
    expect(formatDateTime(moment, 'ja')).toBe('2025年01月05日 09:03:07');
    expect(formatDate(moment, DATE_FORMAT, 'de')).toBe('2025-01-05');
    expect(datePatternFor('HH:mm', 'ja')).toBe('HH:mm');
  });

  it('returns an empty string for empty or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
