import type { FastifyBaseLogger } from 'fastify';
import { STOCK_IMPORT_JOB, createStockService } from './areas/stock/service';
import { STOCK_SCHEDULED_TASKS } from './areas/stock/tasks';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { JOB_DEFAULTS, startJobRunner, type JobRunner } from './jobs';

/**
 * Worker mode: `WORKER=true node api/dist/server.mjs` (or `node api/dist/server.mjs --worker`)
 * starts the modules that run background jobs and serves no HTTP.
 *
 * Background work: the identity module's hourly pruning (started by createIdentity() itself) and
 * the durable job runner (src/jobs: queued jobs claimed with FOR UPDATE SKIP LOCKED, scheduled
 * tasks every minute). startBackgroundJobs() runs in the API process AND in worker mode: jobs go to
 * exactly one process, the scheduled tasks are idempotent. A new job kind or task is registered in
 * startBackgroundJobs() and listed in BACKGROUND_JOBS.
 */
export function isWorkerMode(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): boolean {
  return env.WORKER === 'true' || argv.slice(2).includes('--worker');
}

/** What the worker runs, for its readiness line (and for whoever adds the next job). */
export const BACKGROUND_JOBS = [
  'identity: prune expired one-time passwords, sessions and rate-limit records (hourly)',
  'stock.import: large stock CSV imports (queued job, one transaction, progress)',
  'stock.expire: items past activeExpireDate -> wasted (every minute and at start)',
  'stock.releaseHolds: holds past holdUntil -> on_hand (every minute and at start)',
] as const;

/**
 * Starts the job runner with every area's job handlers and scheduled tasks. JOB_INTERVAL_MS
 * overrides the tick interval (default 60 s).
 */
export function startBackgroundJobs(options: {
  database: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  env?: NodeJS.ProcessEnv;
}): JobRunner {
  const stock = createStockService({
    db: options.database.db,
    config: options.config,
    log: options.logger,
  });
  const interval = Number((options.env ?? process.env).JOB_INTERVAL_MS);
  return startJobRunner({
    database: options.database,
    log: options.logger,
    handlers: { [STOCK_IMPORT_JOB]: stock.importJobHandler },
    scheduled: STOCK_SCHEDULED_TASKS,
    intervalMs: Number.isFinite(interval) && interval > 0 ? interval : JOB_DEFAULTS.intervalMs,
  });
}

export interface Worker {
  close(): Promise<void>;
}

/**
 * Keeps the process alive for the background jobs (their timers are unref'd so the HTTP server can
 * exit cleanly) and logs the readiness line. close() lets the process end.
 */
export function startWorker(logger: FastifyBaseLogger): Worker {
  // A ref'd timer: without it Node would exit once start-up is done (no listener, unref'd jobs).
  const keepAlive = setInterval(() => undefined, 2 ** 31 - 1);
  logger.info(
    { jobs: BACKGROUND_JOBS, http: false },
    'worker ready: running background jobs, no HTTP listener',
  );
  return {
    async close() {
      clearInterval(keepAlive);
    },
  };
}
