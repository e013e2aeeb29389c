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
  NO_RETRY,
  createJobQueue,
  enqueueJob,
  failStaleJobs,
  getJob,
  pruneFinishedJobs,
  runQueuedJobs,
  taskQueueName,
  type JobHandler,
  type JobQueue,
  type JobState,
} from '../src/jobs';
import { createTestApp, type TestContext } from './support/app';
import { insertProduct, insertSupplier } from './tariffs-fixtures';

/*
 * The job queue (api/src/jobs: pg-boss dispatch, table `jobs` as the staff-visible record):
 * progress, all-or-nothing, retries with backoff or none, no wait before a job starts, schedules.
 */

let t: TestContext;
let queue: JobQueue;
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

const insertOptions = (onProgress?: (done: number) => void) => ({
  importId: randomUUID(),
  productId,
  fileName: 'job.csv',
  actor: SYSTEM_ACTOR,
  seal: (text: string) => `sealed:${text.length}`,
  now: new Date(),
  ...(onProgress ? { onProgress } : {}),
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (job: JobState | null) => job?.status === 'succeeded' || job?.status === 'failed';
const waitFinished = (id: string) => waitFor(() => getJob(t.database.db, id), finished);

/** The pg-boss jobs that carried a record (state, retries, output). */
async function deliveries(recordId: string) {
  const result = (await t.database.db.execute(sql`
    SELECT state, retry_count, output FROM pgboss.job WHERE data->>'recordId' = ${recordId}
    ORDER BY created_on`)) as unknown as {
    rows: { state: string; retry_count: number; output: { message?: string } | null }[];
  };
  return result.rows;
}

/** The deliveries once pg-boss has settled them (it records the outcome after the record). */
const settledDeliveries = (recordId: string) =>
  waitFor(
    () => deliveries(recordId),
    (list) => list.length > 0 && list.every((row) => ['completed', 'failed'].includes(row.state)),
  );

// Handlers' hooks, set per test.
let releaseProgress!: () => void;
let progressReported!: () => void;
const calls: Record<string, number> = {};
const attemptTimes: number[] = [];
let taskRuns = 0;

const count = (kind: string) => (calls[kind] = (calls[kind] ?? 0) + 1);

const progressHandler: JobHandler = async (ctx) => {
  count('test.progress');
  ctx.progress(40, 100);
  progressReported();
  await new Promise<void>((resolve) => (releaseProgress = resolve));
  return t.database.db.transaction(async (tx) => {
    const done = await insertStockRows(
      tx,
      rows(100),
      insertOptions((n) => ctx.progress(n, 100)),
    );
    // Held open across several polls: on PGlite the queue's own queries wait for it, no deadlock.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await ctx.completeIn(tx, { imported: done });
  });
};

const failingHandler: JobHandler = async (ctx) =>
  t.database.db.transaction(async (tx) => {
    count('test.fail');
    await insertStockRows(
      tx,
      rows(500),
      insertOptions((n) => ctx.progress(n, 1_000)),
    );
    throw new BusinessRuleError({ key: 'test.rejected', text: 'Supplier file rejected half-way.' });
  });

const flakyHandler: JobHandler = async (ctx) => {
  attemptTimes.push(Date.now());
  if (ctx.job.attempts < 3)
    throw new BusinessRuleError({ key: 'test.busy', text: 'Supplier busy.' });
  return { attempts: ctx.job.attempts };
};

const crashingHandler: JobHandler = async () => {
  count('test.crash');
  throw new Error('secret internals');
};

beforeAll(async () => {
  t = await createTestApp();
  const supplier = await insertSupplier(t);
  productId = (await insertProduct(t, { supplierId: supplier.id })).id;
  queue = createJobQueue({ database: t.database, log, pollingIntervalSeconds: 0.5 });
  const job = (kind: string, handler: JobHandler, policy = NO_RETRY) => ({
    kind,
    handler,
    policy,
    description: kind,
  });
  queue.register({
    jobs: [
      job('test.progress', progressHandler),
      job('test.fail', failingHandler),
      job('test.flaky', flakyHandler, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true }),
      job('test.crash', crashingHandler),
    ],
    scheduled: [{ name: 'test.tick', run: async () => (taskRuns += 1) }],
  });
  await queue.start();
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

describe('job queue', () => {
  it('runs a queued job with visible progress, then commits its rows and result together', async () => {
    const reported = new Promise<void>((resolve) => (progressReported = resolve));
    const before = await itemCount();
    const id = await queue.enqueue({ kind: 'test.progress', payload: {}, createdBy: 'test' });
    await reported;
    const running = await waitFor(
      () => getJob(t.database.db, id),
      (job) => job?.progressDone === 40,
    );
    expect(running).toMatchObject({ status: 'running', progressDone: 40, progressTotal: 100 });
    releaseProgress();
    expect(await waitFinished(id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      progressDone: 100,
      result: { imported: 100 },
      error: null,
    });
    expect(await itemCount()).toBe(before + 100);
  });

  it('a second delivery of a finished job does not run it again', async () => {
    const id = await waitFor(async () => {
      const result = (await t.database.db.execute(
        sql`SELECT id FROM jobs WHERE kind = 'test.progress' AND status = 'succeeded'`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows[0]?.id;
    }, Boolean);
    await queue.boss.send('test.progress', { recordId: id });
    const all = await waitFor(
      () => deliveries(id!),
      (list) => list.length === 2 && list.every((row) => row.state === 'completed'),
    );
    expect(all.map((row) => row.state)).toEqual(['completed', 'completed']);
    expect(calls['test.progress']).toBe(1);
  });

  it('a job failing after writing leaves no rows, shows the reason and is not retried', async () => {
    const before = await itemCount();
    const id = await queue.enqueue({
      kind: 'test.fail',
      payload: {},
      input: 'big file',
      createdBy: 'test',
    });
    const job = await waitFinished(id);
    expect(job).toMatchObject({
      status: 'failed',
      error: 'Supplier file rejected half-way.',
      attempts: 1,
    });
    expect(job!.progressDone).toBe(500);
    expect(await itemCount()).toBe(before);
    const input = (await t.database.db.execute(
      sql`SELECT input FROM jobs WHERE id = ${id}`,
    )) as unknown as { rows: { input: string | null }[] };
    expect(input.rows[0]!.input).toBeNull();
    expect(await settledDeliveries(id)).toMatchObject([
      { state: 'failed', retry_count: 0, output: { message: 'Supplier file rejected half-way.' } },
    ]);
    expect(calls['test.fail']).toBe(1);
  });

  it('an unexpected error fails a non-retryable job at once with the default text', async () => {
    const id = await queue.enqueue({ kind: 'test.crash', payload: {}, createdBy: 't' });
    expect(await waitFinished(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Something went wrong. Please try again.',
    });
    expect(await settledDeliveries(id)).toMatchObject([{ state: 'failed', retry_count: 0 }]);
    expect(calls['test.crash']).toBe(1);
  });

  it('retries a retryable job with growing delays; between tries it shows queued and why', async () => {
    const id = await queue.enqueue({ kind: 'test.flaky', payload: {}, createdBy: 't' });
    const waiting = await waitFor(
      () => getJob(t.database.db, id),
      (job) => job?.attempts === 1 && job.status === 'queued',
    );
    expect(waiting).toMatchObject({ status: 'queued', error: 'Supplier busy.' });
    expect(await waitFinished(id)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      error: null,
      result: { attempts: 3 },
    });
    expect(await settledDeliveries(id)).toMatchObject([{ state: 'completed', retry_count: 2 }]);
    // Backoff from 1 s: the first retry after 1-2 s, the second after 2-4 s.
    const [first, second, third] = attemptTimes;
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);
  }, 20_000);

  it('starts a queued job at once, not at the next poll', async () => {
    let started!: (at: number) => void;
    const startedAt = new Promise<number>((resolve) => (started = resolve));
    // A poll every minute: only the wake-up after enqueue can start the job quickly.
    const slow = createJobQueue({ database: t.database, log, pollingIntervalSeconds: 60 });
    slow.register({
      jobs: [
        {
          kind: 'test.quick',
          policy: NO_RETRY,
          description: 'quick',
          handler: async () => started(Date.now()),
        },
      ],
      scheduled: [],
    });
    await slow.start();
    try {
      // Let the worker's first (empty) fetch pass: it then sleeps for the polling interval.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const queuedAt = Date.now();
      const id = await slow.enqueue({ kind: 'test.quick', payload: {}, createdBy: 't' });
      expect((await startedAt) - queuedAt).toBeLessThan(2_000);
      expect(await waitFinished(id)).toMatchObject({ status: 'succeeded' });
    } finally {
      await slow.stop();
    }
  });

  it('runs a scheduled task at start and keeps its cron schedule', async () => {
    await waitFor(
      async () => taskRuns,
      (runs) => runs >= 1,
    );
    expect(taskRuns).toBeGreaterThanOrEqual(1);
    const schedules = await queue.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: taskQueueName({ name: 'test.tick' }), cron: '* * * * *' }),
    );
  });
});

describe('job records', () => {
  it('a running job without heartbeat is failed as stale; its late commit is refused', async () => {
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
    const run = runQueuedJobs({ database: t.database, log, handlers: { 'test.stale': handler } });
    await running;
    // Its process "died": no heartbeat for a long time.
    await t.database.db.execute(
      sql`UPDATE jobs SET heartbeat_at = now() - interval '1 hour' WHERE id = ${id}`,
    );
    expect(await failStaleJobs(t.database.db, 60_000)).toBe(1);
    release();
    await run;
    expect(await getJob(t.database.db, id)).toMatchObject({
      status: 'failed',
      error: JOB_INTERRUPTED,
    });
    expect(await itemCount()).toBe(before);
  });

  it('finished records are kept for a while, then pruned', async () => {
    const old = await enqueueJob(t.database.db, { kind: 'test.old', payload: {}, createdBy: 't' });
    const recent = await enqueueJob(t.database.db, {
      kind: 'test.old',
      payload: {},
      createdBy: 't',
    });
    await t.database.db.execute(sql`
      UPDATE jobs SET status = 'succeeded',
             finished_at = CASE WHEN id = ${old} THEN now() - interval '40 days' ELSE now() END
      WHERE kind = 'test.old'`);
    expect(await pruneFinishedJobs(t.database.db, 30)).toBe(1);
    expect(await getJob(t.database.db, old)).toBeNull();
    expect(await getJob(t.database.db, recent)).not.toBeNull();
  });
});
