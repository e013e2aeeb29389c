import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { branches } from './branches';
import { partners } from './partners';
import { products } from './products';
import { stockItems } from './stock';
import { suppliers } from './suppliers';
import { tariffCodes } from './tariffs';

export const PAYMENT_STATUS_VALUES = ['not_yet_paid', 'paid', 'partially_paid'] as const;
export const PROCESSING_STATUS_VALUES = ['pending', 'processing', 'success', 'failed'] as const;
export const ORDER_ITEM_STATUS_VALUES = [
  'pending',
  'processing',
  'delivered',
  'failed',
  'returned',
  'removed',
] as const;
export const RETURNED_TO_VALUES = ['on_hand', 'wasted'] as const;

/** One line of a cart (carts.lines). */
export interface CartLineRecord {
  productId: string;
  quantity: number;
}

/** A staff member's cart, the wizard's draft (api/drizzle/0018_orders.sql). */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
  lines: jsonb('lines').$type<CartLineRecord[]>().notNull().default([]),
  customerName: text('customer_name'),
  useCountries: text('use_countries')
    .array()
    .notNull()
    .default(sql`'{}'`),
  notes: text('notes'),
  campaignCode: text('campaign_code'),
  idempotencyKey: text('idempotency_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Orders (api/drizzle/0018_orders.sql): money in whole JPY, prices frozen at purchase. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderNo: text('order_no').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    partnerName: text('partner_name').notNull(),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    tariffCodeId: uuid('tariff_code_id').references(() => tariffCodes.id, {
      onDelete: 'restrict',
    }),
    tariffCode: text('tariff_code').notNull(),
    pricingRule: jsonb('pricing_rule').notNull(),
    customerName: text('customer_name').notNull(),
    useCountries: text('use_countries')
      .array()
      .notNull()
      .default(sql`'{}'`),
    notes: text('notes'),
    paymentProviderOrderId: text('payment_provider_order_id'),
    currency: text('currency').notNull().default('JPY'),
    purchasePrice: bigint('purchase_price', { mode: 'number' }).notNull(),
    subTotal: bigint('sub_total', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    finalPrice: bigint('final_price', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').notNull().default([]),
    exchangeRates: jsonb('exchange_rates').notNull().default([]),
    campaignId: uuid('campaign_id'),
    campaignCode: text('campaign_code'),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES })
      .notNull()
      .default('not_yet_paid'),
    processingStatus: text('processing_status', { enum: PROCESSING_STATUS_VALUES })
      .notNull()
      .default('pending'),
    processingError: text('processing_error'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_no_unique').on(t.orderNo),
    uniqueIndex('orders_idempotency_key_unique').on(t.idempotencyKey),
    index('orders_purchased_idx').on(t.purchasedAt.desc(), t.id.desc()),
    index('orders_partner_purchased_idx').on(t.partnerId, t.purchasedAt.desc(), t.id.desc()),
    index('orders_payment_purchased_idx').on(t.paymentStatus, t.purchasedAt.desc(), t.id.desc()),
    index('orders_processing_purchased_idx').on(
      t.processingStatus,
      t.purchasedAt.desc(),
      t.id.desc(),
    ),
    // customer_name_lower is 0018's generated column, lower(customer_name); not mapped here.
    index('orders_customer_lower_idx').on(sql`customer_name_lower text_pattern_ops`),
    index('orders_campaign_idx')
      .on(t.campaignId)
      .where(sql`campaign_id IS NOT NULL`),
    // The list's sorts (api/drizzle/0019): each key, then purchased_at DESC, id DESC; texts
    // lower-cased in the "C" collation (their indexes also answer the searches by prefix).
    index('orders_order_no_c_idx').on(
      sql`(lower(${t.orderNo}) COLLATE "C")`,
      t.purchasedAt.desc(),
      t.id.desc(),
    ),
    index('orders_partner_name_c_idx').on(
      sql`(lower(${t.partnerName}) COLLATE "C")`,
      t.purchasedAt.desc(),
      t.id.desc(),
    ),
    index('orders_customer_c_idx').on(
      sql`(customer_name_lower COLLATE "C")`,
      t.purchasedAt.desc(),
      t.id.desc(),
    ),
    index('orders_final_price_idx').on(t.finalPrice, t.purchasedAt.desc(), t.id.desc()),
  ],
);

/**
 * The total of all orders in 16 stripes by order id (api/drizzle/0019), kept by statement-level
 * triggers on orders (orders_count_apply()): the unfiltered order list's total.
 */
export const ordersCountAll = pgTable('orders_count_all', {
  stripe: smallint('stripe').primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
});

/** One product of an order with its quantity, priced and frozen at purchase. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    deliveryType: text('delivery_type', { enum: ['api', 'stock'] }).notNull(),
    supplierRef: text('supplier_ref'),
    dataMb: integer('data_mb'),
    durationDays: integer('duration_days').notNull(),
    coverage: text('coverage')
      .array()
      .notNull()
      .default(sql`'{}'`),
    quantity: integer('quantity').notNull(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    priceSource: text('price_source').notNull(),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    unique('order_lines_order_id_position_key').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
  ],
);

/** One eSIM of an order (taken from stock at purchase, or delivered by the supplier). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    stockItemId: uuid('stock_item_id').references(() => stockItems.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_ITEM_STATUS_VALUES }).notNull().default('pending'),
    iccid: text('iccid'),
    smdpAddress: text('smdp_address'),
    activationCodeSealed: text('activation_code_sealed'),
    activationCodeMasked: text('activation_code_masked'),
    supplierReference: text('supplier_reference'),
    deliveryError: text('delivery_error'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    returnedTo: text('returned_to', { enum: RETURNED_TO_VALUES }),
    returnReason: text('return_reason'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    unique('order_items_order_id_position_key').on(t.orderId, t.position),
    index('order_items_line_idx').on(t.lineId),
    index('order_items_waiting_idx')
      .on(t.updatedAt)
      .where(sql`status IN ('pending', 'processing')`),
    // One live order item per stock item: a stock item is never sold twice.
    uniqueIndex('order_items_stock_item_unique')
      .on(t.stockItemId)
      .where(sql`stock_item_id IS NOT NULL AND status IN ('pending', 'processing', 'delivered')`),
    index('order_items_iccid_idx')
      .on(t.iccid)
      .where(sql`iccid IS NOT NULL`),
    // The eSIMs an order counts, from the index alone (api/drizzle/0019).
    index('order_items_live_order_idx')
      .on(t.orderId)
      .where(sql`status <> 'removed'`),
  ],
);

/** Payments received for an order; the payment status follows from their sum. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.paidOn, t.id),
    // A revenue import must not record the same payment twice.
    uniqueIndex('order_payments_reference_unique')
      .on(t.orderId, t.reference)
      .where(sql`reference IS NOT NULL`),
  ],
);
