import { STOCK_COUNT_CAP, STOCK_STATUSES, luhnCheckDigit } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockToday } from '../src/areas/stock/import';
import { expireStock } from '../src/areas/stock/tasks';
import { createTestApp, type TestContext } from './support/app';
import { api, insertProduct, insertSupplier, type Api, type Json } from './tariffs-fixtures';

/*
 * The stock lists at depth (migration 0012): the maintained counts (expiry buckets, the
 * per-product summary) stay equal to a recount through every kind of write, the lists built on
 * them answer what a count over the items would, totals of searches are capped, and every order
 * pages alike by offset and by cursor.
 */

let t: TestContext;
let a: Api;
let admin: string;
const products: string[] = [];
let serial = 5_000_000;

function iccid(): string {
  serial += 1;
  const body = `898200${String(serial).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const today = stockToday(new Date());
function inDays(days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function importRows(product: string, days: number[]): Promise<void> {
  const rows = days.map(
    (day, i) => `${iccid()},LPA:1$smdp.example.com$K2-${serial}-${i}-SECRETAB12,${inDays(day)}`,
  );
  const res = await t.inject({
    method: 'POST',
    url: `/api/mng/stock/csv?productId=${product}&fileName=seed.csv&dryRun=false`,
    token: admin,
    headers: { 'content-type': 'text/csv' },
    payload: ['iccid,activationCode,activeExpireDate', ...rows].join('\r\n'),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Items inserted straight into the table (the triggers still run), for volume. */
async function insertItems(
  product: string,
  count: number,
  prefix: string,
  expiresInDays = 400,
): Promise<void> {
  await t.database.db.execute(sql`
    INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
                             smdp_address, active_expire_date, imported_at, created_by, updated_by)
    SELECT ${product}::uuid, ${prefix} || lpad(g::text, ${19 - prefix.length}, '0'), 'sealed', 'LPA:1$x$••••',
           'smdp.example.com', ${inDays(expiresInDays)}::date + (g % 50),
           now() - make_interval(secs => g), 'test', 'test'
    FROM generate_series(1, ${count}) g`);
}

async function recountMatches(): Promise<void> {
  const buckets = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT product_id, status, active_expire_date::text AS day, items::int AS items
      FROM stock_expiry_counts ORDER BY 1, 2, 3`),
  );
  const recount = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT product_id, status, active_expire_date::text AS day, count(*)::int AS items
      FROM stock_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
  );
  expect(buckets).toEqual(recount);
  const summary = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT product_id, items::int AS items, last_imported_at FROM stock_product_summary
      WHERE items > 0 ORDER BY 1`),
  );
  const bySummary = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT product_id, count(*)::int AS items, max(imported_at) AS last_imported_at
      FROM stock_items GROUP BY 1 ORDER BY 1`),
  );
  expect(summary).toEqual(bySummary);
  const allStock = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT 'counts' AS kind, status, NULL AS day, sum(items)::int AS items
      FROM stock_counts_all GROUP BY status HAVING sum(items) <> 0
      UNION ALL
      SELECT 'expiry', status, active_expire_date::text, sum(items)::int
      FROM stock_expiry_counts_all GROUP BY status, active_expire_date
      ORDER BY 1, 2, 3`),
  );
  const allRecount = rowsOf<Json>(
    await t.database.db.execute(sql`
      SELECT 'counts' AS kind, status, NULL AS day, count(*)::int AS items
      FROM stock_items GROUP BY status
      UNION ALL
      SELECT 'expiry', status, active_expire_date::text, count(*)::int
      FROM stock_items GROUP BY status, active_expire_date
      ORDER BY 1, 2, 3`),
  );
  expect(allStock).toEqual(allRecount);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = api(t, admin);
  const supplier = await insertSupplier(t);
  for (const name of ['Alpha stock', 'Beta stock', 'Gamma stock', 'Delta stock']) {
    products.push((await insertProduct(t, { supplierId: supplier.id, name })).id);
  }
  await importRows(products[0]!, [1, 2, 2, 3, 29, 30, 31, 60, 90]);
  await importRows(products[1]!, [5, 5, 5, 5, 200]);
  await importRows(products[2]!, [400]);
  // Delta has no items.
});

afterAll(() => t?.close());

async function moveStatus(item: Json, status: string): Promise<Json> {
  const res = await a.put('stock', { id: item.id, version: item.version, status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('maintained stock counts', () => {
  it('equal a recount after imports, status moves, deletions and the expiry task', async () => {
    await recountMatches();
    const page = await a.post('stock/detail', { productId: products[1], pageSize: 10 });
    const [first, second] = page.body.data.items as Json[];
    const assigned = await moveStatus(first!, 'assigned');
    await moveStatus(assigned, 'sold_out');
    await recountMatches();
    const deleted = await a.del(`stock?id=${second!.id}&version=${second!.version}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await recountMatches();
    // Everything of Alpha expiring before today + 4 is wasted by the expiry task.
    expect(await expireStock(t.database.db, new Date(`${inDays(4)}T12:00:00Z`))).toBe(4);
    await recountMatches();
    // A deletion of a product's newest item takes its last import back to the one before.
    await t.database.db.execute(sql`
      UPDATE stock_items SET imported_at = now() + interval '1 day'
      WHERE id = (SELECT id FROM stock_items WHERE product_id = ${products[2]!})`);
    await recountMatches();
  });
});

describe('stock/list on the maintained counts', () => {
  /** Each product's figures counted from the items, as the list answered before 0012. */
  async function countedFromItems(): Promise<Map<string, Json>> {
    const rows = rowsOf<Json>(
      await t.database.db.execute(sql`
        SELECT p.id,
               (SELECT count(*)::int FROM stock_items s WHERE s.product_id = p.id) AS total,
               (SELECT count(*)::int FROM stock_items s WHERE s.product_id = p.id
                  AND s.status = 'on_hand') AS on_hand,
               (SELECT count(*)::int FROM stock_items s WHERE s.product_id = p.id
                  AND s.status = 'on_hand'
                  AND s.active_expire_date BETWEEN ${today}::date AND ${inDays(30)}::date)
                 AS expiring_soon
        FROM products p WHERE p.id = ANY(${sql.param(products)}::uuid[])`),
    );
    return new Map(rows.map((row) => [row.id as string, row]));
  }

  it('answers the counted figures and sorts by each of them', async () => {
    const counted = await countedFromItems();
    const listed = await a.post('stock/list', { pageSize: 100 });
    expect(listed.status).toBe(200);
    const mine = (listed.body.data.items as Json[]).filter((row) => counted.has(row.productId));
    expect(mine).toHaveLength(4);
    for (const row of mine) {
      const expected = counted.get(row.productId)!;
      expect(row.total, row.productName).toBe(expected.total);
      expect(row.counts.on_hand, row.productName).toBe(expected.on_hand);
      expect(row.expiringSoon, row.productName).toBe(expected.expiring_soon);
    }
    expect(mine.find((row) => row.productName === 'Delta stock')).toMatchObject({
      total: 0,
      expiringSoon: 0,
      lastImportedDate: null,
    });
    for (const [sort, field] of [
      ['expiringSoon', 'expiringSoon'],
      ['onHand', null],
      ['total', 'total'],
      ['lastImportedDate', 'lastImportedDate'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await a.post('stock/list', { pageSize: 100, sort, order });
        const values = (res.body.data.items as Json[]).map((row) =>
          field ? row[field] : row.counts.on_hand,
        );
        const nonNull = values.filter((value) => value !== null);
        const sorted = [...nonNull].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(nonNull, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
        // Products without an import go first ascending, last descending.
        if (sort === 'lastImportedDate') {
          expect(values[order === 'asc' ? 0 : values.length - 1]).toBeNull();
        }
      }
    }
  });

  it('pages deep by offset on the narrow keys with the same rows as one long page', async () => {
    // 36 more products, expiring soon 0-3 items each (ties broken by the product id).
    const supplier = await insertSupplier(t);
    for (let i = 0; i < 36; i += 1) {
      const product = await insertProduct(t, { supplierId: supplier.id, name: `Paged ${i}` });
      await insertItems(product.id, i % 4, `8947${String(i).padStart(3, '0')}`, 10);
    }
    const all = await a.post('stock/list', { pageSize: 100, sort: 'expiringSoon' });
    const ids = (all.body.data.items as Json[]).map((row) => row.productId);
    expect(ids.length).toBeGreaterThan(30);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(ids.length / 10); page += 1) {
      const res = await a.post('stock/list', { pageSize: 10, page, sort: 'expiringSoon' });
      expect(res.body.data.total).toBe(ids.length);
      paged.push(...(res.body.data.items as Json[]).map((row) => row.productId));
    }
    expect(paged).toEqual(ids);
  });
});

describe('stock/detail on the maintained counts', () => {
  it('totals an expiry window and a supplier from the buckets, as a count would', async () => {
    for (const days of [0, 2, 5, 30, 365]) {
      const counted = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`
          SELECT count(*)::int AS n FROM stock_items
          WHERE status IN ('on_hand', 'sold_out')
            AND active_expire_date BETWEEN ${today}::date AND ${inDays(days)}::date`),
      )[0]!.n;
      const res = await a.post('stock/detail', {
        expiringWithinDays: days,
        status: ['on_hand', 'sold_out'],
      });
      expect(res.body.data.total, `${days} days`).toBe(counted);
      expect(res.body.data.totalCapped).toBe(false);
    }
    const soon = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS n FROM stock_items WHERE status = 'on_hand'
          AND active_expire_date BETWEEN ${today}::date AND ${inDays(30)}::date`),
    )[0]!.n;
    const all = await a.post('stock/detail', {});
    expect(all.body.data.expiringSoon).toBe(soon);
  });
});

describe('capped totals and deep pages', () => {
  beforeAll(async () => {
    await insertItems(products[3]!, STOCK_COUNT_CAP + 50, '8949');
  });

  it('caps the count of a search and says so, the exact total otherwise', async () => {
    const search = await a.post('stock/detail', { search: '8949', pageSize: 50 });
    expect(search.status).toBe(200);
    expect(search.body.data).toMatchObject({ total: STOCK_COUNT_CAP, totalCapped: true });
    // A page beyond the cap moves it: the count reaches the end of that page, here all items.
    const deep = await a.post('stock/detail', { search: '8949', pageSize: 50, page: 201 });
    expect(deep.body.data).toMatchObject({ total: STOCK_COUNT_CAP + 50, totalCapped: false });
    expect(deep.body.data.items).toHaveLength(50);
    const exact = await a.post('stock/detail', { productId: products[3] });
    expect(exact.body.data).toMatchObject({ total: STOCK_COUNT_CAP + 50, totalCapped: false });
  });

  it('pages every order over all stock alike by offset and by cursor', async () => {
    for (const sort of ['importedDate', 'iccid', 'activeExpireDate'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const body = { sort, order, pageSize: 20 };
        let cursor: string | undefined;
        for (let page = 1; page <= 4; page += 1) {
          const byOffset = await a.post('stock/detail', { ...body, page: page + 150 - 1 });
          if (page === 1) {
            // Reach page 150 by cursor once: the offset page before it gives its cursor.
            const before = await a.post('stock/detail', { ...body, page: 149 });
            cursor = before.body.data.nextCursor;
          }
          const byCursor = await a.post('stock/detail', { ...body, page: page + 149, cursor });
          const offsetIds = (byOffset.body.data.items as Json[]).map((row) => row.id);
          expect(offsetIds, `${sort} ${order} page ${page + 149}`).toHaveLength(20);
          expect((byCursor.body.data.items as Json[]).map((row) => row.id)).toEqual(offsetIds);
          cursor = byCursor.body.data.nextCursor;
        }
      }
    }
  });

  it('exports the whole stock in the list order with product code and name', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/mng/stock/export', token: admin });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    const total = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM stock_items`),
    )[0]!.n;
    expect(lines).toHaveLength(total);
    const firstPage = await a.post('stock/detail', { pageSize: 100 });
    const exported = lines.slice(0, 100).map((line) => line.split(',')[0]);
    expect(exported).toEqual((firstPage.body.data.items as Json[]).map((row) => row.iccid));
    expect(lines.filter((line) => line.includes('Delta stock'))).toHaveLength(STOCK_COUNT_CAP + 50);
    expect(new Set(STOCK_STATUSES)).toContain(lines[0]!.split(',')[4]);
  });
});
