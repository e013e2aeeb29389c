import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roundCurrency } from './reference';

/**
 * Exchange rates to the base currency (JPY), with history (api/drizzle/0005_audit_suppliers_rates.sql):
 * 1 unit of `currency` = `rate` JPY from `effectiveDate` on. Read the current ones through
 * getCurrentRates() (src/areas/exchange-rates/rates.ts).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    currency: text('currency')
      .notNull()
      .references(() => roundCurrency.isoCode),
    baseCurrency: text('base_currency')
      .notNull()
      .default('JPY')
      .references(() => roundCurrency.isoCode),
    /** Decimal text ('151.234567'), numeric(20, 8). */
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('exchange_rates_current_idx').on(
      t.currency,
      t.baseCurrency,
      t.effectiveDate.desc(),
      t.createdAt.desc(),
    ),
    index('exchange_rates_effective_idx').on(t.effectiveDate),
  ],
);
