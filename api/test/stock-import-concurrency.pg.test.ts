import { luhnCheckDigit } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { insertProduct, insertSupplier, type Json } from './tariffs-fixtures';

/*
 * Two stock imports at once on real PostgreSQL (*.pg.test.ts: the PGlite pass leaves this file
 * out, since PGlite has one connection and two transactions can never overlap there).
 */

let t: TestContext;
let admin: string;
let productId: string;

let serial = 5_000_000;
function iccid(): string {
  serial += 1;
  const body = `898100${String(serial).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}
let codeSerial = 0;
const row = () =>
  `${iccid()},LPA:1$smdp.example.com$RACE-${(codeSerial += 1).toString().padStart(6, '0')},2031-12-31`;
const file = (...rows: string[]) => ['iccid,activationCode,activeExpireDate', ...rows].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const supplier = await insertSupplier(t);
  productId = (await insertProduct(t, { supplierId: supplier.id })).id;
});

afterAll(() => t?.close());

async function upload(
  csv: string,
  options: { dryRun: boolean },
): Promise<{ status: number; body: Json }> {
  const query = new URLSearchParams({
    productId,
    fileName: 'stock.csv',
    dryRun: String(options.dryRun),
  });
  const res = await t.inject({
    method: 'POST',
    url: `/api/mng/stock/csv?${query}`,
    token: admin,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json() };
}

async function itemCount(): Promise<number> {
  const rows = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM stock_items`)) as {
    rows: { n: number }[];
  };
  return Number(rows.rows[0]!.n);
}

describe('concurrent imports', () => {
  it('two overlapping files at once never create duplicate ICCIDs', async () => {
    const before = await itemCount();
    const shared = Array.from({ length: 300 }, () => row());
    const a = [...shared, ...Array.from({ length: 200 }, () => row())];
    const b = [...Array.from({ length: 200 }, () => row()), ...shared];
    const [ra, rb] = await Promise.all([
      upload(file(...a), { dryRun: false }),
      upload(file(...b), { dryRun: false }),
    ]);
    // One file wins. The other is refused for its duplicate ICCIDs either by the check (400, when
    // it reads the stock after the winner committed) or by the insert (409, when both checked
    // before either committed); which one depends on timing, never on data.
    const [winner, loser] = ra.status === 200 ? [ra, rb] : [rb, ra];
    expect(winner.status, JSON.stringify([ra.body, rb.body])).toBe(200);
    expect([400, 409], JSON.stringify(loser.body)).toContain(loser.status);
    expect(loser.body.errors[0].message).toBe('Duplicate ICCID detected; must be unique.');
    expect(await itemCount()).toBe(before + 500);
    const dups = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT iccid FROM stock_items GROUP BY iccid HAVING count(*) > 1) d`,
    )) as { rows: { n: number }[] };
    expect(dups.rows[0]!.n).toBe(0);
  });

  it('two checked files applied at once: the unique index re-checks inside the apply', async () => {
    const before = await itemCount();
    const shared = Array.from({ length: 300 }, () => row());
    const a = [...shared, ...Array.from({ length: 200 }, () => row())];
    const b = [...Array.from({ length: 200 }, () => row()), ...shared];
    // Both dry runs pass (nothing of either is in stock yet) and stage their rows.
    const [da, db] = [
      await upload(file(...a), { dryRun: true }),
      await upload(file(...b), { dryRun: true }),
    ];
    expect(da.body.data.importId).toBeTruthy();
    expect(db.body.data.importId).toBeTruthy();
    const apply = async (importId: string) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/stock/csv/apply',
        token: admin,
        payload: { importId },
      });
      return { status: res.statusCode, body: res.json() as Json };
    };
    const [ra, rb] = await Promise.all([
      apply(da.body.data.importId),
      apply(db.body.data.importId),
    ]);
    const [winner, loser] = ra.status === 200 ? [ra, rb] : [rb, ra];
    expect(winner.status, JSON.stringify([ra.body, rb.body])).toBe(200);
    // The loser's insert waited for the winner and hit the unique index: its transaction rolled
    // back, and the answer lists its rows now in stock (400) or, failing that, is a 409.
    expect([400, 409], JSON.stringify(loser.body)).toContain(loser.status);
    expect(loser.body.errors[0].message).toBe('Duplicate ICCID detected; must be unique.');
    if (loser.status === 400) expect(loser.body.errors).toHaveLength(200);
    expect(await itemCount()).toBe(before + 500);
    const dups = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT iccid FROM stock_items GROUP BY iccid HAVING count(*) > 1) d`,
    )) as { rows: { n: number }[] };
    expect(dups.rows[0]!.n).toBe(0);
  });
});
