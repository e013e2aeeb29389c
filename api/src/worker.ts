import type { FastifyBaseLogger } from 'fastify';
import { areaJobs, areaScheduledTasks } from './areas';
import type { AreaDeps } from './areas/types';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { IdentityModule } from './identity/types';
import { JOB_HOUSEKEEPING_TASKS, createJobQueue, type JobQueue, type JobWork } from './jobs';

/**
 * Worker mode: `WORKER=true node api/dist/server.mjs` (or `node api/dist/server.mjs --worker`)
 * starts the modules that run background jobs and serves no HTTP.
 *
 * Background work: the identity module's hourly pruning (started by createIdentity() itself) and
 * the job queue (src/jobs, pg-boss) with every area's job kinds and scheduled tasks (their
 * module.ts). The queue runs in the API process AND in worker mode: each job goes to one process,
 * each scheduled slot runs once per cluster.
 */
export function isWorkerMode(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): boolean {
  return env.WORKER === 'true' || argv.slice(2).includes('--worker');
}

const IDENTITY_JOB =
  'identity: prune expired one-time passwords, sessions and rate-limit records (hourly)';

/** The job kinds and scheduled tasks of every area, plus the queue's own housekeeping. */
export function backgroundWork(deps: AreaDeps): JobWork {
  return {
    jobs: areaJobs(deps),
    scheduled: [...JOB_HOUSEKEEPING_TASKS, ...areaScheduledTasks()],
  };
}

/** What the worker runs, for its readiness line. */
export function backgroundJobLines(work: JobWork): string[] {
  return [
    IDENTITY_JOB,
    ...work.jobs.map((job) => `${job.kind}: ${job.description}`),
    ...work.scheduled.map((task) => `${task.name}: ${task.description ?? task.cron ?? ''}`),
  ];
}

export interface AreaJobQueueOptions {
  database: Database;
  config: AppConfig;
  identity: IdentityModule;
  logger: FastifyBaseLogger;
  /** Cron schedules and runs at start (server: on; an app built without a queue: off). */
  schedules?: boolean;
  pollingIntervalSeconds?: number;
}

/** The job queue with every area's work registered; call start() (enqueue() also starts it). */
export function createAreaJobQueue(options: AreaJobQueueOptions): {
  queue: JobQueue;
  work: JobWork;
} {
  const queue = createJobQueue({
    database: options.database,
    log: options.logger,
    ...(options.schedules === undefined ? {} : { schedules: options.schedules }),
    ...(options.pollingIntervalSeconds
      ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
      : {}),
  });
  const work = backgroundWork({
    config: options.config,
    database: options.database,
    db: options.database.db,
    identity: options.identity,
    jobs: queue,
  });
  queue.register(work);
  return { queue, work };
}

export interface Worker {
  close(): Promise<void>;
}

/**
 * Keeps the process alive for the background jobs (the HTTP server is not there to do it) and
 * logs the readiness line. close() lets the process end.
 */
export function startWorker(logger: FastifyBaseLogger, jobs: readonly string[]): Worker {
  // A ref'd timer: without it Node could exit once start-up is done (no listener).
  const keepAlive = setInterval(() => undefined, 2 ** 31 - 1);
  logger.info({ jobs, http: false }, 'worker ready: running background jobs, no HTTP listener');
  return {
    async close() {
      clearInterval(keepAlive);
    },
  };
}
