import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { partners } from './partners';
import { products } from './products';

/*
 * Campaign codes (api/drizzle/0021_campaigns.sql, docs/campaigns.md). The unique indexes on
 * lower(code), the CHECKs and the row-level security policies live in the migration.
 */
export const campaigns = pgTable('campaigns', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: ['coupon', 'invitation'] }).notNull(),
  discountType: text('discount_type', { enum: ['price', 'percent'] }).notNull(),
  discountValue: bigint('discount_value', { mode: 'number' }).notNull(),
  useQuantity: integer('use_quantity'),
  remainingQuantity: integer('remaining_quantity'),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }).notNull(),
  allPartners: boolean('all_partners').notNull().default(true),
  allProducts: boolean('all_products').notNull().default(true),
  voucherCodeCount: integer('voucher_code_count').notNull().default(0),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  updatedBy: text('updated_by').notNull(),
});

export const campaignPartners = pgTable(
  'campaign_partners',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.partnerId] })],
);

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] })],
);

export const campaignCodes = pgTable('campaign_codes', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  status: text('status', { enum: ['unused', 'used'] })
    .notNull()
    .default('unused'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedOrderId: uuid('used_order_id').references(() => orders.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const campaignRedemptions = pgTable('campaign_redemptions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'restrict' }),
  codeId: uuid('code_id').references(() => campaignCodes.id, { onDelete: 'restrict' }),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  partnerId: uuid('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'restrict' }),
  code: text('code').notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
});
