import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers';

/**
 * The last catalogue fetched from each API supplier (api/drizzle/0008_supplier_sync.sql), one row
 * per supplier product, normalised: cost in minor units, data in MB (null = unlimited), days,
 * ISO country codes. `hash` is what apply checks against what the person saw.
 */
export const supplierCatalogueItems = pgTable(
  'supplier_catalogue_items',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    description: text('description').notNull(),
    costMinor: integer('cost_minor').notNull(),
    costCurrency: text('cost_currency').notNull(),
    dataMb: integer('data_mb'),
    durationDays: integer('duration_days').notNull(),
    coverage: text('coverage')
      .array()
      .notNull()
      .default(sql`'{}'`),
    hash: text('hash').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.ref] })],
);
