import { ORDER_COUNT_CAP, type OrderListItem } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  insertOrder,
  insertPartner,
  insertStockProduct,
  type OrderFixture,
  type StockProduct,
} from './support/order-fixtures';
import { api, type Api, type Json } from './tariffs-fixtures';

/* Managing orders: the list (filters, search, sorts, paging, totals), one order, the partners
 * that have orders, the history, and payments whose sum sets the payment status. */

let t: TestContext;
let a: Api;
let product: StockProduct;
let sakura: string;
let fuji: string;
let emptyPartner: string;
const orders: Record<string, OrderFixture> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  product = await insertStockProduct(t, 'Japan 7 days');
  sakura = await insertPartner(t, 'Sakura Travel');
  fuji = await insertPartner(t, 'fuji Mobile');
  emptyPartner = await insertPartner(t, 'No Orders Ltd');
  const place = (key: string, input: Partial<Parameters<typeof insertOrder>[1]>) =>
    insertOrder(t, {
      partnerId: sakura,
      partnerName: 'Sakura Travel',
      product,
      ...input,
    }).then((order) => (orders[key] = order));
  // Times in UTC; 2026-11-20T15:30Z is already 2026-11-21 in Tokyo.
  await place('tanaka', {
    orderNo: 'O261119-000001',
    customerName: 'Tanaka Hanako',
    purchasedAt: '2026-11-19T03:00:00Z',
    unitPrice: 3000,
  });
  await place('suzuki', {
    orderNo: 'O261120-000002',
    customerName: 'Suzuki Ichiro',
    purchasedAt: '2026-11-20T15:30:00Z',
    unitPrice: 1000,
    items: [{ status: 'delivered' }, { status: 'delivered' }, { status: 'removed' }],
  });
  await place('fujiOrder', {
    partnerId: fuji,
    partnerName: 'fuji Mobile',
    orderNo: 'O261121-000003',
    customerName: 'Tanabe Jiro',
    purchasedAt: '2026-11-21T01:00:00Z',
    unitPrice: 2000,
    processingStatus: 'failed',
  });
  await place('paid', {
    orderNo: 'O261122-000004',
    customerName: 'Yamada Taro',
    purchasedAt: '2026-11-22T01:00:00Z',
    unitPrice: 500,
    paidAmount: 550,
    paymentStatus: 'paid',
  });
});

afterAll(() => t?.close());

async function list(body: Record<string, unknown> = {}) {
  const res = await a.post('order/list', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    items: OrderListItem[];
    total: number;
    totalCapped: boolean;
    page: number;
  };
}
const numbers = (items: OrderListItem[]) => items.map((item) => item.orderNo);

describe('order/list', () => {
  it('lists every order newest first with its figures and eSIM count', async () => {
    const data = await list();
    expect(numbers(data.items)).toEqual([
      'O261122-000004',
      'O261121-000003',
      'O261120-000002',
      'O261119-000001',
    ]);
    expect(data.total).toBe(4);
    expect(data.totalCapped).toBe(false);
    const suzuki = data.items.find((item) => item.orderNo === 'O261120-000002')!;
    expect(suzuki).toMatchObject({
      id: orders.suzuki!.id,
      partnerId: sakura,
      partnerName: 'Sakura Travel',
      customerName: 'Suzuki Ichiro',
      purchasedAt: '2026-11-20T15:30:00.000Z',
      // Three items, one of them removed from the order.
      itemCount: 2,
      subTotal: 3000,
      discount: 0,
      taxTotal: 300,
      finalPrice: 3300,
      paidAmount: 0,
      paymentStatus: 'not_yet_paid',
      processingStatus: 'success',
    });
  });

  it('filters by partner, payment status and processing status', async () => {
    expect(numbers((await list({ partnerId: fuji })).items)).toEqual(['O261121-000003']);
    expect(numbers((await list({ paymentStatus: 'paid' })).items)).toEqual(['O261122-000004']);
    expect(numbers((await list({ processingStatus: 'failed' })).items)).toEqual(['O261121-000003']);
    const none = await list({ partnerId: emptyPartner });
    expect(none).toMatchObject({ items: [], total: 0, totalCapped: false });
  });

  it('filters by purchase date as calendar days in Tokyo', async () => {
    // 2026-11-20T15:30Z is 2026-11-21 00:30 in Tokyo.
    const day = await list({ from: '2026-11-21', to: '2026-11-21' });
    expect(numbers(day.items)).toEqual(['O261121-000003', 'O261120-000002']);
    expect(day.total).toBe(2);
    expect(numbers((await list({ to: '2026-11-20' })).items)).toEqual(['O261119-000001']);
  });

  it('searches a prefix of the order number or of the customer name, in any case', async () => {
    expect(numbers((await list({ search: 'o261120' })).items)).toEqual(['O261120-000002']);
    expect(numbers((await list({ search: 'TANA' })).items)).toEqual([
      'O261121-000003',
      'O261119-000001',
    ]);
    expect((await list({ search: 'hanako' })).items).toEqual([]);
    // LIKE wildcards match themselves.
    expect((await list({ search: '%' })).items).toEqual([]);
    expect((await list({ search: 'O2611__' })).items).toEqual([]);
  });

  it('sorts by each column, descending the exact reverse of ascending', async () => {
    const expected: Record<string, string[]> = {
      orderNo: ['O261119-000001', 'O261120-000002', 'O261121-000003', 'O261122-000004'],
      finalPrice: ['O261122-000004', 'O261121-000003', 'O261120-000002', 'O261119-000001'],
      customerName: ['O261120-000002', 'O261121-000003', 'O261119-000001', 'O261122-000004'],
      // Case-insensitive: 'fuji Mobile' before 'Sakura Travel'; ties newest first.
      partnerName: ['O261121-000003', 'O261122-000004', 'O261120-000002', 'O261119-000001'],
      paymentStatus: ['O261121-000003', 'O261120-000002', 'O261119-000001', 'O261122-000004'],
      processingStatus: ['O261121-000003', 'O261122-000004', 'O261120-000002', 'O261119-000001'],
      purchasedAt: ['O261119-000001', 'O261120-000002', 'O261121-000003', 'O261122-000004'],
    };
    for (const [sort, ascending] of Object.entries(expected)) {
      expect(numbers((await list({ sort, order: 'asc' })).items), sort).toEqual(ascending);
      expect(numbers((await list({ sort, order: 'desc' })).items), sort).toEqual(
        [...ascending].reverse(),
      );
    }
  });

  it('pages', async () => {
    const second = await list({ sort: 'orderNo', order: 'asc', page: 2, pageSize: 10 });
    expect(second).toMatchObject({ items: [], total: 4, page: 2 });
    const all = numbers((await list({ sort: 'orderNo', order: 'asc', pageSize: 10 })).items);
    expect(all).toHaveLength(4);
  });

  it('refuses an unknown sort, status or partner id (400, never SQL)', async () => {
    for (const body of [
      { sort: 'customer_name; DROP TABLE orders' },
      { paymentStatus: 'free' },
      { partnerId: 'not-a-uuid' },
      { from: '2026-02-30' },
    ]) {
      expect((await a.post('order/list', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('counts a filtered list up to the cap and all orders from the maintained counter', async () => {
    const bulk = await insertPartner(t, 'Bulk Buyer');
    await t.database.db.execute(sql`
      INSERT INTO orders (order_no, partner_id, partner_name, tariff_code, pricing_rule,
        customer_name, purchase_price, sub_total, tax_total, total_amount, final_price,
        idempotency_key, request_hash, purchased_at, created_by, updated_by)
      SELECT 'B' || lpad(g::text, 7, '0'), ${bulk}, 'Bulk Buyer', 'TC', '{}'::jsonb,
        'Bulk customer ' || g, 0, 100, 10, 110, 110, 'bulk-key-' || g, 'h',
        '2025-01-01T00:00:00Z'::timestamptz + g * interval '1 minute', 'test', 'test'
      FROM generate_series(1, ${ORDER_COUNT_CAP + 5}) g`);
    const filtered = await list({ partnerId: bulk });
    expect(filtered).toMatchObject({ total: ORDER_COUNT_CAP, totalCapped: true });
    expect(filtered.items[0]!.orderNo).toBe(`B${String(ORDER_COUNT_CAP + 5).padStart(7, '0')}`);
    // A page past the cap still counts up to the end of that page.
    const deep = await list({ partnerId: bulk, page: 1001, pageSize: 10 });
    expect(deep.total).toBe(ORDER_COUNT_CAP + 5);
    expect(deep.totalCapped).toBe(false);
    expect(deep.items).toHaveLength(5);
    const all = await list();
    expect(all).toMatchObject({ total: ORDER_COUNT_CAP + 9, totalCapped: false });
    await t.database.db.execute(sql`DELETE FROM orders WHERE partner_id = ${bulk}`);
    expect((await list()).total).toBe(4);
  });
});

describe('order/detail, order/company-name', () => {
  it('answers one order with its lines, items and payments', async () => {
    const res = await a.get(`order/detail?id=${orders.suzuki!.id}`);
    expect(res.status).toBe(200);
    const detail = res.body.data as Json;
    expect(detail).toMatchObject({
      id: orders.suzuki!.id,
      orderNo: 'O261120-000002',
      partnerName: 'Sakura Travel',
      finalPrice: 3300,
      paymentStatus: 'not_yet_paid',
    });
    expect(detail.lines).toHaveLength(1);
    expect(detail.items.map((item: Json) => item.status)).toEqual([
      'delivered',
      'delivered',
      'removed',
    ]);
    expect(detail.payments).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await a.get('order/detail?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await a.get('order/detail?id=nope')).status).toBe(400);
  });

  it('lists the partners that have orders, by name', async () => {
    const res = await a.get('order/company-name');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { partnerId: fuji, name: 'fuji Mobile' },
      { partnerId: sakura, name: 'Sakura Travel' },
    ]);
  });
});

describe('payments', () => {
  const pay = (orderId: string, amount: number, reference: string | null = null) =>
    a.post('order/payment', {
      orderId,
      amount,
      paidOn: '2026-11-25',
      method: 'bank transfer',
      reference,
    });
  const detail = async (id: string) => (await a.get(`order/detail?id=${id}`)).body.data as Json;

  it('the payment status follows the entries: partial, full, and back when one is removed', async () => {
    const order = orders.tanaka!;
    expect(order.finalPrice).toBe(3300);
    const first = await pay(order.id, 1000, 'TX-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.messageKey).toBe('orders.paymentRecorded');
    expect(first.body.data).toMatchObject({ paidAmount: 1000, paymentStatus: 'partially_paid' });
    expect(first.body.data.payments).toMatchObject([
      { amount: 1000, paidOn: '2026-11-25', method: 'bank transfer', reference: 'TX-1' },
    ]);

    const second = await pay(order.id, 2300, 'TX-2');
    expect(second.body.data).toMatchObject({ paidAmount: 3300, paymentStatus: 'paid' });
    expect((await list({ paymentStatus: 'paid' })).items.map((i) => i.id)).toContain(order.id);

    const paymentId = second.body.data.payments[1].id as string;
    const removed = await a.del(`order/payment?id=${paymentId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.messageKey).toBe('orders.paymentRemoved');
    expect(removed.body.data).toMatchObject({ paidAmount: 1000, paymentStatus: 'partially_paid' });

    const firstId = removed.body.data.payments[0].id as string;
    await a.del(`order/payment?id=${firstId}`);
    expect(await detail(order.id)).toMatchObject({
      paidAmount: 0,
      paymentStatus: 'not_yet_paid',
      payments: [],
    });
    expect((await a.del(`order/payment?id=${firstId}`)).status).toBe(404);
  });

  it('refuses entries beyond the final price (422) and a reference twice (409)', async () => {
    const order = orders.suzuki!;
    const tooMuch = await pay(order.id, 3301);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errorMessage).toBe(
      'The payments would exceed the order total of 3300 JPY.',
    );
    expect((await pay(order.id, 100, 'REF-A')).status).toBe(200);
    const again = await pay(order.id, 100, 'REF-A');
    expect(again.status).toBe(409);
    expect(again.body.errors[0].field).toBe('reference');
    expect(await detail(order.id)).toMatchObject({ paidAmount: 100 });
    expect((await pay('00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
    expect((await pay(order.id, 0)).status).toBe(400);
    expect((await pay(order.id, 1.5)).status).toBe(400);
  });

  it('records payments in the order history, with the items entries', async () => {
    const order = orders.suzuki!;
    const res = await a.get(`order/history?id=${order.id}`);
    expect(res.status).toBe(200);
    const entries = res.body.data.items as Json[];
    const recorded = entries.find((entry) =>
      entry.changes.some((change: Json) => change.field === 'payment' && change.after !== null),
    );
    expect(recorded).toMatchObject({ entityType: 'order', entityId: order.id, action: 'update' });
    expect(recorded.changes).toEqual(
      expect.arrayContaining([
        { field: 'paidAmount', before: 0, after: 100 },
        { field: 'paymentStatus', before: 'not_yet_paid', after: 'partially_paid' },
      ]),
    );
    expect((await a.get('order/history?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
