import type { FastifyBaseLogger } from 'fastify';

/**
 * Worker mode: `WORKER=true node api/dist/server.mjs` (or `node api/dist/server.mjs --worker`)
 * starts the modules that run background jobs and serves no HTTP.
 *
 * Today the only background job is the identity module's hourly pruning of expired one-time
 * passwords, sessions and rate-limit records, and it is started by createIdentity() itself (so
 * the HTTP replicas prune too; pruning is idempotent). Job processing moves here as the areas add
 * jobs (imports, supplier calls, order processing): register them in BACKGROUND_JOBS' place.
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
] as const;

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
