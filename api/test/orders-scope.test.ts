import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPartnerScope } from '../src/areas/partners/rls';
import { createTestApp, type TestContext } from './support/app';
import {
  insertOrder,
  insertPartner,
  insertStockItem,
  insertStockProduct,
  partnerAdminToken,
  type OrderFixture,
  type StockItemFixture,
} from './support/order-fixtures';
import { api, type Api, type Json } from './tariffs-fixtures';

/*
 * The partner scope of managing orders (decision 0019): partner A's own staff see A's orders only,
 * in the list, the detail, the eSIMs, the history and the exports; B's order is a 404 wherever it
 * is named. Money and stock writes (payments, revenue import, return to stock, removal) are the
 * reseller staff's: a partner's staff get 403.
 */

let t: TestContext;
let a: Api;
let aToken: string;
let orderA: OrderFixture;
let orderB: OrderFixture;
let stockA: StockItemFixture;
let stockB: StockItemFixture;
let partnerA: string;
let partnerB: string;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  const product = await insertStockProduct(t, 'Japan 7 days');
  partnerA = await insertPartner(t, 'Alpha Travel');
  partnerB = await insertPartner(t, 'Bravo Mobile');
  stockA = await insertStockItem(t, product.productId);
  stockB = await insertStockItem(t, product.productId);
  orderA = await insertOrder(t, {
    partnerId: partnerA,
    partnerName: 'Alpha Travel',
    product,
    orderNo: 'O261121-000001',
    customerName: 'Alpha customer',
    items: [{ status: 'delivered', stockItem: stockA }],
  });
  orderB = await insertOrder(t, {
    partnerId: partnerB,
    partnerName: 'Bravo Mobile',
    product,
    orderNo: 'O261121-000002',
    customerName: 'Bravo customer',
    items: [{ status: 'delivered', stockItem: stockB }, { status: 'failed' }],
  });
  aToken = await partnerAdminToken(t, partnerA, 'admin@alpha.example');
});

afterAll(() => t?.close());

/** B's identifying values: none may appear in an answer to A's admin. */
const leaks = (body: unknown) =>
  [orderB.id, 'O261121-000002', 'Bravo', partnerB, stockB.iccid].filter((value) =>
    JSON.stringify(body).includes(value),
  );

async function csvAs(url: string): Promise<string> {
  const res = await t.inject({ method: 'GET', url: `/api/mng/${url}`, token: aToken });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe("a partner's own staff", () => {
  it('list only their orders, whatever the filters say', async () => {
    for (const body of [
      {},
      { partnerId: partnerB },
      { search: 'O2611' },
      { sort: 'partnerName' },
    ]) {
      const res = await a.post('order/list', body, aToken);
      expect(res.status).toBe(200);
      expect(leaks(res.body), JSON.stringify(body)).toEqual([]);
    }
    const all = await a.post('order/list', {}, aToken);
    expect(all.body.data.items.map((item: Json) => item.id)).toEqual([orderA.id]);
    expect(all.body.data.total).toBe(1);
    const company = await a.get('order/company-name', aToken);
    expect(company.body.data).toEqual([{ partnerId: partnerA, name: 'Alpha Travel' }]);
  });

  it('read their order, its eSIMs and history; another partner is a 404', async () => {
    expect((await a.get(`order/detail?id=${orderA.id}`, aToken)).status).toBe(200);
    expect((await a.get(`order/item?id=${orderA.itemIds[0]}`, aToken)).status).toBe(200);
    expect((await a.get(`order/history?id=${orderA.id}`, aToken)).status).toBe(200);
    for (const url of [
      `order/detail?id=${orderB.id}`,
      `order/item?id=${orderB.itemIds[0]}`,
      `order/history?id=${orderB.id}`,
    ]) {
      const res = await a.get(url, aToken);
      expect(res.status, url).toBe(404);
      expect(leaks(res.body)).toEqual([]);
    }
  });

  it('reveal their own codes only', async () => {
    const own = await a.post('order/item/activation-code', { id: orderA.itemIds[0] }, aToken);
    expect(own.status).toBe(200);
    expect(own.body.data.activationCode).toBe(stockA.activationCode);
    const other = await a.post('order/item/activation-code', { id: orderB.itemIds[0] }, aToken);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(stockB.activationCode);
  });

  it('export their orders only', async () => {
    for (const url of [
      'order/export-csv',
      'order/export-csv/detail',
      'order/revenue/export',
      `order/export-csv?partnerId=${partnerB}`,
    ]) {
      const body = await csvAs(url);
      expect(leaks(body), url).toEqual([]);
    }
    expect(await csvAs('order/export-csv')).toContain('O261121-000001');
    expect(await csvAs('order/export-csv/detail')).toContain(stockA.iccid);
  });

  it('cannot record or remove payments, import revenue, return or remove eSIMs (403)', async () => {
    const payment = {
      orderId: orderA.id,
      amount: 100,
      paidOn: '2026-11-25',
      method: 'cash',
      reference: null,
    };
    expect((await a.post('order/payment', payment, aToken)).status).toBe(403);
    expect((await a.post('order/payment', { ...payment, orderId: orderB.id }, aToken)).status).toBe(
      403,
    );
    const recorded = await a.post('order/payment', payment);
    const paymentId = recorded.body.data.payments[0].id as string;
    expect((await a.del(`order/payment?id=${paymentId}`, aToken)).status).toBe(403);
    expect(
      (await a.post('order/revenue/import', { csv: 'O261121-000001,1,2026-11-25,cash,' }, aToken))
        .status,
    ).toBe(403);
    const ret = { id: orderA.itemIds[0], version: 1, returnTo: 'on_hand', reason: 'x' };
    expect((await a.post('order/item/return-to-stock', ret, aToken)).status).toBe(403);
    expect((await a.del(`order/item?id=${orderB.itemIds[1]}&version=1`, aToken)).status).toBe(403);
    // Nothing changed.
    expect((await a.get(`order/detail?id=${orderA.id}`)).body.data.paidAmount).toBe(100);
    expect((await a.get(`order/item?id=${orderB.itemIds[1]}`)).body.data.status).toBe('failed');
  });

  it('are also confined by row-level security on every order table', async () => {
    const scope = { all: false as const, partnerId: partnerA };
    const seen = await withPartnerScope(t.database.db, scope, async (tx) => {
      const count = async (table: string) =>
        Number(
          (
            (await tx.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`))) as {
              rows: { n: string | number }[];
            }
          ).rows[0]!.n,
        );
      return {
        orders: await count('orders'),
        lines: await count('order_lines'),
        items: await count('order_items'),
        payments: await count('order_payments'),
      };
    });
    expect(seen).toEqual({ orders: 1, lines: 1, items: 1, payments: 1 });
  });
});
