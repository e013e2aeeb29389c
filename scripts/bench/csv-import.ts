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
 * 3. Imports: a 100,000-row file checked (dry run: check in the worker thread + staging), then
 *    applied (POST stock/csv/apply -> the job succeeded, polled every 20 ms over HTTP: "apply to
 *    done"), next to a bare COPY of the same rows (same columns, activation codes already sealed,
 *    other ICCIDs) into the same table in the same run, the order alternating per run. The table
 *    already holds BENCH_STOCK_ITEMS items (default 1,000,000). Targets: apply to done under 5 s,
 *    COPY time / apply time at least 0.5. Also the CPU cost of sealing activation codes.
 *
 * Creates a fresh database (esim_bench_<random> on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end (also on Ctrl-C).
 *   pnpm bench:csv                  # BENCH_RUNS=5 timed dry runs, BENCH_IMPORT_RUNS=3 imports
 *   BENCH_STOCK_ITEMS=0 pnpm bench:csv   # imports into an empty stock table
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { luhnCheckDigit } from '../../shared/contracts/src/iccid';
import { MAX_RETURNED_ROW_ERRORS } from '../../shared/contracts/src/csv';
import { maskActivationCode } from '../../api/src/areas/stock/import';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seed } from '../../api/src/db/seed';
import { createIdentity } from '../../api/src/identity';
import { seal } from '../../api/src/identity/crypto';
import { createLogger } from '../../api/src/logger';
import { bulkSealer, secretKeyFor } from '../../api/src/secrets';
import { startLatencyProbe } from '../../api/test/support/latency-probe';
import { copyFrom, createDatabase, percentile, pg } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STOCK_ROWS = 100_000;
const RATE_ROWS = 45_000;
const HEALTHZ_TARGET_MS = 100;
const ANSWER_TARGET_BYTES = 200_000;
const ADMIN_EMAIL = 'bench-admin@esim.test';
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const STOCK_ITEMS = Number(process.env.BENCH_STOCK_ITEMS ?? 1_000_000);
const APPLY_TARGET_MS = 5_000;
const COPY_RATIO_TARGET = 0.5;

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

interface ImportRow {
  iccid: string;
  code: string;
  expires: string;
}

/** A 100,000-row import file like a supplier's: real-length codes, a spread of expiry dates. */
function importRows(issuer: string): ImportRow[] {
  return Array.from({ length: STOCK_ROWS }, (_, n) => {
    const body = `${issuer}${String(n).padStart(18 - issuer.length, '0')}`;
    return {
      iccid: `${body}${luhnCheckDigit(body)}`,
      code: `LPA:1$smdp.bench.example$${randomBytes(16).toString('hex').toUpperCase()}`,
      expires: `2031-${String((n % 12) + 1).padStart(2, '0')}-15`,
    };
  });
}

const csvOf = (rows: readonly ImportRow[]) =>
  Buffer.from(
    [
      'iccid,activationCode,activeExpireDate',
      ...rows.map((r) => `${r.iccid},${r.code},${r.expires}`),
    ].join('\n'),
  );

const median = (values: number[]) => percentile(values, 50);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** dist (default): the production bundle, as deployed; src: api/src/server.ts under tsx. */
const SERVER = process.env.BENCH_SERVER === 'src' ? 'src' : 'dist';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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
    // ------------------------------------------------------------ 3. imports: apply to done vs COPY
    // BENCH_IMPORT_RUNS=0 leaves this part out.
    if (IMPORT_RUNS > 0) {
      const box = secretKeyFor(config, 'stock-activation-code');
      const codes = importRows('8983').map((row) => row.code);
      let start3 = performance.now();
      for (const code of codes) seal(code, box);
      const sealOneMs = performance.now() - start3;
      const sealMany = bulkSealer(box);
      start3 = performance.now();
      for (const code of codes) sealMany(code);
      const sealBulkMs = performance.now() - start3;
      console.info(
        `\nSealing ${STOCK_ROWS.toLocaleString()} activation codes (AES-256-GCM, one thread): ` +
          `seal() ${sealOneMs.toFixed(0)} ms (${((sealOneMs * 1000) / STOCK_ROWS).toFixed(1)} µs/code), ` +
          `bulkSealer ${sealBulkMs.toFixed(0)} ms (${((sealBulkMs * 1000) / STOCK_ROWS).toFixed(1)} µs/code)`,
      );

      const filler = new pg.Client({ connectionString: created.url });
      // A lost connection fails the statement in hand (and the run) instead of crashing the process
      // before the database is dropped.
      filler.on('error', () => undefined);
      await filler.connect();
      if (STOCK_ITEMS > 0) {
        const fillStart = performance.now();
        const sealedLength = sealMany(codes[0]!).length;
        await filler.query(
          `INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
           smdp_address, active_expire_date, imported_at, created_by, updated_by)
         SELECT $2::uuid, '8982' || lpad(g::text, 15, '0'), 'v1:' || repeat('x', $3::int - 3),
           'LPA:1$smdp.bench.example$••••••' || lpad((g % 10000)::text, 4, '0'),
           'smdp.bench.example', current_date + (g % 700), now() - (g % 525600) * interval '1 minute',
           'bench', 'bench'
         FROM generate_series(1, $1::int) g`,
          [STOCK_ITEMS, product.rows[0]!.id, sealedLength],
        );
        await filler.query('VACUUM ANALYZE stock_items');
        console.info(
          `Stock table filled with ${STOCK_ITEMS.toLocaleString()} items in ` +
            `${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
        );
      }
      const productId = product.rows[0]!.id;
      console.info(
        `\nImport of ${STOCK_ROWS.toLocaleString()} rows: dry run (check + stage), then apply to done ` +
          `(POST stock/csv/apply until the job succeeded), next to a COPY of the same rows`,
      );
      console.info(
        'run   dry run  apply->done       COPY  COPY/apply  healthz worst (apply)  items before',
      );
      const applyTimes: number[] = [];
      const copyTimes: number[] = [];
      for (let run = 0; run < IMPORT_RUNS; run += 1) {
        const rows = importRows(`89841${run}`);
        const dryStart = performance.now();
        const dry = await fetch(
          `${base}/api/mng/stock/csv?${new URLSearchParams({ productId, fileName: `import-${run}.csv`, dryRun: 'true' })}`,
          {
            method: 'POST',
            headers: { ...headers, 'content-type': 'text/csv' },
            body: csvOf(rows),
          },
        );
        const checked = (await dry.json()) as { data?: { importId: string | null } };
        const dryMs = performance.now() - dryStart;
        const importId = checked.data?.importId;
        if (!importId)
          throw new Error(`dry run did not stage the file: ${JSON.stringify(checked)}`);
        // The COPY's rows: the same codes (sealed), masks and dates under other ICCIDs.
        const copyData = rows
          .map((row, n) => {
            const mask = maskActivationCode(row.code);
            const body = `89851${run}${String(n).padStart(12, '0')}`;
            return [
              productId,
              `${body}${luhnCheckDigit(body)}`,
              sealMany(row.code),
              `"${mask.masked}"`,
              mask.smdpAddress,
              row.expires,
              importId.replace(/^.{8}/, 'c0c0c0c0'),
              `copy-${run}.csv`,
              new Date().toISOString(),
              new Date().toISOString(),
              ADMIN_EMAIL,
              ADMIN_EMAIL,
            ].join(',');
          })
          .join('\n');
        const copy = async () => {
          const copyStart = performance.now();
          await copyFrom(
            filler,
            `COPY stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
             smdp_address, active_expire_date, import_id, import_file_name, imported_at,
             updated_at, created_by, updated_by) FROM STDIN WITH (FORMAT csv)`,
            `${copyData}\n`,
          );
          copyTimes.push(performance.now() - copyStart);
        };
        let worstHealthz = 0;
        const apply = async () => {
          const probe = startLatencyProbe(`${base}/healthz`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          const applyStart = performance.now();
          const res = await fetch(`${base}/api/mng/stock/csv/apply`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ importId }),
          });
          const { data } = (await res.json()) as { data: { jobId: string | null } };
          let status = data.jobId ? 'queued' : 'succeeded';
          while (status !== 'succeeded' && status !== 'failed') {
            await new Promise((resolve) => setTimeout(resolve, 20));
            const poll = await fetch(`${base}/api/mng/stock/csv/job?id=${data.jobId}`, { headers });
            status = ((await poll.json()) as { data: { status: string } }).data.status;
          }
          applyTimes.push(performance.now() - applyStart);
          worstHealthz = (await probe.stop()).maxMs;
          if (status !== 'succeeded') throw new Error('import job failed');
        };
        const before = Number(
          (await filler.query<{ n: string }>('SELECT count(*) AS n FROM stock_items')).rows[0]!.n,
        );
        if (run % 2 === 0) {
          await apply();
          await copy();
        } else {
          await copy();
          await apply();
        }
        const applyMs = applyTimes.at(-1)!;
        const copyMs = copyTimes.at(-1)!;
        console.info(
          `${String(run + 1).padStart(3)} ${ms(dryMs)} ${ms(applyMs)} ${ms(copyMs)} ` +
            `${(copyMs / applyMs).toFixed(2).padStart(10)}x ${ms(worstHealthz).padStart(22)}` +
            `${before.toLocaleString().padStart(14)}`,
        );
      }
      await filler.end();
      const applyMedian = median(applyTimes);
      const copyMedian = median(copyTimes);
      console.info(
        `median apply to done ${applyMedian.toFixed(0)} ms (target < ${APPLY_TARGET_MS} ms: ` +
          `${applyMedian < APPLY_TARGET_MS ? 'met' : 'MISSED'}); median COPY ${copyMedian.toFixed(0)} ms; ` +
          `COPY/apply ${(copyMedian / applyMedian).toFixed(2)}x (target >= ${COPY_RATIO_TARGET}x: ` +
          `${copyMedian / applyMedian >= COPY_RATIO_TARGET ? 'met' : 'MISSED'})`,
      );
    }

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
