/**
 * Runs queued records in this process without the queue: records written by enqueueJob() alone
 * (tests, a record whose dispatch was lost). Each record is claimed with FOR UPDATE SKIP LOCKED, so
 * a record runs once even with the queue's workers running beside it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { claimNextJobRecord } from './records';
import { runJobRecord } from './run-record';
import type { JobHandler } from './types';

export interface RunQueuedOptions {
  database: Pick<Database, 'db'>;
  log: FastifyBaseLogger;
  handlers: Readonly<Record<string, JobHandler>>;
}

/** Claims and runs queued records of the given kinds until none is left; returns how many ran. */
export async function runQueuedJobs(options: RunQueuedOptions): Promise<number> {
  const { db } = options.database;
  let ran = 0;
  for (;;) {
    const job = await claimNextJobRecord(db, Object.keys(options.handlers));
    if (!job) return ran;
    await runJobRecord({
      db,
      log: options.log,
      handler: options.handlers[job.kind]!,
      job,
      willRetry: false,
    });
    ran += 1;
  }
}
