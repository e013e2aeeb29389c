import { luhnCheckDigit } from '@esim/contracts';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLatencyProbe } from './support/latency-probe';
import { createTestApp, type TestContext } from './support/app';
import { insertProduct, insertSupplier } from './tariffs-fixtures';

/*
 * A 100,000-row stock file parsed and checked (dry run) while /healthz is polled every 20 ms from
 * another thread: the server keeps answering. The 100 ms target is measured by pnpm bench:csv
 * (scripts/bench/csv-import.ts). This test fails on a real stall (the synchronous parse held the
 * loop 1.1 s on a quiet machine) without flaking on a busy one: its bound is 500 ms, or three
 * times the worst idle /healthz answer measured just before, at most 1 s.
 * Real PostgreSQL only (*.pg.test.ts): the figure is about the server, not the embedded database.
 */

const ROWS = 100_000;
const WORST_HEALTHZ_MS = 500;
const STALL_MS = 1_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestContext;
let base: string;
let productId: string;

function stockFile(rows: number): string {
  const lines = ['iccid,activationCode,activeExpireDate'];
  for (let i = 0; i < rows; i += 1) {
    const body = `898100${String(7_000_000 + i).padStart(12, '0')}`;
    lines.push(`${body}${luhnCheckDigit(body)},LPA:1$smdp.example.com$LOAD-${i},2031-12-31`);
  }
  return lines.join('\r\n');
}

beforeAll(async () => {
  t = await createTestApp();
  const supplier = await insertSupplier(t);
  productId = (await insertProduct(t, { supplierId: supplier.id })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(() => t?.close());

it('answers /healthz while it checks a 100,000-row stock file', { timeout: 60_000 }, async () => {
  const token = await t.adminToken();
  // Encoded before the probe starts: this process is the client too.
  const file = Buffer.from(stockFile(ROWS));
  const query = new URLSearchParams({ productId, fileName: 'load.csv', dryRun: 'true' });
  const idleProbe = startLatencyProbe(`${base}/healthz`);
  await pause(1_000);
  const idle = await idleProbe.stop();
  const bound = Math.min(STALL_MS, Math.max(WORST_HEALTHZ_MS, 3 * idle.maxMs));
  const probe = startLatencyProbe(`${base}/healthz`);
  await pause(100);
  const start = performance.now();
  const res = await fetch(`${base}/api/mng/stock/csv?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  const { data: body } = (await res.json()) as { data: { validRows: number; errorCount: number } };
  const importMs = performance.now() - start;
  const healthz = await probe.stop();
  console.info(
    `stock dry run of ${ROWS} rows: ${importMs.toFixed(0)} ms; /healthz worst ` +
      `${healthz.maxMs.toFixed(1)} ms, p99 ${healthz.p99Ms.toFixed(1)} ms, ` +
      `p50 ${healthz.p50Ms.toFixed(1)} ms over ${healthz.samples} polls ` +
      `(idle worst ${idle.maxMs.toFixed(1)} ms; bound ${bound.toFixed(0)} ms)`,
  );
  expect(res.status).toBe(200);
  expect(body).toMatchObject({ validRows: ROWS, errorCount: 0 });
  expect(healthz.failed).toBe(0);
  expect(healthz.samples).toBeGreaterThan(3);
  expect(healthz.maxMs).toBeLessThan(bound);
});
