/**
 * The job queue: pg-boss 10 dispatches, retries with backoff, keeps and prunes its own finished
 * jobs and runs the schedules; table `jobs` stays the record staff see (records.ts).
 * docs/decisions/0010-job-queue.md.
 *
 * - enqueue() writes the record and the pg-boss job (carrying the record id) in one transaction,
 *   then wakes this process's worker, so a job starts at once rather than at the next poll.
 * - A worker claims the record (queued -> running; a duplicate delivery finds it running or done
 *   and does nothing), runs the handler (run-record.ts) and, on an error, fails the pg-boss job so
 *   pg-boss retries it by the kind's policy; the record shows 'queued' again until the last try.
 * - Scheduled tasks: a pg-boss schedule per task (once per cluster per cron slot) plus one run at
 *   start (one per cluster per minute), each on its own queue so runs of a task never overlap.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { bossExecutor, inTransaction } from './boss-db';
import { INSERT_JOB_RECORD_SQL, claimJobRecord, insertJobRecordParams } from './records';
import { runJobRecord } from './run-record';
import type { JobDefinition, NewJob, ScheduledTask } from './types';

export const BOSS_SCHEMA = 'pgboss';
const EVERY_MINUTE = '* * * * *';
const DEFAULT_EXPIRE_SECONDS = 30 * 60;
/** pg-boss keeps completed jobs 12 h in its job table, then archived ones 7 days. */
const BOSS_RETENTION = { archiveCompletedAfterSeconds: 12 * 3600, deleteAfterDays: 7 };

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Seconds between polls when nothing woke the worker (a job from another process). Default 2. */
  pollingIntervalSeconds?: number;
  /** Run the scheduled tasks (cron schedules, a run at start, their workers). Default true. */
  schedules?: boolean;
}

export interface JobWork {
  jobs: readonly JobDefinition[];
  scheduled: readonly ScheduledTask[];
}

export interface JobQueue {
  /** Sets the kinds and tasks this process runs (before start). */
  register(work: JobWork): void;
  /** Starts pg-boss (creating its schema and queues) and the workers; idempotent. */
  start(): Promise<void>;
  /** Writes a queued record and dispatches it; returns the record id. Starts the queue if needed. */
  enqueue(job: NewJob): Promise<string>;
  /** Finishes the jobs in hand (up to timeoutMs), then stops polling. */
  stop(timeoutMs?: number): Promise<void>;
  /** The pg-boss instance (tests inspect schedules). */
  readonly boss: PgBoss;
}

export function taskQueueName(task: Pick<ScheduledTask, 'name'>): string {
  return `scheduled.${task.name}`;
}

interface RecordMessage {
  recordId: string;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const schedules = options.schedules ?? true;
  const boss = new PgBoss({
    db: bossExecutor(database) as PgBoss.Db,
    schema: BOSS_SCHEMA,
    schedule: schedules,
    ...BOSS_RETENTION,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let work: JobWork = { jobs: [], scheduled: [] };
  const workerIds = new Map<string, string>();
  let starting: Promise<void> | null = null;

  async function runJob(definition: JobDefinition, job: PgBoss.JobWithMetadata<RecordMessage>) {
    const record = await claimJobRecord(database.db, job.data.recordId);
    if (!record) {
      log.info({ jobId: job.data.recordId }, 'job record is not queued; delivery ignored');
      return null;
    }
    const outcome = await runJobRecord({
      db: database.db,
      log,
      handler: definition.handler,
      job: record,
      willRetry: job.retryCount < job.retryLimit,
    });
    // pg-boss retries (or fails) the job; its output keeps the reason staff see.
    if (!outcome.ok) throw new Error(outcome.reason);
    return { recordId: record.id };
  }

  async function startJobKind(definition: JobDefinition) {
    const { policy } = definition;
    const queue: PgBoss.Queue = {
      name: definition.kind,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds ?? 0,
      retryBackoff: policy.retryBackoff ?? false,
      expireInSeconds: policy.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
    };
    await boss.createQueue(definition.kind, queue);
    // createQueue keeps an existing queue as it was: bring its policy up to date.
    await boss.updateQueue(definition.kind, queue);
    const workerId = await boss.work<RecordMessage>(
      definition.kind,
      { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
      async ([job]) => (job ? runJob(definition, job) : null),
    );
    workerIds.set(definition.kind, workerId);
  }

  async function startTask(task: ScheduledTask) {
    const name = taskQueueName(task);
    await boss.createQueue(name, { name, policy: 'singleton', retryLimit: 0 });
    await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
      try {
        return { result: await task.run({ db: database.db, log, now: new Date(), jobs: queue }) };
      } catch (error) {
        log.error({ err: error, task: task.name }, 'scheduled task failed');
        throw error;
      }
    });
    await boss.schedule(name, task.cron ?? EVERY_MINUTE, {});
    // The run at start: one per cluster per minute, however many replicas start together.
    await boss.send(name, {}, { singletonKey: 'start', singletonSeconds: 60 });
  }

  async function startAll() {
    await boss.start();
    for (const definition of work.jobs) await startJobKind(definition);
    if (schedules) for (const task of work.scheduled) await startTask(task);
  }

  function start(): Promise<void> {
    starting ??= startAll();
    return starting;
  }

  const queue: JobQueue = {
    boss,
    register(next) {
      if (starting) throw new Error('register the job kinds before the queue starts');
      work = next;
    },
    start,
    async enqueue(job) {
      await start();
      const id = randomUUID();
      await inTransaction(database, async (tx) => {
        await tx.executeSql(INSERT_JOB_RECORD_SQL, insertJobRecordParams(id, job));
        const sent = await boss.send(job.kind, { recordId: id } satisfies RecordMessage, {
          db: tx as PgBoss.Db,
        });
        if (!sent) throw new Error(`job kind ${job.kind} has no queue`);
      });
      const workerId = workerIds.get(job.kind);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
  };
  return queue;
}
