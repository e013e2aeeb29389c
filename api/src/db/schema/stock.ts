import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products';

export const STOCK_STATUS_VALUES = [
  'on_hand',
  'holding',
  'assigned',
  'sold_out',
  'temporary_not_available',
  'not_available',
  'wasted',
] as const;

/**
 * eSIM stock items (api/drizzle/0009_stock.sql). The activation code is stored sealed
 * (api/src/secrets) plus a masked hint; the status matrix lives in @esim/contracts (stock.ts).
 */
export const stockItems = pgTable(
  'stock_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    // COLLATE "C" (migration 0011): digits only, so the unique index also answers prefixes.
    iccid: text('iccid').notNull(),
    activationCodeSealed: text('activation_code_sealed').notNull(),
    activationCodeMasked: text('activation_code_masked').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    status: text('status', { enum: STOCK_STATUS_VALUES }).notNull().default('on_hand'),
    statusReason: text('status_reason'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    activeExpireDate: date('active_expire_date', { mode: 'string' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importId: uuid('import_id'),
    importFileName: text('import_file_name'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('stock_items_iccid_unique').on(t.iccid),
    index('stock_items_product_status_imported_idx').on(
      t.productId,
      t.status,
      t.importedAt.desc(),
      t.id.desc(),
    ),
    index('stock_items_product_imported_idx').on(t.productId, t.importedAt.desc(), t.id.desc()),
    index('stock_items_product_expire_idx').on(t.productId, t.activeExpireDate, t.id),
    index('stock_items_imported_idx').on(t.importedAt.desc(), t.id.desc()),
    index('stock_items_expire_idx').on(t.activeExpireDate, t.id),
    index('stock_items_hold_idx')
      .on(t.holdUntil)
      .where(sql`status = 'holding'`),
  ],
);

/** Item counts per product and status, kept by statement-level triggers on stock_items. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    items: bigint('items', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.status] })],
);

/**
 * Items per product, status and active expire date (api/drizzle/0012): "expiring soon"
 * and expiry-window totals are sums over these buckets. Kept by the same triggers.
 */
export const stockExpiryCounts = pgTable(
  'stock_expiry_counts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    activeExpireDate: date('active_expire_date', { mode: 'string' }).notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.status, t.activeExpireDate] }),
    // INCLUDE (product_id, items) in the migration: drizzle's index builder has no INCLUDE.
    index('stock_expiry_counts_status_date_idx').on(t.status, t.activeExpireDate),
  ],
);

/** All-stock counts by status in 16 stripes by product (api/drizzle/0012, stock_stripe()). */
export const stockCountsAll = pgTable(
  'stock_counts_all',
  {
    stripe: smallint('stripe').notNull(),
    status: text('status').notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.stripe] })],
);

/** All-stock items per status and expire date in 16 stripes (api/drizzle/0012). */
export const stockExpiryCountsAll = pgTable(
  'stock_expiry_counts_all',
  {
    status: text('status').notNull(),
    activeExpireDate: date('active_expire_date', { mode: 'string' }).notNull(),
    stripe: smallint('stripe').notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.activeExpireDate, t.stripe] })],
);

/** Items and the last import per product (api/drizzle/0012), kept by the same triggers. */
export const stockProductSummary = pgTable('stock_product_summary', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  items: bigint('items', { mode: 'number' }).notNull().default(0),
  lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
});

/**
 * Staged stock imports (api/drizzle/0011_stock_import_staging.sql, UNLOGGED): a dry run without
 * row errors, its rows checked and sealed, waiting for the apply (api/src/areas/stock/staging.ts).
 */
export const stockImportStaging = pgTable('stock_import_staging', {
  id: uuid('id').primaryKey(),
  productId: uuid('product_id').notNull(),
  fileName: text('file_name').notNull(),
  createdBy: text('created_by').notNull(),
  totalRows: integer('total_rows').notNull(),
  validRows: integer('valid_rows').notNull(),
  expiredRows: integer('expired_rows').notNull(),
  firstRow: integer('first_row').notNull(),
  lastRow: integer('last_row').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
});

export const stockImportStagedRows = pgTable(
  'stock_import_staged_rows',
  {
    importId: uuid('import_id').notNull(),
    fileRow: integer('file_row').notNull(),
    iccid: text('iccid').notNull(),
    activationCodeSealed: text('activation_code_sealed').notNull(),
    activationCodeMasked: text('activation_code_masked').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    activeExpireDate: date('active_expire_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.fileRow] })],
);
