import { randomUUID } from 'node:crypto';
import { luhnCheckDigit } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit';
import { insertStockRows, type StockImportRow } from '../src/areas/stock/import';
import { BusinessRuleError } from '../src/http/errors';
import {
  JOB_INTERRUPTED,
  enqueueJob,
  getJob,
  runQueuedJobs,
  startJobRunner,
  tick,
  type JobHandler,
  type JobRunnerOptions,
} from '../src/jobs';
import { createTestApp, type TestContext } from './support/app';
import { insertProduct, insertSupplier } from './tariffs-fixtures';

/* The durable job runner (api/src/jobs): claim, progress, failure without partial writes, stale jobs. */

let t: TestContext;
let productId: string;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let serial = 3_000_000;
function rows(count: number): StockImportRow[] {
  return Array.from({ length: count }, (_, i) => {
    serial += 1;
    const body = `898100${String(serial).padStart(12, '0')}`;
    return {
      row: i + 2,
      iccid: `${body}${luhnCheckDigit(body)}`,
      activationCode: `LPA:1$smdp.example.com$JOB-${serial}`,
      activeExpireDate: '2031-12-31',
    };
  });
}

async function itemCount(): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM stock_items`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

function options(handlers: Record<string, JobHandler>, extra: Partial<JobRunnerOptions> = {}) {
  return { database: t.database, log, handlers, ...extra };
}

beforeAll(async () => {
  t = await createTestApp();
  const supplier = await insertSupplier(t);
  productId = (await insertProduct(t, { supplierId: supplier.id })).id;
});

afterAll(() => t?.close());

const insertOptions = (onProgress?: (done: number) => void) => ({
  importId: randomUUID(),
  productId,
  fileName: 'job.csv',
  actor: SYSTEM_ACTOR,
  seal: (text: string) => `sealed:${text.length}`,
  now: new Date(),
  ...(onProgress ? { onProgress } : {}),
});

describe('job runner', () => {
  it('runs a queued job once, with progress and its result', async () => {
    const handler: JobHandler = async (ctx) => {
      const batch = rows(12_000);
      return t.database.db.transaction(async (tx) => {
        const done = await insertStockRows(
          tx,
          batch,
          insertOptions((n) => ctx.progress(n, batch.length)),
        );
        await ctx.completeIn(tx, { imported: done });
        return { imported: done };
      });
    };
    const id = await enqueueJob(t.database.db, {
      kind: 'test.import',
      payload: {},
      createdBy: 'test',
      total: 12_000,
    });
    expect((await getJob(t.database.db, id))!.status).toBe('queued');
    const before = await itemCount();
    expect(await runQueuedJobs(options({ 'test.import': handler }))).toBe(1);
    const job = await getJob(t.database.db, id);
    expect(job).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      progressDone: 12_000,
      progressTotal: 12_000,
      result: { imported: 12_000 },
      error: null,
    });
    expect(await itemCount()).toBe(before + 12_000);
    // Nothing left to run.
    expect(await runQueuedJobs(options({ 'test.import': handler }))).toBe(0);
  });

  it('a job failing mid-way (after rows were inserted in its transaction) leaves no rows', async () => {
    const handler: JobHandler = async (ctx) =>
      t.database.db.transaction(async (tx) => {
        await insertStockRows(
          tx,
          rows(7_000),
          insertOptions((n) => ctx.progress(n, 14_000)),
        );
        throw new BusinessRuleError({
          key: 'test.rejected',
          text: 'Supplier file rejected half-way.',
        });
      });
    const id = await enqueueJob(t.database.db, {
      kind: 'test.fail',
      payload: {},
      input: 'big file',
      createdBy: 'test',
    });
    const before = await itemCount();
    await runQueuedJobs(options({ 'test.fail': handler }));
    const job = await getJob(t.database.db, id);
    expect(job).toMatchObject({ status: 'failed', error: 'Supplier file rejected half-way.' });
    expect(job!.progressDone).toBe(7_000);
    expect(await itemCount()).toBe(before);
  });

  it('shows progress while the job runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reported!: () => void;
    const halfway = new Promise<void>((resolve) => (reported = resolve));
    const id = await enqueueJob(t.database.db, {
      kind: 'test.progress',
      payload: {},
      createdBy: 't',
    });
    const run = runQueuedJobs(
      options({
        'test.progress': async (ctx) => {
          ctx.progress(40, 100);
          reported();
          await gate;
          ctx.progress(100, 100);
          return { ok: true };
        },
      }),
    );
    await halfway;
    let job = await getJob(t.database.db, id);
    for (let i = 0; i < 50 && job!.progressDone !== 40; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await getJob(t.database.db, id);
    }
    expect(job).toMatchObject({ status: 'running', progressDone: 40, progressTotal: 100 });
    release();
    await run;
    expect(await getJob(t.database.db, id)).toMatchObject({
      status: 'succeeded',
      progressDone: 100,
      result: { ok: true },
    });
  });

  it('an unexpected error fails the job with the default text', async () => {
    const id = await enqueueJob(t.database.db, { kind: 'test.crash', payload: {}, createdBy: 't' });
    await runQueuedJobs(
      options({
        'test.crash': async () => {
          throw new Error('secret internals');
        },
      }),
    );
    expect((await getJob(t.database.db, id))!.error).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('fails a stale running job on the next tick; its late commit is refused', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const handler: JobHandler = async (ctx) => {
      started();
      await gate;
      return t.database.db.transaction(async (tx) => {
        await insertStockRows(tx, rows(10), insertOptions());
        await ctx.completeIn(tx, { imported: 10 });
      });
    };
    const id = await enqueueJob(t.database.db, { kind: 'test.stale', payload: {}, createdBy: 't' });
    const before = await itemCount();
    const run = runQueuedJobs(options({ 'test.stale': handler }, { heartbeatMs: 3_600_000 }));
    await running;
    // Its process "died": no heartbeat for a long time.
    await t.database.db.execute(
      sql`UPDATE jobs SET heartbeat_at = now() - interval '1 hour' WHERE id = ${id}`,
    );
    const result = await tick(options({}, { staleAfterMs: 60_000 }));
    expect(result.staleFailed).toBe(1);
    release();
    await run;
    const job = await getJob(t.database.db, id);
    expect(job).toMatchObject({ status: 'failed', error: JOB_INTERRUPTED });
    expect(await itemCount()).toBe(before);
  });

  it('tick runs the scheduled tasks; the runner ticks at start and closes cleanly', async () => {
    let runs = 0;
    const scheduled = [{ name: 'count', run: async () => (runs += 1) }];
    const result = await tick(options({}, { scheduled }));
    expect(result.tasks).toEqual({ count: 1 });
    const runner = startJobRunner(options({}, { scheduled, intervalMs: 60_000 }));
    await runner.tick();
    await runner.close();
    expect(runs).toBe(3);
  });
});
