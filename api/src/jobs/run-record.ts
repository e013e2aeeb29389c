/**
 * Runs one claimed job record through its handler: heartbeat while it works, progress as it
 * reports it, "succeeded" committed with the handler's data (ctx.completeIn(tx, result)). On an
 * error the handler's transaction has rolled back; the record shows the reason and is failed, or
 * put back to queued when the queue will retry it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { AppError, ERROR_MESSAGES } from '../http/errors';
import {
  markJobFailed,
  markJobRetrying,
  markJobSucceeded,
  recordHeartbeat,
  recordProgress,
} from './records';
import type { JobContext, JobHandler, JobRow } from './types';

export const HEARTBEAT_MS = 10_000;

/** The text a failed job shows: an AppError's own message, else the default text. */
export function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.errors[0]?.message ?? error.message;
  return ERROR_MESSAGES.default.text;
}

export type RunOutcome = { ok: true } | { ok: false; reason: string; error: unknown };

export async function runJobRecord(options: {
  db: Db;
  log: FastifyBaseLogger;
  handler: JobHandler;
  job: JobRow;
  /** True when the queue will try this job again after a failure. */
  willRetry: boolean;
  heartbeatMs?: number;
}): Promise<RunOutcome> {
  const { db, log, job } = options;
  const warn = (what: string) => (error: unknown) =>
    log.warn({ err: error, jobId: job.id }, `job ${what} failed`);
  const heartbeat = setInterval(() => {
    recordHeartbeat(db, job.id).catch(warn('heartbeat'));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  let lastProgress: Promise<unknown> = Promise.resolve();
  let completed = false;
  const ctx: JobContext = {
    job,
    db,
    log,
    progress(done, total) {
      lastProgress = recordProgress(db, job.id, done, total).catch(warn('progress update'));
    },
    async completeIn(tx, result) {
      if (!(await markJobSucceeded(tx, job.id, result))) {
        throw new Error(`job ${job.id} is no longer running`);
      }
      completed = true;
    },
  };
  try {
    const result = await options.handler(ctx);
    if (!completed) await markJobSucceeded(db, job.id, result);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AppError)) {
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    }
    await lastProgress;
    const reason = failureMessage(error);
    if (options.willRetry) await markJobRetrying(db, job.id, reason);
    else await markJobFailed(db, job.id, reason);
    return { ok: false, reason, error };
  } finally {
    clearInterval(heartbeat);
    await lastProgress;
  }
}
