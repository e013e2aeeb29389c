import { bigint, date, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/*
 * The dashboard's maintained aggregates (api/drizzle/0024_dashboard.sql, docs/dashboard.md),
 * written only by the triggers on orders and order_lines and by the compaction task. partner_id
 * is the partner, or the nil uuid (DASHBOARD_ALL_PARTNERS) for the rows of every partner; rows are
 * striped by order id (readers sum the stripes). The trigger functions and the row-level security
 * policies live in the migration.
 */

/** The key of the rows that sum every partner (dashboard_all_partners() in SQL). */
export const DASHBOARD_ALL_PARTNERS = '00000000-0000-0000-0000-000000000000';

export const DASHBOARD_GRAINS = ['day', 'month'] as const;

/** Revenue (final price, whole JPY) and orders per business day (Asia/Tokyo). */
export const dashboardSales = pgTable(
  'dashboard_sales',
  {
    partnerId: uuid('partner_id').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    stripe: smallint('stripe').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.businessDay, t.stripe] })],
);

/**
 * eSIMs per product (package plan) and country of use, per business day and per calendar month
 * (period_start): `esims` counts a line's quantity once (the plan ratio), `countryEsims` in each
 * of its countries of use (country '' holds the lines without one).
 */
export const dashboardEsims = pgTable(
  'dashboard_esims',
  {
    partnerId: uuid('partner_id').notNull(),
    grain: text('grain', { enum: DASHBOARD_GRAINS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    country: text('country').notNull(),
    stripe: smallint('stripe').notNull(),
    esims: bigint('esims', { mode: 'number' }).notNull(),
    countryEsims: bigint('country_esims', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.partnerId, t.grain, t.periodStart, t.productId, t.country, t.stripe],
    }),
  ],
);
