import { RESOURCES, type OrderItemStatus } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  insertOrder,
  insertPartner,
  insertStockItem,
  insertStockProduct,
  type StockItemFixture,
  type StockProduct,
} from './support/order-fixtures';
import { api, type Api, type Json } from './tariffs-fixtures';

/* One eSIM of an order: its detail, revealing its activation code (permission, history), the
 * return to stock (on hand or wasted, both histories, the stock counts) and removal. */

let t: TestContext;
let a: Api;
let noReveal: string;
let product: StockProduct;
let partnerId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  // Every orders right but revealing activation codes.
  const role = await a.post('role', { name: 'Order staff' });
  const roleId = role.body.data.id as string;
  await a.post('role/permission', {
    roleId,
    permissions: [
      { path: RESOURCES.orders, methods: ['GET', 'POST', 'PUT', 'DELETE'] },
      { path: RESOURCES.stock, methods: ['GET'] },
    ],
  });
  noReveal = (await t.createUser({ roleId })).token;
  product = await insertStockProduct(t, 'Japan 7 days');
  partnerId = await insertPartner(t, 'Sakura Travel');
});

afterAll(() => t?.close());

async function orderWith(stock: StockItemFixture | null, status: OrderItemStatus = 'delivered') {
  const order = await insertOrder(t, {
    partnerId,
    partnerName: 'Sakura Travel',
    product,
    customerName: 'Tanaka Hanako',
    items: [stock ? { status, stockItem: stock } : { status }],
  });
  return { order, itemId: order.itemIds[0]! };
}

const item = async (id: string) => (await a.get(`order/item?id=${id}`)).body.data as Json;
const stockCounts = async () =>
  (await a.post('stock/detail', { productId: product.productId })).body.data.counts as Record<
    string,
    number
  >;
const history = async (url: string) =>
  ((await a.get(url)).body.data.items as Json[]).map((entry) => entry.changes as Json[]);

describe('order/item', () => {
  it('answers the eSIM with its order, product and masked code, never the code', async () => {
    const stock = await insertStockItem(t, product.productId);
    const { order, itemId } = await orderWith(stock);
    const res = await a.get(`order/item?id=${itemId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: itemId,
      orderId: order.id,
      orderNo: order.orderNo,
      partnerName: 'Sakura Travel',
      customerName: 'Tanaka Hanako',
      productId: product.productId,
      productCode: product.productCode,
      deliveryType: 'stock',
      status: 'delivered',
      iccid: stock.iccid,
      activationCodeMasked: stock.masked,
      stockItemId: stock.id,
      returnedTo: null,
      unitPrice: 1000,
      version: 1,
    });
    expect(res.body.data).not.toHaveProperty('activationCodeSealed');
    expect(JSON.stringify(res.body)).not.toContain('SECRETCD');
    expect(JSON.stringify(res.body)).not.toContain(stock.sealed);
    expect((await a.get('order/item?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('order/item/activation-code', () => {
  it('reveals the code to a role with /orders/activation-code, and records it', async () => {
    const stock = await insertStockItem(t, product.productId);
    const { order, itemId } = await orderWith(stock);
    const refused = await a.post('order/item/activation-code', { id: itemId }, noReveal);
    expect(refused.status).toBe(403);

    const res = await a.post('order/item/activation-code', { id: itemId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: itemId, activationCode: stock.activationCode });

    const entries = (await a.get(`order/history?id=${order.id}`)).body.data.items as Json[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: 'orderItem',
      entityId: itemId,
      action: 'update',
      actor: { email: 'admin@esim.test' },
      changes: [{ field: 'activationCode', before: null, after: 'revealed' }],
    });
  });

  it('answers 422 for an eSIM that has no code yet', async () => {
    const { itemId } = await orderWith(null, 'delivered');
    const res = await a.post('order/item/activation-code', { id: itemId });
    expect(res.status).toBe(422);
    expect(res.body.errorMessageKey).toBe('orders.noActivationCode');
  });
});

describe('order/item/return-to-stock', () => {
  it('puts the stock item back on hand, in both histories and in the stock counts', async () => {
    const stock = await insertStockItem(t, product.productId, 'assigned');
    const { order, itemId } = await orderWith(stock);
    const before = await stockCounts();

    const res = await a.post('order/item/return-to-stock', {
      id: itemId,
      version: 1,
      returnTo: 'on_hand',
      reason: 'Customer cancelled',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.messageKey).toBe('orders.returnedToStock');
    expect(res.body.data).toMatchObject({
      status: 'returned',
      returnedTo: 'on_hand',
      returnReason: 'Customer cancelled',
      stockItemId: stock.id,
      version: 2,
    });
    expect(res.body.data.returnedAt).toEqual(expect.any(String));

    const after = await stockCounts();
    expect(after.on_hand).toBe(before.on_hand! + 1);
    expect(after.assigned).toBe(before.assigned! - 1);
    const stockItem = (await a.get(`stock?id=${stock.id}`)).body.data as Json;
    expect(stockItem).toMatchObject({ status: 'on_hand', statusReason: 'Customer cancelled' });

    const stockHistory = await history(`stock/history?id=${stock.id}`);
    expect(stockHistory[0]).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'assigned', after: 'on_hand' },
        { field: 'statusReason', before: null, after: 'Customer cancelled' },
        { field: 'returnedFromOrder', before: null, after: order.orderNo },
      ]),
    );
    const orderHistory = await history(`order/history?id=${order.id}`);
    expect(orderHistory[0]).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'delivered', after: 'returned' },
        { field: 'returnedTo', before: null, after: 'on_hand' },
        { field: 'returnReason', before: null, after: 'Customer cancelled' },
      ]),
    );

    // Returned once: not again.
    const again = await a.post('order/item/return-to-stock', {
      id: itemId,
      version: 2,
      returnTo: 'on_hand',
      reason: 'again',
    });
    expect(again.status).toBe(422);
    expect(again.body.errorMessageKey).toBe('orders.itemNotReturnable');
  });

  it('marks the stock item wasted with the reason', async () => {
    const stock = await insertStockItem(t, product.productId, 'assigned');
    const { itemId } = await orderWith(stock);
    const before = await stockCounts();
    const res = await a.post('order/item/return-to-stock', {
      id: itemId,
      version: 1,
      returnTo: 'wasted',
      reason: 'Profile damaged',
    });
    expect(res.status).toBe(200);
    expect(res.body.messageKey).toBe('orders.wasted');
    expect((await stockCounts()).wasted).toBe(before.wasted! + 1);
    expect((await a.get(`stock?id=${stock.id}`)).body.data).toMatchObject({
      status: 'wasted',
      statusReason: 'Profile damaged',
    });
    expect((await history(`stock/history?id=${stock.id}`))[0]).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'assigned', after: 'wasted' }]),
    );
  });

  it('refuses a stale version (409) and changes nothing', async () => {
    const stock = await insertStockItem(t, product.productId, 'assigned');
    const { itemId } = await orderWith(stock);
    const res = await a.post('order/item/return-to-stock', {
      id: itemId,
      version: 7,
      returnTo: 'on_hand',
      reason: 'x',
    });
    expect(res.status).toBe(409);
    expect(await item(itemId)).toMatchObject({ status: 'delivered', version: 1 });
    expect((await a.get(`stock?id=${stock.id}`)).body.data.status).toBe('assigned');
  });

  it('refuses an eSIM not taken from stock, or not delivered (422)', async () => {
    const { itemId: apiItem } = await orderWith(null, 'delivered');
    const stock = await insertStockItem(t, product.productId, 'assigned');
    const failed = await insertOrder(t, {
      partnerId,
      partnerName: 'Sakura Travel',
      product,
      items: [{ status: 'failed', stockItem: stock }],
    });
    for (const id of [apiItem, failed.itemIds[0]!]) {
      const res = await a.post('order/item/return-to-stock', {
        id,
        version: 1,
        returnTo: 'on_hand',
        reason: 'x',
      });
      expect(res.status).toBe(422);
      expect(res.body.errorMessage).toBe(
        'Only a delivered eSIM taken from stock can be returned to stock.',
      );
    }
  });

  it('refuses a stock item the return matrix does not move (422 naming both statuses)', async () => {
    const odd = await insertStockItem(t, product.productId, 'not_available');
    const { itemId } = await orderWith(odd);
    const res = await a.post('order/item/return-to-stock', {
      id: itemId,
      version: 1,
      returnTo: 'on_hand',
      reason: 'x',
    });
    expect(res.status).toBe(422);
    expect(res.body.errorMessageKey).toBe('stock.transitionRefused');
    expect(await item(itemId)).toMatchObject({ status: 'delivered' });
  });

  it('validates the body (400)', async () => {
    for (const body of [
      { id: 'nope', version: 1, returnTo: 'on_hand', reason: 'x' },
      { id: '00000000-0000-4000-8000-000000000000', version: 1, returnTo: 'sold', reason: 'x' },
      { id: '00000000-0000-4000-8000-000000000000', version: 1, returnTo: 'on_hand', reason: '' },
      {
        id: '00000000-0000-4000-8000-000000000000',
        version: 1,
        returnTo: 'on_hand',
        reason: 'x'.repeat(256),
      },
    ]) {
      expect((await a.post('order/item/return-to-stock', body)).status).toBe(400);
    }
  });
});

describe('DELETE order/item', () => {
  it('removes a failed or a returned eSIM, audited; refuses a delivered one (422)', async () => {
    const failed = await orderWith(null, 'failed');
    const res = await a.del(`order/item?id=${failed.itemId}&version=1`);
    expect(res.status).toBe(200);
    expect(res.body.messageKey).toBe('orders.itemRemoved');
    expect(res.body.data).toMatchObject({ status: 'removed', version: 2 });
    expect((await history(`order/history?id=${failed.order.id}`))[0]).toEqual([
      { field: 'status', before: 'failed', after: 'removed' },
    ]);

    const stock = await insertStockItem(t, product.productId, 'assigned');
    const returned = await orderWith(stock);
    await a.post('order/item/return-to-stock', {
      id: returned.itemId,
      version: 1,
      returnTo: 'on_hand',
      reason: 'back',
    });
    expect((await a.del(`order/item?id=${returned.itemId}&version=1`)).status).toBe(409);
    expect((await a.del(`order/item?id=${returned.itemId}&version=2`)).status).toBe(200);

    const delivered = await orderWith(null, 'delivered');
    const refused = await a.del(`order/item?id=${delivered.itemId}&version=1`);
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessageKey).toBe('orders.itemNotRemovable');
    expect((await a.del(`order/item?id=${delivered.itemId}&version=x`)).status).toBe(400);
  });
});
