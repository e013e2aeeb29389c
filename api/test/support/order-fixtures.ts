/**
 * Orders written straight into the database (partners, a stock product, stock items and orders
 * with their lines, items and payments), for the tests of managing orders: they do not depend on
 * the purchase route, and can place an order at any time, amount and status.
 */
import { luhnCheckDigit, type OrderItemStatus, type StockStatus } from '@esim/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_ACTIVATION_CODE_PURPOSE } from '../../src/areas/orders/order-items';
import { createSecretBox } from '../../src/secrets';
import type { TestContext } from './app';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let serial = 0;
const next = () => (serial += 1);

export function iccidOf(n: number): string {
  const body = `898107${String(n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export async function insertPartner(t: TestContext, name: string): Promise<string> {
  const code = `OP${next()}${randomBytes(2).toString('hex')}`.toUpperCase();
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO partners (name, code, target, created_by, updated_by)
      VALUES (${name}, ${code}, 'affiliate', 'test', 'test') RETURNING id`),
  );
  return row!.id;
}

export interface StockProduct {
  supplierId: string;
  productId: string;
  productCode: string;
}

export async function insertStockProduct(t: TestContext, name: string): Promise<StockProduct> {
  const n = next();
  const [supplier] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by,
                             updated_by)
      VALUES (${`Order supplier ${n}`}, 'JPY', 'JPY', 'stock', 'test', 'test') RETURNING id`),
  );
  const productCode = `ORD-${n}-${randomBytes(2).toString('hex')}`;
  const [product] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
                            duration_days, coverage, type, network, created_by, updated_by)
      VALUES (${supplier!.id}, ${name}, ${productCode}, 500, 'JPY', 7, ARRAY['JP'], 'package',
              'local', 'test', 'test')
      RETURNING id`),
  );
  return { supplierId: supplier!.id, productId: product!.id, productCode };
}

export interface StockItemFixture {
  id: string;
  iccid: string;
  activationCode: string;
  sealed: string;
  masked: string;
}

/** A stock item of the product with a really sealed activation code. */
export async function insertStockItem(
  t: TestContext,
  productId: string,
  status: StockStatus = 'assigned',
): Promise<StockItemFixture> {
  const n = next();
  const iccid = iccidOf(5_000_000 + n);
  const activationCode = `LPA:1$smdp.example.com$ORDER-${n}-SECRETCD`;
  const masked = `LPA:1$smdp.example.com$••••••ETCD`;
  const sealed = createSecretBox(t.config, ORDER_ACTIVATION_CODE_PURPOSE).seal(activationCode);
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
                               smdp_address, status, active_expire_date, created_by, updated_by)
      VALUES (${productId}, ${iccid}, ${sealed}, ${masked}, 'smdp.example.com', ${status},
              '2031-12-31', 'test', 'test')
      RETURNING id`),
  );
  return { id: row!.id, iccid, activationCode, sealed, masked };
}

export interface OrderItemInput {
  status?: OrderItemStatus;
  /** Taken from stock (its code and ICCID are copied), else an API item without one. */
  stockItem?: StockItemFixture;
}

export interface OrderInput {
  partnerId: string;
  partnerName: string;
  product: StockProduct;
  customerName?: string;
  orderNo?: string;
  /** Net price of one eSIM (JPY); the order adds 10 % tax. */
  unitPrice?: number;
  items?: OrderItemInput[];
  purchasedAt?: string;
  paymentStatus?: 'not_yet_paid' | 'paid' | 'partially_paid';
  processingStatus?: 'pending' | 'processing' | 'success' | 'failed';
  paidAmount?: number;
}

export interface OrderFixture {
  id: string;
  orderNo: string;
  lineId: string;
  itemIds: string[];
  finalPrice: number;
}

/** An order of one line with its items, priced like the purchase prices (10 % tax, floored). */
export async function insertOrder(t: TestContext, input: OrderInput): Promise<OrderFixture> {
  const n = next();
  const items = input.items ?? [{ status: 'delivered' }];
  const unitPrice = input.unitPrice ?? 1000;
  const subTotal = unitPrice * items.length;
  const tax = Math.floor(subTotal / 10);
  const finalPrice = subTotal + tax;
  const orderNo = input.orderNo ?? `O261121-${String(n).padStart(6, '0')}`;
  const db = t.database.db;
  const [order] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO orders (order_no, partner_id, partner_name, tariff_code, pricing_rule,
        customer_name, purchase_price, sub_total, tax_total, total_amount, final_price, taxes,
        paid_amount, payment_status, processing_status, idempotency_key, request_hash,
        purchased_at, created_by, updated_by)
      VALUES (${orderNo}, ${input.partnerId}, ${input.partnerName}, 'TC-TEST', '{}'::jsonb,
        ${input.customerName ?? `Customer ${n}`}, ${500 * items.length}, ${subTotal}, ${tax},
        ${finalPrice}, ${finalPrice},
        ${JSON.stringify([{ name: 'VAT', rate: 10, taxable: subTotal, tax }])}::jsonb,
        ${input.paidAmount ?? 0}, ${input.paymentStatus ?? 'not_yet_paid'},
        ${input.processingStatus ?? 'success'}, ${`fixture-key-${n}-${randomBytes(4).toString('hex')}`},
        'fixture', ${input.purchasedAt ?? new Date().toISOString()}::timestamptz, 'test', 'test')
      RETURNING id`),
  );
  const [line] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
        product_name, supplier_id, delivery_type, duration_days, quantity, unit_cost, unit_price,
        price_source, line_total, tax_rate)
      VALUES (${order!.id}, ${input.partnerId}, 1, ${input.product.productId},
        ${input.product.productCode}, 'Japan 7 days', ${input.product.supplierId}, 'stock', 7,
        ${items.length}, 500, ${unitPrice}, 'manual', ${subTotal}, 10)
      RETURNING id`),
  );
  const itemIds: string[] = [];
  for (const [index, item] of items.entries()) {
    const stock = item.stockItem;
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO order_items (order_id, line_id, partner_id, position, stock_item_id, status,
          iccid, smdp_address, activation_code_sealed, activation_code_masked, updated_by)
        VALUES (${order!.id}, ${line!.id}, ${input.partnerId}, ${index + 1}, ${stock?.id ?? null},
          ${item.status ?? 'delivered'}, ${stock?.iccid ?? null},
          ${stock ? 'smdp.example.com' : null}, ${stock?.sealed ?? null},
          ${stock?.masked ?? null}, 'test')
        RETURNING id`),
    );
    itemIds.push(row!.id);
  }
  return { id: order!.id, orderNo, lineId: line!.id, itemIds, finalPrice };
}

/** A partner's own staff account (administrators_partner bound to the partner), signed in. */
export async function partnerAdminToken(
  t: TestContext,
  partnerId: string,
  email: string,
): Promise<string> {
  await t.database.db.execute(sql`
    INSERT INTO users (email, role_id, status, partner_id)
    VALUES (${email}, 'administrators_partner', 'active', ${partnerId})`);
  return t.tokenFor(email);
}
