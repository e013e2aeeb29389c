/**
 * CSV import benchmark on a real PostgreSQL (pnpm bench:csv). Not a test; prints figures.
 *
 * The API server runs as its own process (api/dist/server.mjs, the production bundle, which
 * `pnpm bench:csv` builds first; BENCH_SERVER=src runs api/src/server.ts under tsx), so
 * the benchmark's own allocations and GC do not land on the server's event loop.
 *
 * 1. Responsiveness: a 100,000-row stock file dry run (POST stock/csv: read the body, check the
 *    file in the worker thread, stage it, look up the existing ICCIDs) over real HTTP while a
 *    worker thread polls GET /healthz every 20 ms; before each, /healthz polled as long with
 *    nothing else running (the machine's own noise). Target: the worst /healthz under 100 ms.
 * 2. Bounded answers: a dry run of 45,000 bad exchange-rate rows (three errors each). Target: at
 *    most MAX_RETURNED_ROW_ERRORS errors with the total, an answer under 200 KB.
 * 3. The CPU cost of sealing 100,000 activation codes on one thread: seal() one at a time, and
 *    bulkSealer (what the dry run's worker thread uses).
 *
 * The imports themselves (dry run, apply to done, next to a COPY of as many rows into a stock
 * table of 1,000,000 items) are in the harness, `pnpm bench` (scripts/bench/http/imports.ts).
 *
 * Creates a fresh database (esim_bench_<random> on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end (also on Ctrl-C).
 *   pnpm bench:csv                  # BENCH_RUNS=5 timed dry runs
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { luhnCheckDigit } from '../../shared/contracts/src/iccid';
import { MAX_RETURNED_ROW_ERRORS } from '../../shared/contracts/src/csv';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seed } from '../../api/src/db/seed';
import { createIdentity } from '../../api/src/identity';
import { seal } from '../../api/src/identity/crypto';
import { createLogger } from '../../api/src/logger';
import { bulkSealer, secretKeyFor } from '../../api/src/secrets';
import { startLatencyProbe } from '../../api/test/support/latency-probe';
import { stockImportRows } from './http/imports';
import { createDatabase, freePort, pg } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STOCK_ROWS = 100_000;
const RATE_ROWS = 45_000;
const HEALTHZ_TARGET_MS = 100;
const ANSWER_TARGET_BYTES = 200_000;
const ADMIN_EMAIL = 'bench-admin@esim.test';

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** dist (default): the production bundle, as deployed; src: api/src/server.ts under tsx. */
const SERVER = process.env.BENCH_SERVER === 'src' ? 'src' : 'dist';

/**
 * The API server as its own process (its event loop and heap are not the benchmark's): the built
 * api/dist/server.mjs, or the source under tsx with BENCH_SERVER=src. Resolves once /healthz
 * answers; stop() ends it.
 */
async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const args =
    SERVER === 'dist'
      ? [path.join(REPO_ROOT, 'api/dist/server.mjs')]
      : ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/server.ts')];
  if (SERVER === 'dist' && !fs.existsSync(args[0]!)) {
    throw new Error(
      `${args[0]} is missing: run pnpm --filter @esim/api build (or BENCH_SERVER=src)`,
    );
  }
  // BENCH_SERVER_NODE_ARGS: node flags for the server (e.g. --trace-gc); BENCH_SERVER_LOG: a
  // file for its output (default: errors only, on this terminal).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const log = process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : null;
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', log ?? 'ignore', log ?? 'inherit'],
  });
  if (log !== null) fs.closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API server exited at start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the API server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function stockFile(run: number): Buffer {
  const lines = ['iccid,activationCode,activeExpireDate'];
  for (let n = 0; n < STOCK_ROWS; n += 1) {
    const body = `8981${String(run).padStart(2, '0')}${String(n).padStart(12, '0')}`;
    lines.push(
      `${body}${luhnCheckDigit(body)},LPA:1$smdp.bench.example$CSV-${run}-${n},2031-12-31`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

async function main(): Promise<void> {
  const created = await createDatabase();
  process.once('SIGINT', () => void created.drop().finally(() => process.exit(130)));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-'));
  let database: Database | undefined;
  let server: { base: string; stop: () => Promise<void> } | undefined;
  try {
    const port = await freePort();
    const serverEnv = {
      DATABASE_URL: created.url,
      DATA_DIR: tmp,
      HOST_DIST_DIR: path.join(tmp, 'host-dist'),
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const config = loadConfig({ ...serverEnv, LOG_LEVEL: 'silent' });
    database = await openDatabase({
      databaseUrl: created.url,
      pgliteDir: 'memory://',
      poolSize: 5,
    });
    await migrate(database);
    await seed(database, config);
    const bare = new pg.Client({ connectionString: created.url });
    await bare.connect();
    await bare.query(
      `INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by, updated_by)
       VALUES ('Bench CSV supplier', 'JPY', 'JPY', 'stock', 'bench', 'bench')`,
    );
    const product = await bare.query<{ id: string }>(
      `INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
         duration_days, type, network, created_by, updated_by)
       SELECT id, 'Bench CSV', 'BENCH-CSV-1', 1000, 'JPY', 30, 'package', 'local', 'bench', 'bench'
       FROM suppliers WHERE name = 'Bench CSV supplier' RETURNING id`,
    );
    await bare.end();
    // The server runs in its own process; this one signs a session with the same keys (they are
    // in the database) and drives it over HTTP.
    server = await startServer(serverEnv, port);
    const base = server.base;
    console.info(
      `API server: ${SERVER === 'dist' ? 'api/dist/server.mjs' : 'api/src/server.ts (tsx)'} on ${base}`,
    );
    const logger = createLogger(config);
    const identity = await createIdentity({ config, database, log: logger });
    const token = (await identity.issueSessionTokens(ADMIN_EMAIL)).idToken;
    const headers = { authorization: `Bearer ${token}` };

    // ------------------------------------------------------------ 1. /healthz during a dry run
    const query = new URLSearchParams({
      productId: product.rows[0]!.id,
      fileName: 'bench.csv',
      dryRun: 'true',
    });
    console.info(`\nStock dry run: ${STOCK_ROWS.toLocaleString()} rows, /healthz every 20 ms`);
    console.info(
      'run      import    healthz worst      p99      p50  polls   idle worst (same length, before)',
    );
    const worst: number[] = [];
    const idleWorst: number[] = [];
    let lastImportMs = 1_500;
    for (let run = 0; run < RUNS; run += 1) {
      const file = stockFile(run);
      // The machine's own noise: /healthz polled as long with nothing else running.
      const idleProbe = startLatencyProbe(`${base}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, lastImportMs));
      const idle = await idleProbe.stop();
      idleWorst.push(idle.maxMs);
      const probe = startLatencyProbe(`${base}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const start = performance.now();
      const res = await fetch(`${base}/api/mng/stock/csv?${query}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: file,
      });
      const body = (await res.json()) as { data?: { validRows: number } };
      const importMs = performance.now() - start;
      const figures = await probe.stop();
      if (res.status !== 200 || body.data?.validRows !== STOCK_ROWS) {
        throw new Error(`dry run answered ${res.status}`);
      }
      worst.push(figures.maxMs);
      lastImportMs = importMs;
      console.info(
        `${String(run + 1).padStart(3)} ${ms(importMs)} ${ms(figures.maxMs)}      ` +
          `${ms(figures.p99Ms)}${ms(figures.p50Ms)} ${String(figures.samples).padStart(6)}` +
          `   ${ms(idle.maxMs)}`,
      );
    }
    const overall = Math.max(...worst);
    console.info(
      `worst /healthz over ${RUNS} runs: ${overall.toFixed(1)} ms ` +
        `(target < ${HEALTHZ_TARGET_MS} ms: ${overall < HEALTHZ_TARGET_MS ? 'met' : 'MISSED'}); ` +
        `idle worst ${Math.max(...idleWorst).toFixed(1)} ms`,
    );

    // ------------------------------------------------------------ 2. bounded answers
    const csv = Array.from({ length: RATE_ROWS }, () => 'ZZZ,abc,2026-02-30').join('\n');
    const start = performance.now();
    const res = await fetch(`${base}/api/mng/exchange-rate/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ csv, dryRun: true }),
    });
    const text = await res.text();
    const tookMs = performance.now() - start;
    const data = (JSON.parse(text) as { data: { errors: unknown[]; errorCount: number } }).data;
    const bytes = Buffer.byteLength(text);
    console.info(
      `\nExchange-rate dry run of ${RATE_ROWS.toLocaleString()} bad rows: ${tookMs.toFixed(0)} ms, ` +
        `${data.errors.length} of ${data.errorCount.toLocaleString()} errors listed, ` +
        `${(bytes / 1024).toFixed(1)} KB (target <= ${MAX_RETURNED_ROW_ERRORS} errors, ` +
        `< ${ANSWER_TARGET_BYTES / 1000} KB: ${
          data.errors.length <= MAX_RETURNED_ROW_ERRORS && bytes < ANSWER_TARGET_BYTES
            ? 'met'
            : 'MISSED'
        })`,
    );
    // ------------------------------------------------------------ 3. sealing
    const box = secretKeyFor(config, 'stock-activation-code');
    const codes = stockImportRows('8983', STOCK_ROWS).map((row) => row.code);
    let sealStart = performance.now();
    for (const code of codes) seal(code, box);
    const sealOneMs = performance.now() - sealStart;
    const sealMany = bulkSealer(box);
    sealStart = performance.now();
    for (const code of codes) sealMany(code);
    const sealBulkMs = performance.now() - sealStart;
    console.info(
      `\nSealing ${STOCK_ROWS.toLocaleString()} activation codes (AES-256-GCM, one thread): ` +
        `seal() ${sealOneMs.toFixed(0)} ms (${((sealOneMs * 1000) / STOCK_ROWS).toFixed(1)} µs/code), ` +
        `bulkSealer ${sealBulkMs.toFixed(0)} ms (${((sealBulkMs * 1000) / STOCK_ROWS).toFixed(1)} µs/code)`,
    );

    const loadAverage = os.loadavg()[0] ?? 0;
    console.info(
      `\nLoad average during the run: ${loadAverage.toFixed(2)} on ${os.cpus().length} CPUs` +
        (loadAverage > os.cpus().length ? ' (busy machine: times include waiting for a CPU)' : ''),
    );
    await identity.close();
  } finally {
    await server?.stop();
    await database?.close();
    await created.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
