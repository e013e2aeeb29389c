import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roundCurrency } from './reference';
import { suppliers } from './suppliers';

export const PRODUCT_TYPE_VALUES = ['daypass', 'package'] as const;
export const PRODUCT_NETWORK_VALUES = ['local', 'round'] as const;
export const PRODUCT_STATUS_VALUES = ['active', 'inactive'] as const;
export const APN_TYPE_VALUES = ['automatic', 'manual'] as const;

/**
 * Products (api/drizzle/0006_products_tariffs.sql, extended by 0007_products_catalogue.sql).
 * Money in minor units of `costCurrency`; `sellingPriceJpy` and `specialPriceJpy` in whole yen.
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
    /** Single-profile products: 19-20 digits starting with 89, Luhn-valid (isValidIccid). */
    iccid: text('iccid'),
    display: text('display'),
    /** kbps once the data runs out. */
    throttlingSpeed: integer('throttling_speed').notNull().default(128),
    apnType: text('apn_type', { enum: APN_TYPE_VALUES }).notNull().default('automatic'),
    apnValue: text('apn_value'),
    description: text('description'),
    specialPriceJpy: integer('special_price_jpy'),
    /** Inclusive validity period of the special price (yyyy-MM-dd, Asia/Tokyo); null = open. */
    specialFrom: date('special_from', { mode: 'string' }),
    specialTo: date('special_to', { mode: 'string' }),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('products_code_unique').on(sql`lower(${t.productCode})`),
    // 0013 also INCLUDEs product_code (index-only pages), which drizzle's builder cannot express.
    index('products_code_c_idx').on(sql`(lower(${t.productCode}) COLLATE "C")`, t.id),
    // The stock list's default order (api/drizzle/0012).
    index('products_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    index('products_supplier_idx').on(t.supplierId),
    index('products_currency_idx').on(t.costCurrency),
    uniqueIndex('products_iccid_unique')
      .on(t.iccid)
      .where(sql`${t.iccid} IS NOT NULL`),
    index('products_labels_idx').using('gin', t.labels),
    index('products_category_idx').on(sql`lower(${t.category})`),
  ],
);
