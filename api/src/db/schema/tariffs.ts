import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

export const BASE_TARIFF_VALUES = ['cost', 'price'] as const;
export const INPUT_MODE_VALUES = ['auto', 'manual'] as const;

/** Tariff groups = tariff profiles: the pricing rule (api/drizzle/0006_products_tariffs.sql). */
export const tariffGroups = pgTable(
  'tariff_groups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tariffGroup: text('tariff_group').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    baseTariff: text('base_tariff', { enum: BASE_TARIFF_VALUES }).notNull().default('cost'),
    logic1: smallint('logic1').notNull().default(40),
    logic2: integer('logic2').notNull().default(0),
    logic3: smallint('logic3').notNull().default(0),
    inputMode: text('input_mode', { enum: INPUT_MODE_VALUES }).notNull().default('auto'),
    importFrom: uuid('import_from').references((): AnyPgColumn => tariffGroups.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('tariff_groups_code_unique').on(sql`lower(${t.tariffGroup})`),
    index('tariff_groups_created_idx').on(t.createdAt, t.id),
  ],
);

/** Tariff codes: price lists inside a group; a null override inherits the group's value. */
export const tariffCodes = pgTable(
  'tariff_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    groupId: uuid('group_id')
      .notNull()
      .references(() => tariffGroups.id, { onDelete: 'restrict' }),
    tariffCode: text('tariff_code').notNull(),
    name: text('name'),
    description: text('description'),
    baseTariff: text('base_tariff', { enum: BASE_TARIFF_VALUES }),
    logic1: smallint('logic1'),
    logic2: integer('logic2'),
    logic3: smallint('logic3'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('tariff_codes_code_unique').on(sql`lower(${t.tariffCode})`),
    index('tariff_codes_group_idx').on(t.groupId, t.tariffCode),
  ],
);

/** Manual selling prices per tariff code and product (whole JPY). */
export const tariffPrices = pgTable(
  'tariff_prices',
  {
    tariffCodeId: uuid('tariff_code_id')
      .notNull()
      .references(() => tariffCodes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceJpy: integer('price_jpy').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tariffCodeId, t.productId] }),
    index('tariff_prices_product_idx').on(t.productId),
  ],
);
