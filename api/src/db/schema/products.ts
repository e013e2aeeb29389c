import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roundCurrency } from './reference';
import { suppliers } from './suppliers';

export const PRODUCT_TYPE_VALUES = ['daypass', 'package'] as const;
export const PRODUCT_NETWORK_VALUES = ['local', 'round'] as const;
export const PRODUCT_STATUS_VALUES = ['active', 'inactive'] as const;

/**
 * Products (api/drizzle/0006_products_tariffs.sql), minimal: what tariffs price. Money in minor
 * units of `costCurrency`; `sellingPriceJpy` in whole yen.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    productCode: text('product_code').notNull(),
    category: text('category'),
    costMinor: integer('cost_minor').notNull(),
    costCurrency: text('cost_currency')
      .notNull()
      .references(() => roundCurrency.isoCode),
    priceMinor: integer('price_minor'),
    /** null = unlimited. */
    dataMb: integer('data_mb'),
    durationDays: integer('duration_days').notNull(),
    coverage: text('coverage')
      .array()
      .notNull()
      .default(sql`'{}'`),
    type: text('type', { enum: PRODUCT_TYPE_VALUES }).notNull(),
    network: text('network', { enum: PRODUCT_NETWORK_VALUES }).notNull(),
    sellingPriceJpy: integer('selling_price_jpy'),
    status: text('status', { enum: PRODUCT_STATUS_VALUES }).notNull().default('active'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('products_code_unique').on(sql`lower(${t.productCode})`),
    index('products_supplier_idx').on(t.supplierId),
    index('products_currency_idx').on(t.costCurrency),
  ],
);
