/**
 * Gapless document numbers under concurrency, through HTTP on the real server (*.pg.test.ts: the
 * PGlite pass leaves this file out, its one connection never runs two issues at once).
 */
import { businessToday } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  createDocumentWorld,
  insertDocumentOrder,
  rawQuery,
} from './support/order-document-fixtures';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({
    config: { documentPdfAtIssue: false, rateLimit: { max: 100_000, windowMs: 60_000 } },
  });
});

afterAll(() => t?.close());

describe('issuing at once', () => {
  it('30 concurrent invoices of one issuer get the numbers 1 to 30, each once', async () => {
    const world = await createDocumentWorld(t);
    const orders = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertDocumentOrder(t, world, { lines: [{ unitPrice: 100, quantity: 1 }] }),
      ),
    );
    const token = await t.adminToken();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.inject({
          method: 'POST',
          url: '/api/mng/order/document',
          token,
          payload: { orderId: orders[index % orders.length]!.id, type: 'invoice' },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const year = businessToday().slice(0, 4);
    const numbers = answers.map((answer) => answer.json().data.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 30 }, (_, index) => `INV-${year}-${String(index + 1).padStart(6, '0')}`),
    );
    const stored = await rawQuery(
      t,
      `SELECT sequence FROM order_documents WHERE issuer_id = $1 ORDER BY sequence`,
      [world.issuers.JP],
    );
    expect(stored.map((row) => Number(row.sequence))).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
  });
});
