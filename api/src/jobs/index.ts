/**
 * A small durable job runner on PostgreSQL (docs/stock.md "Background jobs").
 *
 * - Jobs are rows of `jobs` (api/drizzle/0009_stock.sql): queued -> running -> succeeded | failed.
 * - A worker claims the oldest queued job with FOR UPDATE SKIP LOCKED (several processes may run
 *   the runner: each job goes to exactly one), bumps `attempts`, and beats `heartbeat_at` while the
 *   handler works. Progress (done/total) is written as the handler reports it.
 * - A handler does its writes in ONE transaction and marks the job succeeded inside it
 *   (ctx.completeIn(tx, result)), so "succeeded" and the data commit together; anything else
 *   (an exception, the process dying) leaves no partial writes.
 * - A running job whose heartbeat is older than staleAfterMs (its process died) is marked failed;
 *   its transaction was rolled back by PostgreSQL when the connection went away.
 * - Scheduled tasks run on every tick (once at start, then every intervalMs) and must be
 *   idempotent: every API replica and the worker may run them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { AppError, ERROR_MESSAGES } from '../http/errors';
import type { Tx } from '../audit';

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

export interface ScheduledTask {
  name: string;
  run(ctx: { db: Db; log: FastifyBaseLogger; now: Date }): Promise<unknown>;
}

export interface JobRunnerOptions {
  database: Pick<Database, 'db'>;
  log: FastifyBaseLogger;
  handlers: Readonly<Record<string, JobHandler>>;
  scheduled?: readonly ScheduledTask[];
  /** Tick interval (scheduled tasks, stale check, queue poll). Default 60 s. */
  intervalMs?: number;
  /** A running job without a heartbeat for this long is failed. Default 2 min. */
  staleAfterMs?: number;
  /** Heartbeat interval while a handler runs. Default 10 s. */
  heartbeatMs?: number;
}

export const JOB_DEFAULTS = { intervalMs: 60_000, staleAfterMs: 120_000, heartbeatMs: 10_000 };

/** The message of a job that stopped without finishing (its process went away). */
export const JOB_INTERRUPTED = 'The job was interrupted; nothing was changed. Start it again.';

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Queues a job; returns its id. `input` is for a large payload (an uploaded file). */
export async function enqueueJob(
  db: Db | Tx,
  job: {
    kind: string;
    payload: Record<string, unknown>;
    input?: string | null;
    createdBy: string;
    total?: number;
  },
): Promise<string> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO jobs (kind, payload, input, created_by, progress_total)
      VALUES (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.input ?? null},
              ${job.createdBy}, ${job.total ?? 0})
      RETURNING id`),
  );
  return rows[0]!.id;
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

export async function getJob(db: Db, id: string): Promise<JobState | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT id, kind, status, payload, progress_done, progress_total, result, error, attempts,
             created_by, created_at, finished_at
      FROM jobs WHERE id = ${id}`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    kind: String(row.kind),
    status: row.status as JobState['status'],
    payload: (row.payload ?? {}) as Record<string, unknown>,
    progressDone: Number(row.progress_done),
    progressTotal: Number(row.progress_total),
    result: row.result ?? null,
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    createdBy: String(row.created_by),
    createdAt: new Date(row.created_at as string),
    finishedAt: row.finished_at ? new Date(row.finished_at as string) : null,
  };
}

/** Marks running jobs without a recent heartbeat as failed; returns how many. */
export async function failStaleJobs(db: Db, staleAfterMs: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE jobs SET status = 'failed', error = ${JOB_INTERRUPTED}, finished_at = now(), input = NULL
      WHERE status = 'running'
        AND heartbeat_at < now() - (${staleAfterMs}::double precision * interval '1 millisecond')
      RETURNING id`),
  );
  return rows.length;
}

async function claimNext(db: Db, kinds: readonly string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, started_at = now(),
                      heartbeat_at = now()
      WHERE id = (
        SELECT id FROM jobs
        WHERE status = 'queued' AND kind IN (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        ORDER BY created_at
        FOR UPDATE SKIP LOCKED
        LIMIT 1
      )
      RETURNING id, kind, payload, input, created_by, attempts`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    kind: String(row.kind),
    payload: (row.payload ?? {}) as Record<string, unknown>,
    input: (row.input as string | null) ?? null,
    createdBy: String(row.created_by),
    attempts: Number(row.attempts),
  };
}

/** The text a failed job shows: an AppError's own message, else the default text. */
function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.errors[0]?.message ?? error.message;
  return ERROR_MESSAGES.default.text;
}

async function runJob(options: JobRunnerOptions, job: JobRow): Promise<void> {
  const { db } = options.database;
  const handler = options.handlers[job.kind]!;
  const heartbeat = setInterval(() => {
    db.execute(
      sql`UPDATE jobs SET heartbeat_at = now() WHERE id = ${job.id} AND status = 'running'`,
    )
      .then(() => undefined)
      .catch((error: unknown) =>
        options.log.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      );
  }, options.heartbeatMs ?? JOB_DEFAULTS.heartbeatMs);
  heartbeat.unref();
  let lastProgress: Promise<unknown> = Promise.resolve();
  let completed = false;
  const ctx: JobContext = {
    job,
    db,
    log: options.log,
    progress(done, total) {
      lastProgress = db
        .execute(
          sql`UPDATE jobs SET progress_done = ${done}, progress_total = ${total}, heartbeat_at = now()
              WHERE id = ${job.id} AND status = 'running'`,
        )
        .catch((error: unknown) =>
          options.log.warn({ err: error, jobId: job.id }, 'job progress update failed'),
        );
    },
    async completeIn(tx, result) {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          UPDATE jobs SET status = 'succeeded', result = ${JSON.stringify(result)}::jsonb,
                          finished_at = now(), input = NULL, progress_done = progress_total
          WHERE id = ${job.id} AND status = 'running'
          RETURNING id`),
      );
      if (rows.length === 0) throw new Error(`job ${job.id} is no longer running`);
      completed = true;
    },
  };
  try {
    const result = await handler(ctx);
    if (!completed) {
      await db.execute(sql`
        UPDATE jobs SET status = 'succeeded', result = ${JSON.stringify(result ?? null)}::jsonb,
                        finished_at = now(), input = NULL, progress_done = progress_total
        WHERE id = ${job.id} AND status = 'running'`);
    }
  } catch (error) {
    if (!(error instanceof AppError)) {
      options.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    }
    await lastProgress;
    await db.execute(sql`
      UPDATE jobs SET status = 'failed', error = ${failureMessage(error)}, finished_at = now(),
                      input = NULL
      WHERE id = ${job.id} AND status = 'running'`);
  } finally {
    clearInterval(heartbeat);
    await lastProgress;
  }
}

/** Claims and runs queued jobs of the known kinds until none is left; returns how many ran. */
export async function runQueuedJobs(options: JobRunnerOptions): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimNext(options.database.db, Object.keys(options.handlers));
    if (!job) return ran;
    await runJob(options, job);
    ran += 1;
  }
}

export interface TickResult {
  staleFailed: number;
  tasks: Record<string, unknown>;
  jobsRun: number;
}

/** One tick: fail stale jobs, run the scheduled tasks, drain the queue. Tests call it directly. */
export async function tick(options: JobRunnerOptions, now = new Date()): Promise<TickResult> {
  const { db } = options.database;
  const staleFailed = await failStaleJobs(db, options.staleAfterMs ?? JOB_DEFAULTS.staleAfterMs);
  const tasks: Record<string, unknown> = {};
  for (const task of options.scheduled ?? []) {
    try {
      tasks[task.name] = await task.run({ db, log: options.log, now });
    } catch (error) {
      options.log.error({ err: error, task: task.name }, 'scheduled task failed');
      tasks[task.name] = { error: true };
    }
  }
  const jobsRun = await runQueuedJobs(options);
  return { staleFailed, tasks, jobsRun };
}

export interface JobRunner {
  /** Runs one tick now (and waits for it). */
  tick(): Promise<TickResult>;
  /** Stops the timer and waits for the tick in progress. */
  close(): Promise<void>;
}

/** Starts the runner: one tick now, then every intervalMs (an unref'd timer). */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  let current: Promise<unknown> = Promise.resolve();
  let closed = false;
  const runTick = (): Promise<TickResult> => {
    const next = current.then(() => tick(options));
    current = next.catch((error: unknown) => options.log.error({ err: error }, 'job tick failed'));
    return next;
  };
  void runTick().catch(() => undefined);
  const timer = setInterval(() => {
    if (!closed) void runTick().catch(() => undefined);
  }, options.intervalMs ?? JOB_DEFAULTS.intervalMs);
  timer.unref();
  return {
    tick: runTick,
    async close() {
      closed = true;
      clearInterval(timer);
      await current;
    },
  };
}
