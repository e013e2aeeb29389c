import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, runQueuedJobs, type JobHandler } from '../src/jobs';
import { createTestApp, type TestContext } from './support/app';

/*
 * Several job workers at once on real PostgreSQL (*.pg.test.ts: the PGlite pass leaves this file
 * out, since PGlite has one connection and claims can never race there).
 */

let t: TestContext;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t?.close());

describe('concurrent workers', () => {
  it('each job goes to exactly one worker (FOR UPDATE SKIP LOCKED)', async () => {
    const seen: string[] = [];
    const handler: JobHandler = async (ctx) => {
      seen.push(ctx.job.id);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      ids.push(await enqueueJob(t.database.db, { kind: 'test.race', payload: {}, createdBy: 't' }));
    }
    const counts = await Promise.all(
      [1, 2, 3].map(() =>
        runQueuedJobs({ database: t.database, log, handlers: { 'test.race': handler } }),
      ),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(8);
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});
