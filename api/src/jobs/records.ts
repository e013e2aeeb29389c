/**
 * The staff-visible job records (table `jobs`, api/drizzle/0009_stock.sql): status, progress,
 * result, the reason of a failure, the sealed input. pg-boss only dispatches; these rows are what
 * the console shows.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../audit';
import type { JobRow, JobState, NewJob } from './types';

/** The message of a job that stopped without finishing (its process went away). */
export const JOB_INTERRUPTED = 'The job was interrupted; nothing was changed. Start it again.';

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The INSERT of a queued record as plain text ($1..$6), for a raw transaction with pg-boss. */
export const INSERT_JOB_RECORD_SQL = `
  INSERT INTO jobs (id, kind, payload, input, created_by, progress_total)
  VALUES ($1::uuid, $2, $3::jsonb, $4, $5, $6)`;

export function insertJobRecordParams(id: string, job: NewJob): unknown[] {
  return [
    id,
    job.kind,
    JSON.stringify(job.payload),
    job.input ?? null,
    job.createdBy,
    job.total ?? 0,
  ];
}

/**
 * Writes a queued record WITHOUT dispatching it (JobQueue.enqueue writes and dispatches);
 * runQueuedJobs() runs such records in-process. Returns its id.
 */
export async function enqueueJob(db: Db | Tx, job: NewJob): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    INSERT INTO jobs (id, kind, payload, input, created_by, progress_total)
    VALUES (${id}::uuid, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.input ?? null},
            ${job.createdBy}, ${job.total ?? 0})`);
  return id;
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

function toJobRow(row: Record<string, unknown>): JobRow {
  return {
    id: String(row.id),
    kind: String(row.kind),
    payload: (row.payload ?? {}) as Record<string, unknown>,
    input: (row.input as string | null) ?? null,
    createdBy: String(row.created_by),
    attempts: Number(row.attempts),
  };
}

const CLAIMED = sql`RETURNING id, kind, payload, input, created_by, attempts`;
const START_RUNNING = sql`status = 'running', attempts = attempts + 1, started_at = now(),
                          heartbeat_at = now()`;

/**
 * Marks one queued record running; null when it is not queued (already run, failed as stale, or
 * delivered twice): every record runs at most once per attempt whatever the queue delivers.
 */
export async function claimJobRecord(db: Db, id: string): Promise<JobRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE jobs SET ${START_RUNNING}
      WHERE id = ${id} AND status = 'queued'
      ${CLAIMED}`),
  );
  return rows[0] ? toJobRow(rows[0]) : null;
}

/** Claims the oldest queued record of these kinds (FOR UPDATE SKIP LOCKED). */
export async function claimNextJobRecord(db: Db, kinds: readonly string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE jobs SET ${START_RUNNING}
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
      ${CLAIMED}`),
  );
  return rows[0] ? toJobRow(rows[0]) : null;
}

export async function recordHeartbeat(db: Db, id: string): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET heartbeat_at = now() WHERE id = ${id} AND status = 'running'`,
  );
}

export async function recordProgress(
  db: Db,
  id: string,
  done: number,
  total: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET progress_done = ${done}, progress_total = ${total}, heartbeat_at = now()
        WHERE id = ${id} AND status = 'running'`,
  );
}

/** Marks a running record succeeded; returns false when it was no longer running. */
export async function markJobSucceeded(db: Db | Tx, id: string, result: unknown): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE jobs SET status = 'succeeded', result = ${JSON.stringify(result ?? null)}::jsonb,
                      error = NULL, finished_at = now(), input = NULL,
                      progress_done = progress_total
      WHERE id = ${id} AND status = 'running'
      RETURNING id`),
  );
  return rows.length > 0;
}

export async function markJobFailed(db: Db, id: string, reason: string): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET status = 'failed', error = ${reason}, finished_at = now(), input = NULL
    WHERE id = ${id} AND status = 'running'`);
}

/** Puts a running record back to queued for its next attempt, showing why the last one failed. */
export async function markJobRetrying(db: Db, id: string, reason: string): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET status = 'queued', error = ${reason}, progress_done = 0
    WHERE id = ${id} AND status = 'running'`);
}

/** Marks running records without a recent heartbeat as failed; returns how many. */
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

/** Deletes finished records older than `days`; returns how many. */
export async function pruneFinishedJobs(db: Db, days: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      DELETE FROM jobs
      WHERE status IN ('succeeded', 'failed')
        AND finished_at < now() - (${days}::double precision * interval '1 day')
      RETURNING id`),
  );
  return rows.length;
}
