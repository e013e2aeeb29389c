import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/areas/list-helpers';
import { createTestApp, type TestContext } from './support/app';
import {
  addProduct,
  createPurchaseWorld,
  orderBody,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * Nothing is ever sold twice (issue 15, decision 0021), on real PostgreSQL with real concurrent
 * HTTP requests: many buyers of few items, one key sent many times at once, and purchases of the
 * same two products in opposite line orders (the stock counters must not deadlock them).
 */

let t: TestContext;
let world: PurchaseWorld;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createPurchaseWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(() => t?.close());

async function purchase(body: unknown, key: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${baseUrl}/api/mng/order`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${world.adminToken}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('concurrent purchases', () => {
  it('sell exactly the 10 items on hand to 40 buyers at once', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 10 });
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => purchase(body, randomUUID())),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201), JSON.stringify(answers.filter((a) => a.status >= 500))).toBe(10);
    expect(count(statuses, 422)).toBe(30);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.errorMessageKey).toBe('orders.outOfStock');
    }

    const [stock] = await query<{ assigned: number; on_hand: number }>(sql`
      SELECT count(*) FILTER (WHERE status = 'assigned')::int AS assigned,
        count(*) FILTER (WHERE status = 'on_hand')::int AS on_hand
      FROM stock_items WHERE product_id = ${product.id}`);
    expect(stock).toEqual({ assigned: 10, on_hand: 0 });
    const [items] = await query<{ items: number; distinct_items: number; orders: number }>(sql`
      SELECT count(*)::int AS items, count(DISTINCT oi.stock_item_id)::int AS distinct_items,
        count(DISTINCT oi.order_id)::int AS orders
      FROM order_items oi JOIN order_lines l ON l.id = oi.line_id
      WHERE l.product_id = ${product.id}`);
    expect(items).toEqual({ items: 10, distinct_items: 10, orders: 10 });
    const iccids = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => answer.body.data.items[0].iccid as string);
    expect(new Set(iccids).size).toBe(10);
    const [counter] = await query<{ items: number }>(sql`
      SELECT items::int FROM stock_counts WHERE product_id = ${product.id} AND status = 'on_hand'`);
    expect(counter?.items ?? 0).toBe(0);
  });

  it('create one order and allocate once for 20 requests with one key', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 10 });
    const body = orderBody(world, [{ productId: product.id, quantity: 3 }]);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(body, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201), JSON.stringify(statuses)).toBe(1);
    expect(count(statuses, 200)).toBe(19);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    const [stock] = await query<{ assigned: number; orders: number }>(sql`
      SELECT (SELECT count(*) FROM stock_items
              WHERE product_id = ${product.id} AND status = 'assigned')::int AS assigned,
        (SELECT count(*) FROM orders WHERE idempotency_key = ${key})::int AS orders`);
    expect(stock).toEqual({ assigned: 3, orders: 1 });
  });

  it('refuse an item another transaction holds, keep nothing, and sell it once it is free', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 1 });
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }]);
    const key = randomUUID();
    await t.database.withConnection(async (holder) => {
      await holder('BEGIN');
      await holder('SELECT id FROM stock_items WHERE product_id = $1 FOR UPDATE', [product.id]);
      // The counters say 1 on hand (the review passes); the allocation finds it locked.
      const refused = await purchase(body, key);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.errorMessage).toBe(
        `Current products not available for purchase: only 0 of ${product.productCode} on hand.`,
      );
      const kept = await query<{ orders: number; assigned: number; audits: number }>(sql`
        SELECT (SELECT count(*) FROM orders WHERE idempotency_key = ${key})::int AS orders,
          (SELECT count(*) FROM stock_items
           WHERE product_id = ${product.id} AND status = 'assigned')::int AS assigned,
          (SELECT count(*) FROM audit_log WHERE entity_type = 'order'
           AND changes @> ${JSON.stringify([{ field: 'idempotencyKey', after: key }])}::jsonb)::int
           AS audits`);
      expect(kept).toEqual([{ orders: 0, assigned: 0, audits: 0 }]);
      await holder('ROLLBACK');
    });
    const sold = await purchase(body, key);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  });

  it('never deadlock on two products bought in opposite line orders', async () => {
    const a = await addProduct(t, world, { delivery: 'stock', items: 30 });
    const b = await addProduct(t, world, { delivery: 'stock', items: 30 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const lines = [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ];
        return purchase(orderBody(world, index % 2 ? lines : lines.reverse()), randomUUID());
      }),
    );
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 201)?.body),
    ).toEqual(Array.from({ length: 30 }, () => 201));
    const rows = await query<{ product_id: string; assigned: number }>(sql`
      SELECT product_id, count(*)::int AS assigned FROM stock_items
      WHERE product_id IN (${a.id}, ${b.id}) AND status = 'assigned' GROUP BY product_id`);
    expect(rows.map((row) => row.assigned)).toEqual([30, 30]);
  });
});
