import { RESOURCES, STOCK_TRANSITIONS, luhnCheckDigit } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStock, releaseHolds } from '../src/areas/stock/tasks';
import { createTestApp, type TestContext } from './support/app';
import { api, insertProduct, insertSupplier, type Api, type Json } from './tariffs-fixtures';

/* Stock items: lists and paging, the status matrix, holds and expiry, reveal, export. */

let t: TestContext;
let a: Api;
let admin: string;
let noReveal: string;
let productId: string;
let formulaProductId: string;
let supplierId: string;

let serial = 2_000_000;
function iccid(): string {
  serial += 1;
  const body = `898100${String(serial).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}
let codeSerial = 0;
const matchingId = () => `K2-${(codeSerial += 1).toString().padStart(5, '0')}-SECRETAB12`;

async function importRows(product: string, rows: string[]): Promise<void> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/mng/stock/csv?productId=${product}&fileName=seed.csv&dryRun=false`,
    token: admin,
    headers: { 'content-type': 'text/csv' },
    payload: ['iccid,activationCode,activeExpireDate', ...rows].join('\r\n'),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = api(t, admin);
  // A role with every stock right except revealing activation codes.
  const role = await a.post('role', { name: 'Stock staff' });
  const roleId = role.body.data.id as string;
  await a.post('role/permission', {
    roleId,
    permissions: [{ path: RESOURCES.stock, methods: ['GET', 'POST', 'PUT', 'DELETE'] }],
  });
  noReveal = (await t.createUser({ roleId })).token;

  const supplier = await insertSupplier(t);
  supplierId = supplier.id;
  productId = (await insertProduct(t, { supplierId: supplier.id, name: 'Japan eSIM stock' })).id;
  formulaProductId = (await insertProduct(t, { supplierId: supplier.id, name: '=1+2 stock' })).id;
  await importRows(
    productId,
    Array.from({ length: 25 }, (_, i) => {
      const day = String((i % 28) + 1).padStart(2, '0');
      return `${iccid()},LPA:1$smdp.example.com$${matchingId()},2031-01-${day}`;
    }),
  );
  await importRows(formulaProductId, [
    `${iccid()},LPA:1$rsp.example.net$${matchingId()},2031-12-31`,
  ]);
});

afterAll(() => t?.close());

async function detail(body: Record<string, unknown>, token = admin) {
  return a.post('stock/detail', { productId, ...body }, token);
}

async function firstItem(status = 'on_hand'): Promise<Json> {
  const res = await detail({ status, pageSize: 10 });
  return res.body.data.items[0];
}

describe('stock/list and stock/detail', () => {
  it('lists stock products with counts and expiring soon', async () => {
    const res = await a.post('stock/list', { sort: 'total', order: 'desc' });
    expect(res.status).toBe(200);
    const item = res.body.data.items.find((row: Json) => row.productId === productId);
    expect(item).toMatchObject({ total: 25, counts: { on_hand: 25, holding: 0 } });
    expect(res.body.data.items[0].productId).toBe(productId);
  });

  it('pages by offset and by keyset cursor with the same rows, codes masked', async () => {
    const first = await detail({ pageSize: 10 });
    expect(first.status).toBe(200);
    const data = first.body.data;
    expect(data.total).toBe(25);
    expect(data.counts.on_hand).toBe(25);
    expect(data.product).toMatchObject({ id: productId, name: 'Japan eSIM stock' });
    expect(data.items).toHaveLength(10);
    expect(data.items[0].activationCodeMasked).toMatch(/^LPA:1\$smdp\.example\.com\$••••••AB12$/);
    expect(JSON.stringify(data)).not.toContain('SECRET');
    const byOffset = await detail({ pageSize: 10, page: 2 });
    const byCursor = await detail({ pageSize: 10, page: 2, cursor: data.nextCursor });
    expect(byCursor.body.data.items.map((row: Json) => row.id)).toEqual(
      byOffset.body.data.items.map((row: Json) => row.id),
    );
    const last = await detail({ pageSize: 10, cursor: byCursor.body.data.nextCursor });
    expect(last.body.data.items).toHaveLength(5);
    expect(last.body.data.nextCursor).toBeNull();
    // Sorted by ICCID ascending, by keyset.
    const asc = await detail({ pageSize: 20, sort: 'iccid', order: 'asc' });
    const ids = asc.body.data.items.map((row: Json) => row.iccid);
    expect(ids).toEqual([...ids].sort());
    const bad = await detail({ cursor: asc.body.data.nextCursor });
    expect(bad.status).toBe(400);
  });

  it('filters by status, ICCID search and expiring window', async () => {
    const one = await firstItem();
    // The last digits (printed on the card), the first digits, or the whole number.
    const search = await detail({ search: one.iccid.slice(-8) });
    expect(search.body.data.items.map((row: Json) => row.id)).toEqual([one.id]);
    const prefix = await detail({ search: one.iccid.slice(0, -1) });
    expect(prefix.body.data.items.map((row: Json) => row.id)).toEqual([one.id]);
    const whole = await detail({ search: one.iccid });
    expect(whole.body.data.items.map((row: Json) => row.id)).toEqual([one.id]);
    // Digits from the middle only are neither.
    const middle = await detail({ search: one.iccid.slice(2, -2) });
    expect(middle.body.data.total).toBe(0);
    const none = await detail({ status: ['wasted', 'sold_out'] });
    expect(none.body.data.total).toBe(0);
    const soon = await detail({ expiringWithinDays: 10 });
    expect(soon.body.data.total).toBe(0);
  });
});

describe('one item and the status matrix', () => {
  it('shows the masked code, address, allowed moves', async () => {
    const item = await firstItem();
    const res = await a.get(`stock?id=${item.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      smdpAddress: 'smdp.example.com',
      matchingIdMasked: '••••••AB12',
      status: 'on_hand',
      allowedStatuses: [...STOCK_TRANSITIONS.on_hand],
      canDelete: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('SECRET');
    // The import it came from: one audit entry for the whole file.
    expect(res.body.data).toMatchObject({
      importFileName: 'seed.csv',
      createdBy: 'admin@esim.test',
    });
    const imported = await a.get(
      `audit/history?entityType=stockImport&entityId=${res.body.data.importId}`,
    );
    expect(imported.body.data.items).toHaveLength(1);
    expect(imported.body.data.items[0]).toMatchObject({
      action: 'create',
      actor: { email: 'admin@esim.test' },
      changes: expect.arrayContaining([
        { field: 'productId', before: null, after: productId },
        { field: 'fileName', before: null, after: 'seed.csv' },
        { field: 'items', before: null, after: 25 },
      ]),
    });
  });

  it("has the import that created it as its history's first (oldest) entry", async () => {
    const item = await firstItem();
    const detailed = await a.get(`stock?id=${item.id}`);
    const before = await a.get(`stock/history?id=${item.id}`);
    expect(before.status).toBe(200);
    const entries = before.body.data.items as Json[];
    expect(before.body.data.total).toBe(entries.length);
    expect(entries.at(-1)).toMatchObject({
      entityType: 'stockImport',
      entityId: detailed.body.data.importId,
      action: 'create',
      actor: { email: 'admin@esim.test' },
      changes: expect.arrayContaining([
        { field: 'productId', before: null, after: productId },
        { field: 'fileName', before: null, after: 'seed.csv' },
      ]),
    });
    // Later entries of the item come before it (newest first), on every page.
    await a.post('stock/activation-code', { id: item.id });
    const after = await a.get(`stock/history?id=${item.id}&pageSize=10`);
    expect(after.body.data.total).toBe(entries.length + 1);
    expect(after.body.data.items[0]).toMatchObject({ entityType: 'stockItem', action: 'update' });
    expect(after.body.data.items.at(-1)).toMatchObject({ entityType: 'stockImport' });
    // Another item of the same import shows the same entry; an unknown id shows nothing.
    const other = (await detail({ status: 'on_hand', pageSize: 10 })).body.data.items[1];
    const otherHistory = await a.get(`stock/history?id=${other.id}`);
    expect(otherHistory.body.data.items.at(-1).id).toBe(entries.at(-1)!.id);
    const unknown = await a.get('stock/history?id=not-an-item');
    expect(unknown.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('allows matrix moves, refuses others naming both statuses, checks version and holdUntil', async () => {
    const item = await firstItem();
    const assigned = await a.put('stock', {
      id: item.id,
      version: item.version,
      status: 'assigned',
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.message).toBe('Stock status updated.');
    const stale = await a.put('stock', { id: item.id, version: item.version, status: 'sold_out' });
    expect(stale.status).toBe(409);
    const refused = await a.put('stock', {
      id: item.id,
      version: assigned.body.data.version,
      status: 'holding',
      holdUntil: '2031-01-01T00:00:00Z',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('Cannot change status from assigned to holding.');
    const del = await a.del(`stock?id=${item.id}&version=${assigned.body.data.version}`);
    expect(del.status).toBe(422);
    expect(del.body.errors[0].message).toBe('A stock item with status assigned cannot be deleted.');

    const other = await firstItem();
    const noUntil = await a.put('stock', {
      id: other.id,
      version: other.version,
      status: 'holding',
    });
    expect(noUntil.status).toBe(400);
    expect(noUntil.body.errors[0].field).toBe('holdUntil');
    const past = await a.put('stock', {
      id: other.id,
      version: other.version,
      status: 'holding',
      holdUntil: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.errors[0]).toMatchObject({
      field: 'holdUntil',
      message: 'Dates must be equal to or later than the current date.',
    });
    const wasted = await a.put('stock', {
      id: other.id,
      version: other.version,
      status: 'wasted',
      reason: 'damaged',
    });
    expect(wasted.body.data.allowedStatuses).toEqual([]);
    const back = await a.put('stock', {
      id: other.id,
      version: wasted.body.data.version,
      status: 'on_hand',
    });
    expect(back.body.errors[0].message).toBe('Cannot change status from wasted to on_hand.');
    const removed = await a.del(`stock?id=${other.id}&version=${wasted.body.data.version}`);
    expect(removed.status).toBe(200);
    const history = await a.get(`stock/history?id=${other.id}`);
    expect(history.body.data.items.map((entry: Json) => entry.action)).toEqual([
      'delete',
      'update',
    ]);
    expect(history.body.data.items[1].changes).toContainEqual({
      field: 'status',
      before: 'on_hand',
      after: 'wasted',
    });
  });

  it('releases an expired hold back to on_hand, audited as the system', async () => {
    const item = await firstItem();
    const holdUntil = new Date(Date.now() + 3_600_000).toISOString();
    const held = await a.put('stock', {
      id: item.id,
      version: item.version,
      status: 'holding',
      holdUntil,
    });
    expect(held.body.data).toMatchObject({ status: 'holding', holdUntil });
    expect(await releaseHolds(t.database.db, new Date())).toBe(0);
    expect(await releaseHolds(t.database.db, new Date(Date.now() + 7_200_000))).toBe(1);
    const after = await a.get(`stock?id=${item.id}`);
    expect(after.body.data).toMatchObject({ status: 'on_hand', holdUntil: null });
    const history = await a.get(`stock/history?id=${item.id}`);
    expect(history.body.data.items[0]).toMatchObject({
      actor: { userId: null, email: 'system' },
      changes: expect.arrayContaining([{ field: 'status', before: 'holding', after: 'on_hand' }]),
    });
  });
});

describe('activation code reveal', () => {
  it('needs the activation-code permission and is recorded, never the code itself', async () => {
    const item = await firstItem();
    const denied = await a.post('stock/activation-code', { id: item.id }, noReveal);
    expect(denied.status).toBe(403);
    const readable = await a.get(`stock?id=${item.id}`, noReveal);
    expect(readable.status).toBe(200);
    const res = await a.post('stock/activation-code', { id: item.id });
    expect(res.status).toBe(200);
    expect(res.body.data.activationCode).toMatch(
      /^LPA:1\$smdp\.example\.com\$K2-\d{5}-SECRETAB12$/,
    );
    expect(res.body.data.matchingId).toMatch(/SECRETAB12$/);
    const history = await a.get(`stock/history?id=${item.id}`);
    expect(history.body.data.items[0]).toMatchObject({
      action: 'update',
      actor: { email: 'admin@esim.test' },
      changes: [{ field: 'activationCode', before: null, after: 'revealed' }],
    });
    const leaked = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE changes::text LIKE '%SECRET%'`,
      ),
    );
    expect(leaked[0]!.n).toBe(0);
    const stored = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM stock_items WHERE activation_code_sealed LIKE '%SECRET%'
            OR activation_code_masked LIKE '%SECRET%'`,
      ),
    );
    expect(stored[0]!.n).toBe(0);
  });
});

describe('stock/export', () => {
  it('has no activation codes and is formula-safe', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/stock/export?productId=${formulaProductId}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'iccid,productCode,productName,smdpAddress,status,activeExpireDate,importedDate,holdUntil',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=1+2 stock");
    expect(text).not.toContain('LPA:');
    expect(text).not.toContain('SECRET');
    const all = await t.inject({ method: 'GET', url: '/api/mng/stock/export', token: admin });
    expect(all.body.trim().split('\r\n').length).toBeGreaterThan(20);
    expect(all.body).not.toContain('SECRET');
  });

  it("follows the stock list's supplier filter", async () => {
    const other = await insertSupplier(t);
    const otherProduct = (await insertProduct(t, { supplierId: other.id, name: 'Other stock' })).id;
    const otherIccid = iccid();
    await importRows(otherProduct, [
      `${otherIccid},LPA:1$smdp.other.example$${matchingId()},2031-12-31`,
    ]);
    const exportOf = async (supplier: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/mng/stock/export?supplierId=${supplier}`,
          token: admin,
        })
      ).body;
    const mine = await exportOf(supplierId);
    expect(mine).toContain('Japan eSIM stock');
    expect(mine).not.toContain(otherIccid);
    const theirs = (await exportOf(other.id)).trim().split('\r\n');
    expect(theirs).toHaveLength(2);
    expect(theirs[1]).toContain(otherIccid);
  });
});

describe('scheduled expiry', () => {
  it('moves expired items to wasted (not sold ones), audited as the system', async () => {
    const sold = await firstItem();
    const assigned = await a.put('stock', {
      id: sold.id,
      version: sold.version,
      status: 'assigned',
    });
    await a.put('stock', {
      id: sold.id,
      version: assigned.body.data.version,
      status: 'sold_out',
    });
    const before = await detail({ pageSize: 10 });
    const onHand = before.body.data.counts.on_hand as number;
    const moved = await expireStock(t.database.db, new Date('2031-01-05T00:00:00Z'));
    // 2031-01-01 .. 2031-01-04 expire: the items on hand among them.
    expect(moved).toBeGreaterThan(0);
    const after = await detail({ pageSize: 10 });
    expect(after.body.data.counts.on_hand).toBe(onHand - moved);
    expect(after.body.data.counts.wasted).toBeGreaterThanOrEqual(moved);
    const still = await a.get(`stock?id=${sold.id}`);
    expect(still.body.data.status).toBe('sold_out');
    const wasted = await detail({ status: 'wasted', pageSize: 10, sort: 'activeExpireDate' });
    const history = await a.get(`stock/history?id=${wasted.body.data.items[0].id}`);
    expect(history.body.data.items[0]).toMatchObject({ actor: { email: 'system' } });
    expect(await expireStock(t.database.db, new Date('2031-01-05T00:00:00Z'))).toBe(0);
  });
});
