import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateDocumentNumber, formatDocumentNumber } from '../src/areas/branches/public';
import { createTestApp, type TestContext } from './support/app';

/*
 * Document numbers per issuer, type and year (src/areas/branches/numbering.ts): 1, 2, 3...,
 * independent sequences, and a rolled-back document gives its number back. The concurrent case
 * runs on the real server: branches-numbering.pg.test.ts.
 */

let t: TestContext;
let issuerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.adminToken();
  const branch = await t.inject({
    method: 'POST',
    url: '/api/mng/branch',
    token: admin,
    payload: { name: 'Numbering', code: 'NUM', target: 'a2n_group' },
  });
  const issuer = await t.inject({
    method: 'POST',
    url: '/api/mng/branch/item',
    token: admin,
    payload: {
      branchId: branch.json().data.id,
      countryCode: 'JP',
      legalName: 'Numbering K.K.',
      address: 'Tokyo',
      registrationNumber: 'T7000012050002',
    },
  });
  issuerId = issuer.json().data.id as string;
});

afterAll(() => t?.close());

const take = (documentType: 'invoice' | 'receipt' | 'credit_note', year = 2026) =>
  t.database.db.transaction((tx) => allocateDocumentNumber(tx, { issuerId, documentType, year }));

describe('allocateDocumentNumber', () => {
  it('numbers 1, 2, 3 per issuer, document type and year', async () => {
    expect([await take('invoice'), await take('invoice'), await take('invoice')]).toEqual([
      1, 2, 3,
    ]);
    expect(await take('receipt')).toBe(1);
    expect(await take('invoice', 2027)).toBe(1);
    expect(await take('invoice')).toBe(4);
  });

  it('gives the number of a rolled-back document back (no gap)', async () => {
    const before = await take('credit_note');
    await expect(
      t.database.db.transaction(async (tx) => {
        await allocateDocumentNumber(tx, { issuerId, documentType: 'credit_note', year: 2026 });
        throw new Error('the document could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await take('credit_note')).toBe(before + 1);
  });

  it('refuses an issuer that does not exist (foreign key)', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        allocateDocumentNumber(tx, {
          issuerId: '00000000-0000-4000-8000-000000000000',
          documentType: 'invoice',
          year: 2026,
        }),
      ),
    ).rejects.toThrow();
    const rows = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM document_sequences WHERE issuer_id = '00000000-0000-4000-8000-000000000000'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it('formats numbers with a prefix per type', () => {
    expect(formatDocumentNumber('invoice', 2026, 42)).toBe('INV-2026-000042');
    expect(formatDocumentNumber('credit_note', 2026, 1)).toBe('CRN-2026-000001');
  });
});
