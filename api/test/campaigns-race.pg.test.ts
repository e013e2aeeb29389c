import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { businessToday } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/areas/list-helpers';
import { createTestApp, type TestContext } from './support/app';
import {
  addProduct,
  createPurchaseWorld,
  orderBody,
  unique,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * No campaign code is used more times than it allows (issue 17, docs/campaigns.md "The race"),
 * on real PostgreSQL with real concurrent HTTP requests: 50 purchases applying a code with 10
 * uses left get exactly 10 discounts; the other 40 are refused with usedUp and leave nothing.
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

async function post(url: string, body: unknown, key?: string) {
  const res = await fetch(`${baseUrl}/api/mng/${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${world.adminToken}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

async function createCampaign(useQuantity: number | null) {
  const created = await post('campaign', {
    code: unique('RACE').replace(/-/g, ''),
    name: 'Race',
    type: 'coupon',
    discountType: 'price',
    discountValue: 100,
    useQuantity,
    validFrom: businessToday(),
    validTo: businessToday(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Json;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('concurrent purchases with one campaign code', () => {
  it('give exactly 10 discounts for 10 uses left to 50 buyers at once', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 60 });
    const campaign = await createCampaign(10);
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }], {
      campaignCode: campaign.code,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('order', body, randomUUID())),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201), JSON.stringify(answers.filter((a) => a.status >= 500))).toBe(10);
    expect(count(statuses, 422)).toBe(40);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.errorMessageKey).toBe('campaigns.usedUp');
    }
    for (const sold of answers.filter((answer) => answer.status === 201)) {
      expect(sold.body.data.discount).toBe(100);
    }

    const [state] = await query<{ remaining: number; uses: number; orders: number }>(sql`
      SELECT c.remaining_quantity AS remaining,
        (SELECT count(*)::int FROM campaign_redemptions r WHERE r.campaign_id = c.id) AS uses,
        (SELECT count(*)::int FROM orders o WHERE o.campaign_id = c.id) AS orders
      FROM campaigns c WHERE c.id = ${campaign.id}`);
    expect(state).toEqual({ remaining: 0, uses: 10, orders: 10 });
    // The refused purchases rolled back whole: no stock was taken for them.
    const [stock] = await query<{ assigned: number }>(sql`
      SELECT count(*) FILTER (WHERE status = 'assigned')::int AS assigned
      FROM stock_items WHERE product_id = ${product.id}`);
    expect(stock?.assigned).toBe(10);
  });

  it('hands out each single-use voucher code once to buyers racing for it', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 30 });
    const campaign = await createCampaign(null);
    const generated = await post('campaign/generate-codes', { id: campaign.id, count: 3 });
    expect(generated.status).toBe(201);
    const codes = await query<{ code: string }>(
      sql`SELECT code FROM campaign_codes WHERE campaign_id = ${campaign.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        post(
          'order',
          orderBody(world, [{ productId: product.id, quantity: 1 }], {
            campaignCode: codes[index % codes.length]!.code,
          }),
          randomUUID(),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201), JSON.stringify(answers.filter((a) => a.status >= 500))).toBe(3);
    expect(count(statuses, 422)).toBe(21);
    const [state] = await query<{ remaining: number; used: number }>(sql`
      SELECT c.remaining_quantity AS remaining,
        (SELECT count(*)::int FROM campaign_codes k
          WHERE k.campaign_id = c.id AND k.status = 'used') AS used
      FROM campaigns c WHERE c.id = ${campaign.id}`);
    expect(state).toEqual({ remaining: 0, used: 3 });
  });
});
