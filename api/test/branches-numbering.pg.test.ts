import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateDocumentNumber } from '../src/areas/branches/public';
import { createTestApp, type TestContext } from './support/app';

/*
 * Concurrent allocations on real PostgreSQL (*.pg.test.ts: the PGlite pass leaves this file out,
 * since PGlite has one connection and two transactions can never overlap there).
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
    payload: { name: 'Race', code: 'RACE', target: 'msp' },
  });
  const issuer = await t.inject({
    method: 'POST',
    url: '/api/mng/branch/item',
    token: admin,
    payload: {
      branchId: branch.json().data.id,
      countryCode: 'DE',
      legalName: 'Race GmbH',
      address: 'Berlin',
      registrationNumber: 'DE136695976',
    },
  });
  issuerId = issuer.json().data.id as string;
});

afterAll(() => t?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('allocateDocumentNumber under concurrency', () => {
  it('never skips or repeats a number, including the first allocation of a year and rollbacks', async () => {
    const attempts = 40;
    const committed: number[] = [];
    // Every transaction allocates, then holds its lock a moment (as storing a document would);
    // every fifth one fails after allocating.
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, index) =>
        t.database.db.transaction(async (tx) => {
          const number = await allocateDocumentNumber(tx, {
            issuerId,
            documentType: 'invoice',
            year: 2031,
          });
          await pause(index % 3);
          if (index % 5 === 4) throw new Error('document refused');
          committed.push(number);
          return number;
        }),
      ),
    );
    const failures = results.filter((result) => result.status === 'rejected');
    expect(failures).toHaveLength(attempts / 5);
    for (const failure of failures) {
      expect(String((failure as PromiseRejectedResult).reason)).toContain('document refused');
    }
    const sorted = [...committed].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: committed.length }, (_, index) => index + 1));
    const rows = (await t.database.db.execute(
      sql`SELECT next_number FROM document_sequences WHERE issuer_id = ${issuerId} AND year = 2031`,
    )) as unknown as { rows: { next_number: string }[] };
    expect(Number(rows.rows[0]!.next_number)).toBe(committed.length + 1);
  });
});
