import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardGranularity } from '@esim/contracts';
import { getFormatters, useMoneyFormat } from '@esim/platform';
import { displayValue, formatDate, formatDateTime } from '@esim/utils';

/** A calendar date (yyyy-MM-dd) as a UTC instant, so no time zone moves it to another day. */
function utcDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function displayNames(locale: string, type: 'region' | 'currency'): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'none' });
  } catch {
    return undefined;
  }
}

/** A code's name in the language; a code it does not know (or not a code at all) keeps the fallback. */
function nameOf(names: Intl.DisplayNames | undefined, code: string, fallback: string): string {
  try {
    return names?.of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Formatters of a language's figures (Intl), built once per language. */
export function dashboardFormatters(locale: string) {
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const dayLabel = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const monthLabel = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const regions = displayNames(locale, 'region');
  const currencies = displayNames(locale, 'currency');
  return {
    /** 12345 -> '12,345' / '12.345' by language. */
    count: (value: number) => count.format(value),
    /** A decimal rate text, up to 6 decimals, by language. */
    rate: (value: string) => {
      const number = Number(value);
      return Number.isFinite(number) ? rate.format(number) : value;
    },
    /** 0.125 -> '12.5%'. */
    percent: (value: number) => percent.format(value),
    /** A sales bucket's label: its first day, or its month for monthly buckets. */
    bucket: (period: string, granularity: DashboardGranularity) =>
      (granularity === 'month' ? monthLabel : dayLabel).format(utcDate(period)),
    /** An ISO 3166 code in the user's language (Intl.DisplayNames), else the API's English name. */
    country: (code: string, englishName: string) => nameOf(regions, code, englishName),
    /** An ISO 4217 code in the user's language, else the API's English name. */
    currency: (code: string, englishName: string) => nameOf(currencies, code, englishName),
  };
}

export type DashboardFormatters = ReturnType<typeof dashboardFormatters>;

/** The dashboard's formatters in the current language; money through the platform (JPY). */
export function useDashboardFormat() {
  const { i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const money = useMoneyFormat();
  return useMemo(() => {
    const formatters = dashboardFormatters(getFormatters(language).locale);
    return {
      ...formatters,
      /** Whole yen: 3069 -> '3,069 JPY'. */
      yen: (amount: number | null | undefined) => money(amount, 'JPY'),
      date: (value: string) => displayValue(formatDate(value, undefined, language)),
      dateTime: (value: string) => displayValue(formatDateTime(value, language)),
    };
  }, [language, money]);
}
