import * as v from 'valibot';
import { dateFilterField } from './calendar-date';
import { defineApiMessages, encodeMessage } from './messages';
import type { PaymentStatus, ProcessingStatus } from './orders';

/*
 * The dashboard's calls (spec section 7 'Dashboard'), each one widget. A partner admin's answers
 * cover its own partner only (the session's partner scope); staff see the whole business.
 *
 * GET dashboard/exchange-rate        DashboardExchangeRate[] (exchange-rates.ts) with `trend`
 * GET dashboard/recent-purchased     DashboardRecentOrder[]        ?limit=
 * GET dashboard/user-by-country      DashboardCountryCount[]       ?from=&to=&limit=
 * GET dashboard/sales-and-revenue    DashboardSalesPoint[]         ?from=&to=&granularity=
 * GET dashboard/ratio-by-package-plan DashboardPlanRatio           ?from=&to=&limit=
 */

/** Buckets of the sales chart. */
export const DASHBOARD_GRANULARITIES = ['day', 'week', 'month'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];

/** Rows a widget shows at most (top N; the rest is summed as 'other' where it is a share). */
export const DASHBOARD_DEFAULT_LIMIT = 10;
export const DASHBOARD_MAX_LIMIT = 50;
/** The longest period one call may span, in days (a sales chart of daily buckets stays readable). */
export const DASHBOARD_MAX_PERIOD_DAYS = 366 * 3;
/** Points of an exchange rate's small trend line (the latest rates, oldest first). */
export const DASHBOARD_RATE_TREND_POINTS = 10;

/**
 * A period the API refuses (400 on `from` or `to`), after filling in a missing end: `to` defaults
 * to today, `from` to 29 days before `to`.
 */
export const DASHBOARD_MESSAGES = defineApiMessages('dashboard', {
  periodReversed: 'The start of the period must be on or before its end.',
  periodTooLong: 'A period can span at most {{days}} days.',
});

const limitField = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' ? Number(value) : value)),
    v.number(encodeMessage('invalidFormat', { format: 'number' })),
    v.integer(encodeMessage('invalidFormat', { format: 'number' })),
    v.minValue(1, encodeMessage('invalidFormat', { format: 'number' })),
    v.maxValue(DASHBOARD_MAX_LIMIT, encodeMessage('invalidFormat', { format: 'number' })),
  ),
  DASHBOARD_DEFAULT_LIMIT,
);

/**
 * A period as calendar dates in the business time zone (Asia/Tokyo), both ends included. Without
 * them the widget covers the last 30 days up to today.
 */
export const dashboardPeriodSchema = v.object({
  from: v.optional(dateFilterField()),
  to: v.optional(dateFilterField()),
  limit: limitField,
});
export type DashboardPeriodQuery = v.InferOutput<typeof dashboardPeriodSchema>;

export const dashboardSalesSchema = v.object({
  from: v.optional(dateFilterField()),
  to: v.optional(dateFilterField()),
  granularity: v.optional(v.picklist(DASHBOARD_GRANULARITIES), 'day'),
});
export type DashboardSalesQuery = v.InferOutput<typeof dashboardSalesSchema>;

export const dashboardRecentSchema = v.object({ limit: limitField });
export type DashboardRecentQuery = v.InferOutput<typeof dashboardRecentSchema>;

/** One of the latest orders. Money in whole JPY. */
export interface DashboardRecentOrder {
  id: string;
  orderNo: string;
  partnerName: string;
  customerName: string;
  /** Product names of the order's lines, in line order. */
  products: string[];
  quantity: number;
  finalPrice: number;
  currency: string;
  processingStatus: ProcessingStatus;
  paymentStatus: PaymentStatus;
  purchaseDate: string;
}

/** eSIM users by the country they use the eSIM in: eSIMs sold per country of use. */
export interface DashboardCountryCount {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** English name; the console shows the user's language from its own country list. */
  countryName: string;
  esims: number;
}

/** One bucket of the sales chart: revenue (columns) and order count (line). */
export interface DashboardSalesPoint {
  /** First day of the bucket, yyyy-MM-dd (business time zone). Empty buckets are included. */
  period: string;
  /** Sum of orders' final price, whole JPY. */
  revenue: number;
  orders: number;
}

/** Share of eSIMs sold per package plan (product), top N plus the rest. */
export interface DashboardPlanRatio {
  total: number;
  plans: { productId: string; productName: string; esims: number }[];
  /** eSIMs of the plans beyond the top N. */
  other: number;
}
