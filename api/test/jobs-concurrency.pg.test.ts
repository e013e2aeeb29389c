import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RETRY, createJobQueue, getJob, type JobHandler, type JobQueue } from '../src/jobs';
import { createTestApp, type TestContext } from './support/app';

/*
 * Several worker processes at once on real PostgreSQL (*.pg.test.ts: the PGlite pass leaves this
 * file out, since PGlite has one connection and one process).
 */

let t: TestContext;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const runs: { recordId: string; worker: number }[] = [];
let workers: JobQueue[] = [];

function raceHandler(worker: number): JobHandler {
  return async (ctx) => {
    runs.push({ recordId: ctx.job.id, worker });
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { worker };
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // Three "processes", each with its own queue and worker on the same database.
  workers = [1, 2, 3].map((worker) => {
    const queue = createJobQueue({ database: t.database, log, pollingIntervalSeconds: 0.5 });
    queue.register({
      jobs: [
        { kind: 'test.race', policy: NO_RETRY, description: 'race', handler: raceHandler(worker) },
      ],
      scheduled: [],
    });
    return queue;
  });
  for (const queue of workers) await queue.start();
});

afterAll(async () => {
  await Promise.all(workers.map((queue) => queue.stop()));
  await t?.close();
});

describe('concurrent workers', () => {
  it('each job runs exactly once, even when delivered twice', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        workers[i % workers.length]!.enqueue({ kind: 'test.race', payload: {}, createdBy: 't' }),
      ),
    );
    // A duplicate delivery of every job (pg-boss delivers at least once).
    for (const id of ids) await workers[0]!.boss.send('test.race', { recordId: id });
    const until = Date.now() + 20_000;
    let states = await Promise.all(ids.map((id) => getJob(t.database.db, id)));
    while (states.some((job) => job?.status !== 'succeeded') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      states = await Promise.all(ids.map((id) => getJob(t.database.db, id)));
    }
    expect(states.map((job) => job?.status)).toEqual(ids.map(() => 'succeeded'));
    expect(states.map((job) => job?.attempts)).toEqual(ids.map(() => 1));
    expect(runs.map((run) => run.recordId).sort()).toEqual([...ids].sort());
    // The work was shared: more than one process ran jobs.
    expect(new Set(runs.map((run) => run.worker)).size).toBeGreaterThan(1);
  });
});
