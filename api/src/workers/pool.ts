/**
 * Worker-thread pools (piscina) for CPU-heavy work that must not hold the server's event loop or
 * grow its heap: a 100,000-row stock file is parsed, checked and sealed in one
 * (docs/decisions/0014-stock-import-staging.md).
 *
 * A worker file runs in three settings:
 * - the production bundle: api/build.mjs builds each worker next to dist/server.mjs
 *   (`bundled`, e.g. dist/stock-import-worker.mjs);
 * - from source under tsx (pnpm dev, the benchmarks): tsx's loader is in process.execArgv and
 *   every worker thread inherits it, so the .ts file loads as is;
 * - from source under vitest: no loader in the thread, so the pool adds tsx's (`--import tsx`,
 *   a dev dependency; the one tsx's own CLI uses, which also registers in worker threads) to the
 *   worker's execArgv.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Piscina from 'piscina';

export interface WorkerPoolOptions {
  /** The worker's source file: new URL('./x-worker.ts', import.meta.url). */
  source: URL;
  /** Its file name in the production bundle, beside dist/server.mjs (api/build.mjs). */
  bundled: string;
  /** import.meta.url of the module creating the pool: a .ts module means "from source". */
  caller: string;
  /** Threads at most; default half the CPUs (at least one): the rest is for the event loop and
   * PostgreSQL. */
  maxThreads?: number;
  /** A thread with nothing to do ends after this long, giving its heap back. Default 30 s. */
  idleTimeoutMs?: number;
  /**
   * Added to the threads' nice value (Linux). Default 0: the scheduler already lets the event
   * loop's thread, which mostly sleeps, preempt a busy worker when it wakes; a higher value only
   * starved the check (a 100,000-row dry run took 8-27 s instead of 2-3 s) on a machine shared
   * with other busy processes.
   */
  niceIncrement?: number;
}

export interface WorkerPool<Task, Result> {
  /** Runs a task; `transfer`: ArrayBuffers moved to the thread instead of copied. */
  run(task: Task, transfer?: ArrayBuffer[]): Promise<Result>;
  /** Ends the threads (app close, tests); the next run starts new ones. */
  close(): Promise<void>;
}

const TSX_LOADED = /[\\/]tsx(@[^\\/]*)?[\\/]|^tsx$/;

/** The file a worker thread runs and the flags it needs (see the header). */
export function workerEntry(options: Pick<WorkerPoolOptions, 'source' | 'bundled' | 'caller'>): {
  filename: string;
  execArgv?: string[];
} {
  if (!options.caller.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL(`./${options.bundled}`, options.caller)) };
  }
  const filename = fileURLToPath(options.source);
  if (process.execArgv.some((arg) => TSX_LOADED.test(arg))) return { filename };
  const loader = pathToFileURL(createRequire(options.caller).resolve('tsx')).href;
  return { filename, execArgv: [...process.execArgv, '--import', loader] };
}

/** A lazily started piscina pool: no thread until the first task. */
export function createWorkerPool<Task, Result>(
  options: WorkerPoolOptions,
): WorkerPool<Task, Result> {
  let pool: Piscina<Task, Result> | undefined;
  const start = () => {
    const entry = workerEntry(options);
    return new Piscina<Task, Result>({
      filename: entry.filename,
      ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
      minThreads: 0,
      maxThreads: options.maxThreads ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      niceIncrement: options.niceIncrement ?? 0,
    });
  };
  return {
    run: (task, transfer) =>
      (pool ??= start()).run(task, transfer ? { transferList: transfer } : {}),
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
