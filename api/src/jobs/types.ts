import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Tx } from '../audit';

/** A job record as its handler sees it (table `jobs`). */
export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  input: string | null;
  createdBy: string;
  attempts: number;
}

export interface JobContext {
  job: JobRow;
  db: Db;
  log: FastifyBaseLogger;
  /** Records progress (not awaited by the caller's transaction: it goes on its own connection). */
  progress(done: number, total: number): void;
  /** Marks the job succeeded inside the handler's transaction (throws if it is no longer running). */
  completeIn(tx: Tx, result: unknown): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;

/**
 * How a kind of job is retried. A job that talks to a supplier may be retried (retryLimit > 0,
 * with a delay that doubles when retryBackoff); one that must not run twice keeps retryLimit 0.
 */
export interface JobPolicy {
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** pg-boss gives up on a handler running longer than this (default 30 min). */
  expireInSeconds?: number;
}

export const NO_RETRY: JobPolicy = { retryLimit: 0 };

/**
 * A job whose work is a call to a supplier (delivery of an API product, a catalogue fetch): a
 * supplier that is down or slow for a while gets five more tries, 10 s, 20 s, 40 s, 80 s and
 * 160 s apart (about five minutes in all) before the job fails for staff to retry.
 */
export const SUPPLIER_CALL_RETRY: JobPolicy = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

/** One kind of job with its handler, ready to run. */
export interface JobDefinition {
  kind: string;
  policy: JobPolicy;
  handler: JobHandler;
  /** One line for the worker's readiness log. */
  description: string;
}

export interface ScheduledTaskContext {
  db: Db;
  log: FastifyBaseLogger;
  now: Date;
  /** Queues jobs (a task that restarts lost work); the queue always passes it. */
  jobs?: { enqueue(job: NewJob): Promise<string> };
}

/**
 * Work done on a timetable: once per cluster per `cron` slot (pg-boss schedule) and once at start.
 * Must be idempotent.
 */
export interface ScheduledTask {
  name: string;
  /** Five-field cron in UTC; default every minute. */
  cron?: string;
  description?: string;
  run(ctx: ScheduledTaskContext): Promise<unknown>;
}

export interface JobState {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  payload: Record<string, unknown>;
  progressDone: number;
  progressTotal: number;
  result: unknown;
  error: string | null;
  attempts: number;
  createdBy: string;
  createdAt: Date;
  finishedAt: Date | null;
}

/** What a new job record holds. `input` is for a large payload (an uploaded file). */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  input?: string | null;
  createdBy: string;
  total?: number;
}
