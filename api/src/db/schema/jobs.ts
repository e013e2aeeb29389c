import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUS_VALUES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** Background jobs (api/drizzle/0009_stock.sql; api/src/jobs). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    status: text('status', { enum: JOB_STATUS_VALUES }).notNull().default('queued'),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    input: text('input'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.createdAt)
      .where(sql`status = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`status = 'running'`),
  ],
);
