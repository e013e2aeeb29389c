import { randomUUID } from 'node:crypto';
import { businessToday } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/areas/list-helpers';
import { allocationSql, shortfallOf } from '../src/areas/orders/allocation';
import { createSecretBox } from '../src/secrets';
import { createTestApp, type TestContext } from './support/app';
import {
  addProduct,
  addStockItems,
  createPartner,
  createPurchaseWorld,
  orderApi,
  orderBody,
  partnerAccountToken,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * The purchase (docs/orders.md "Purchase that never oversells"): stock items are taken at once
 * and become the order's eSIMs, supplier lines wait for delivery, the Idempotency-Key makes a
 * repeated purchase answer the same order without taking stock again.
 */

let t: TestContext;
let world: PurchaseWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await createPurchaseWorld(t);
});

afterAll(() => t?.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

const stockOf = (productId: string) =>
  query<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM stock_items WHERE product_id = ${productId}
        GROUP BY status ORDER BY status`,
  );

describe('POST order', () => {
  it('takes stock items, which become the order items with their ICCID', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 5 });
    await addStockItems(t, product.id, 2, { expiresInDays: -1 }); // expired: never sold
    const key = randomUUID();
    const res = await world.api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 3 }], { notes: 'trip' }),
      key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    expect(res.body.message).toBe(`Order ${order.orderNo} placed.`);
    expect(order.orderNo).toMatch(/^O\d{6}-\d{6,}$/);
    expect(order).toMatchObject({
      partnerId: world.partnerId,
      partnerName: world.partnerName,
      tariffCode: world.tariffCode,
      customerName: 'Taro Yamada',
      notes: 'trip',
      currency: 'JPY',
      purchasePrice: 3000,
      subTotal: 4200,
      taxes: [{ name: 'VAT', rate: 10, taxable: 4200, tax: 420 }],
      finalPrice: 4620,
      paidAmount: 0,
      paymentStatus: 'not_yet_paid',
      processingStatus: 'success',
      payments: [],
    });
    expect(order.lines).toMatchObject([
      { position: 1, productId: product.id, quantity: 3, unitPrice: 1400, deliveryType: 'stock' },
    ]);
    expect(order.items).toHaveLength(3);
    expect(order.items.map((item: Json) => item.position)).toEqual([1, 2, 3]);
    for (const item of order.items) {
      expect(item).toMatchObject({ status: 'delivered', productCode: product.productCode });
      expect(item.iccid).toMatch(/^\d{19}$/);
      expect(item.activationCodeMasked).toBeTruthy();
    }

    expect(await stockOf(product.id)).toEqual([
      { status: 'assigned', n: 3 },
      { status: 'on_hand', n: 4 },
    ]);
    const linked = await query<{ iccid: string; same_code: boolean; stock_status: string }>(sql`
      SELECT oi.iccid, oi.activation_code_sealed = si.activation_code_sealed AS same_code,
        si.status AS stock_status
      FROM order_items oi JOIN stock_items si ON si.id = oi.stock_item_id
      WHERE oi.order_id = ${order.id} AND si.iccid = oi.iccid`);
    expect(linked).toHaveLength(3);
    expect(linked.every((row) => row.same_code && row.stock_status === 'assigned')).toBe(true);
    const [sealed] = await query<{ code: string }>(
      sql`SELECT activation_code_sealed AS code FROM order_items WHERE order_id = ${order.id} LIMIT 1`,
    );
    const code = createSecretBox(t.config, 'stock-activation-code').open(sealed!.code);
    expect(code).toMatch(/^LPA:1\$smdp\.test\.example\$/);

    const audit = await query<{ entity_type: string; action: string; n: number }>(sql`
      SELECT entity_type, action, count(*)::int AS n FROM audit_log
      WHERE (entity_type = 'order' AND entity_id = ${order.id})
         OR (entity_type = 'stockItem' AND changes @> ${JSON.stringify([{ field: 'orderNo', after: order.orderNo }])}::jsonb)
      GROUP BY entity_type, action ORDER BY entity_type`);
    expect(audit).toEqual([
      { entity_type: 'order', action: 'create', n: 1 },
      { entity_type: 'stockItem', action: 'update', n: 3 },
    ]);
  });

  it('keeps the text it is given exactly, quotes and backslashes included', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 1 });
    const customerName = `O'Brien \\' "Ltd" $1 ;-- 日本 E'x'`;
    const notes = "line one\nline two \\\\ ''; COMMIT; --";
    const res = await world.api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 1 }], { customerName, notes }),
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ customerName, notes });
    const [stored] = await query<{ customer_name: string; notes: string }>(
      sql`SELECT customer_name, notes FROM orders WHERE id = ${res.body.data.id}`,
    );
    expect(stored).toEqual({ customer_name: customerName, notes });
  });

  it('answers a repeated purchase with the same order and allocates once', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 4 });
    const body = orderBody(world, [{ productId: product.id, quantity: 2 }]);
    const key = randomUUID();
    const first = await world.api.purchase(body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await world.api.purchase(
      { ...body, customerName: '  Taro Yamada ', useCountries: [] },
      key,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stockOf(product.id)).toEqual([
      { status: 'assigned', n: 2 },
      { status: 'on_hand', n: 2 },
    ]);

    const changed = await world.api.purchase({ ...body, customerName: 'Someone else' }, key);
    expect(changed.status).toBe(409);
    expect(changed.body.errorMessageKey).toBe('orders.idempotencyKeyReused');
    const otherUser = orderApi(t, await partnerAccountToken(t, world.api, world.partnerId));
    expect((await otherUser.purchase(body, key)).status).toBe(409);
    expect(await stockOf(product.id)).toEqual([
      { status: 'assigned', n: 2 },
      { status: 'on_hand', n: 2 },
    ]);
  });

  it('needs an Idempotency-Key (400)', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 1 });
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }]);
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(65)]) {
      const res = await world.api.purchase(body, key);
      expect(res.status, String(key)).toBe(400);
      expect(res.body.errorMessageKey).toBe('orders.idempotencyKeyRequired');
    }
    expect(await stockOf(product.id)).toEqual([{ status: 'on_hand', n: 1 }]);
  });

  it('refuses more than the stock on hand, keeps nothing, and leaves the key free', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const body = orderBody(world, [{ productId: product.id, quantity: 3 }]);
    const key = randomUUID();
    const refused = await world.api.purchase(body, key);
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessage).toBe(
      `Current products not available for purchase: only 2 of ${product.productCode} on hand.`,
    );
    const kept = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${key}`,
    );
    expect(kept).toEqual([{ n: 0 }]);
    expect(await stockOf(product.id)).toEqual([{ status: 'on_hand', n: 2 }]);

    await addStockItems(t, product.id, 1);
    const later = await world.api.purchase(body, key);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(await stockOf(product.id)).toEqual([{ status: 'assigned', n: 3 }]);
  });

  it('has the allocation refuse itself when a line gets fewer items than it asks for', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const placed = await world.api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 1 }]),
      randomUUID(),
    );
    const order = placed.body.data;
    const target = {
      orderId: order.id,
      partnerId: world.partnerId,
      actor: { userId: null, email: 'test' },
      today: businessToday(),
    };
    const line = {
      lineId: order.lines[0].id,
      productId: product.id,
      quantity: 5,
      firstPosition: 9,
    };
    const refusal = await t.database.db
      .transaction((tx) => tx.execute(allocationSql(target, [line])))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(shortfallOf(refusal)).toEqual({ lineId: line.lineId, wanted: 5, taken: 1 });
    expect(await stockOf(product.id)).toEqual([
      { status: 'assigned', n: 1 },
      { status: 'on_hand', n: 1 },
    ]);
  });

  it('places supplier lines as pending items, next to stock lines', async () => {
    const stock = await addProduct(t, world, { delivery: 'stock', items: 1 });
    const api = await addProduct(t, world, {
      delivery: 'api',
      costMinor: 1000,
      costCurrency: 'USD',
    });
    const res = await world.api.purchase(
      orderBody(world, [
        { productId: api.id, quantity: 2 },
        { productId: stock.id, quantity: 1 },
      ]),
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      processingStatus: 'pending',
      purchasePrice: 2 * 1500 + 1000,
      exchangeRates: [{ currency: 'USD', rate: '150', effectiveDate: '2000-01-01' }],
    });
    expect(order.items.map((item: Json) => [item.position, item.status, item.iccid])).toEqual([
      [1, 'pending', null],
      [2, 'pending', null],
      [3, 'delivered', expect.stringMatching(/^\d{19}$/)],
    ]);
    const [frozen] = await query<{
      pricing_rule: Json;
      price_source: string;
      supplier_ref: string;
    }>(sql`
      SELECT o.pricing_rule, l.price_source, l.supplier_ref FROM orders o
      JOIN order_lines l ON l.order_id = o.id AND l.position = 1 WHERE o.id = ${order.id}`);
    expect(frozen).toMatchObject({
      pricing_rule: {
        tariffCode: world.tariffCode,
        baseTariff: 'cost',
        logic1: 40,
        inputMode: 'auto',
      },
      price_source: 'computed',
      supplier_ref: api.productCode,
    });
  });

  it("keeps a partner's own staff to their partner", async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const staff = orderApi(t, await partnerAccountToken(t, world.api, world.partnerId));
    const own = await staff.purchase(
      orderBody(world, [{ productId: product.id, quantity: 1 }]),
      randomUUID(),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data.items[0].status).toBe('delivered');

    const other = await createPartner(world.api, world.tariffCode);
    const foreign = await staff.purchase(
      orderBody({ partnerId: other.id }, [{ productId: product.id, quantity: 1 }]),
      randomUUID(),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorMessage).toBe('Partner not found');
    expect(await stockOf(product.id)).toEqual([
      { status: 'assigned', n: 1 },
      { status: 'on_hand', n: 1 },
    ]);
  });

  it('freezes the price: a later price change leaves the order as it was', async () => {
    const product = await addProduct(t, world, { delivery: 'api' });
    const key = randomUUID();
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }]);
    const placed = await world.api.purchase(body, key);
    expect(placed.body.data.lines[0].unitPrice).toBe(1400);
    await world.api.call('PUT', 'tariff/product-price', {
      tariffCode: world.tariffCode,
      productId: product.id,
      sellingPriceJpy: 5000,
    });
    const replayed = await world.api.purchase(body, key);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.lines[0].unitPrice).toBe(1400);
    expect(replayed.body.data.finalPrice).toBe(1540);
  });
});
