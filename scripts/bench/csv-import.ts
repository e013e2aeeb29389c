/**
 * CSV import benchmark on a real PostgreSQL (pnpm bench:csv). Not a test; prints figures.
 *
 * 1. Responsiveness: a 100,000-row stock file dry run (POST stock/csv: read the body, decode,
 *    parse, check every row and the existing ICCIDs) over real HTTP while a worker thread polls
 *    GET /healthz every 20 ms. Target: the worst /healthz answer under 100 ms in every run.
 * 2. Bounded answers: a dry run of 45,000 bad exchange-rate rows (three errors each). Target: at
 *    most MAX_RETURNED_ROW_ERRORS errors with the total, an answer under 200 KB.
 *
 * Creates a fresh database (esim_bench_<random> on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end (also on Ctrl-C).
 *   pnpm bench:csv                  # BENCH_RUNS=5 timed dry runs
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { luhnCheckDigit } from '../../shared/contracts/src/iccid';
import { MAX_RETURNED_ROW_ERRORS } from '../../shared/contracts/src/csv';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seed } from '../../api/src/db/seed';
import { createIdentity } from '../../api/src/identity';
import { createLogger } from '../../api/src/logger';
import { startLatencyProbe } from '../../api/test/support/latency-probe';
import { createDatabase, pg } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STOCK_ROWS = 100_000;
const RATE_ROWS = 45_000;
const HEALTHZ_TARGET_MS = 100;
const ANSWER_TARGET_BYTES = 200_000;
const ADMIN_EMAIL = 'bench-admin@esim.test';

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

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
  try {
    const config = loadConfig({
      DATABASE_URL: created.url,
      DATA_DIR: tmp,
      HOST_DIST_DIR: path.join(tmp, 'host-dist'),
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000',
    });
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
    const logger = createLogger(config);
    const identity = await createIdentity({ config, database, log: logger });
    const app = await buildApp({ config, database, identity, logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = (await identity.issueSessionTokens(ADMIN_EMAIL)).idToken;
    const headers = { authorization: `Bearer ${token}` };

    // ------------------------------------------------------------ 1. /healthz during a dry run
    const query = new URLSearchParams({
      productId: product.rows[0]!.id,
      fileName: 'bench.csv',
      dryRun: 'true',
    });
    console.info(`\nStock dry run: ${STOCK_ROWS.toLocaleString()} rows, /healthz every 20 ms`);
    console.info('run      import    healthz worst      p99      p50  polls');
    const worst: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const file = stockFile(run);
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
      console.info(
        `${String(run + 1).padStart(3)} ${ms(importMs)} ${ms(figures.maxMs)}      ` +
          `${ms(figures.p99Ms)}${ms(figures.p50Ms)} ${String(figures.samples).padStart(6)}`,
      );
    }
    const overall = Math.max(...worst);
    console.info(
      `worst /healthz over ${RUNS} runs: ${overall.toFixed(1)} ms ` +
        `(target < ${HEALTHZ_TARGET_MS} ms: ${overall < HEALTHZ_TARGET_MS ? 'met' : 'MISSED'})`,
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
    const loadAverage = os.loadavg()[0] ?? 0;
    console.info(
      `\nLoad average during the run: ${loadAverage.toFixed(2)} on ${os.cpus().length} CPUs` +
        (loadAverage > os.cpus().length ? ' (busy machine: times include waiting for a CPU)' : ''),
    );
    await app.close();
    await identity.close();
  } finally {
    await database?.close();
    await created.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
