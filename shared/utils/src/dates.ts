import dayjs from 'dayjs';

/** Spec section 9 date formats (Unicode / date-fns tokens as the spec writes them). */
export const DATE_FORMAT = 'yyyy-MM-dd';
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
/** Japanese year-month-day variants, used when the interface language is Japanese. */
export const DATE_FORMAT_JA = 'yyyy年MM月dd日';
export const DATE_TIME_FORMAT_JA = 'yyyy年MM月dd日 HH:mm:ss';

const JAPANESE_VARIANTS: Record<string, string> = {
  [DATE_FORMAT]: DATE_FORMAT_JA,
  [DATE_TIME_FORMAT]: DATE_TIME_FORMAT_JA,
};

export type DateInput = Date | string | number | null | undefined;

/**
 * Turns a Unicode date pattern into dayjs tokens: 'yyyy' -> 'YYYY', 'dd' -> 'DD'
 * (in dayjs 'd' is the weekday); quoted text ('at') becomes a dayjs literal ([at]).
 * MM, HH, mm and ss mean the same in both.
 */
export function toDayjsPattern(pattern: string): string {
  return pattern.replace(/'([^']*)'|y+|d{1,2}/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal === '' ? "'" : `[${literal}]`;
    return token[0] === 'y' ? token.replace(/y/g, 'Y') : token.replace(/d/g, 'D');
  });
}

/** The pattern to use for a language: the Japanese variant of a standard format for 'ja'. */
export function datePatternFor(pattern: string, lang?: string): string {
  const isJapanese = lang !== undefined && /^ja(-|_|$)/i.test(lang);
  return (isJapanese && JAPANESE_VARIANTS[pattern]) || pattern;
}

/**
 * Formats a date (Date, ISO string or epoch ms) in local time with a spec pattern; in Japanese
 * the year-month-day variant is used. Returns '' for an empty or invalid date (wrap with
 * displayValue to show the not-available placeholder).
 */
export function formatDate(value: DateInput, pattern: string = DATE_FORMAT, lang?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date.format(toDayjsPattern(datePatternFor(pattern, lang)));
}

/** Formats with DATE_TIME_FORMAT (or its Japanese variant). */
export function formatDateTime(value: DateInput, lang?: string): string {
  return formatDate(value, DATE_TIME_FORMAT, lang);
}
