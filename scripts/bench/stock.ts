/**
 * Stock benchmark on a real PostgreSQL (pnpm bench:stock). Not a test; prints figures.
 *
 * 1. Import: a 100,000-row CSV end to end through the real app (POST stock/csv, raw text/csv body:
 *    parse, validate, duplicate check, then the background job: re-validate, seal the activation
 *    codes, insert items + audit entries in one transaction) until the job reports succeeded, next
 *    to a bare COPY of the same rows (already sealed) into the same table on the same run.
 *    Target: under 5 s; the ratio to COPY is printed.
 * 2. Lists: 1,000,000 stock items (one product with 600,000 of them), then p50/p95 of stock/detail
 *    pages through the app (auth, validation, service, JSON): product + status, sorted by
 *    importedDate desc, first page and deep pages by OFFSET and by KEYSET cursor. Target p95 < 50 ms.
 *
 * Creates a fresh database (esim_bench_<random> on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end (also on Ctrl-C).
 *   pnpm bench:stock            # BENCH_RUNS=30 timed runs per list scenario
 *   BENCH_ITEMS=200000 pnpm bench:stock   # a smaller list data set
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { luhnCheckDigit } from '../../shared/contracts/src/iccid';
import { buildApp } from '../../api/src/app';
import { copyFrom, createDatabase, percentile, pg } from './lib';
import {
  insertStockRows,
  maskActivationCode,
  parseStockCsv,
} from '../../api/src/areas/stock/import';
import { encodeCursor } from '../../api/src/areas/stock/service';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seed } from '../../api/src/db/seed';
import { createIdentity } from '../../api/src/identity';
import { createLogger } from '../../api/src/logger';
import { createSecretBox } from '../../api/src/secrets';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const IMPORT_ROWS = 100_000;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const ADMIN_EMAIL = 'bench-admin@esim.test';

const ms = (value: number) => value.toFixed(1).padStart(8);

function iccidOf(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(18 - prefix.length, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
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
    bare.on('error', () => undefined);
    await bare.connect();
    await bare.query(
      `INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by, updated_by)
       VALUES ('Bench stock supplier', 'JPY', 'JPY', 'stock', 'bench', 'bench')`,
    );
    const productIds: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const row = await bare.query<{ id: string }>(
        `INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
           duration_days, type, network, created_by, updated_by)
         SELECT id, 'Bench stock ' || $1::text, 'BENCH-STOCK-' || $1::text, 1000, 'JPY', 30,
           'package', 'local', 'bench', 'bench' FROM suppliers WHERE name = 'Bench stock supplier'
         RETURNING id`,
        [i],
      );
      productIds.push(row.rows[0]!.id);
    }
    const logger = createLogger(config);
    const identity = await createIdentity({ config, database, log: logger });
    const app = await buildApp({ config, database, identity, logger });
    await app.ready();
    const token = (await identity.issueSessionTokens(ADMIN_EMAIL)).idToken;
    const headers = { authorization: `Bearer ${token}` };

    // ------------------------------------------------------------ 1. import 100,000 rows
    const rows: string[] = ['iccid,activationCode,activeExpireDate'];
    for (let n = 1; n <= IMPORT_ROWS; n += 1) {
      rows.push(
        `${iccidOf('8981100', n)},LPA:1$smdp.bench.example$BENCH-${n.toString(36).toUpperCase()}-${(n * 7919).toString(16).toUpperCase()},2031-${String((n % 12) + 1).padStart(2, '0')}-15`,
      );
    }
    const csv = rows.join('\n');
    console.info(
      `\nImport: ${IMPORT_ROWS.toLocaleString()} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`,
    );
    const parseStart = performance.now();
    const parsed = await parseStockCsv(csv, new Date().toISOString().slice(0, 10));
    const parseMs = performance.now() - parseStart;
    if (parsed.valid.length !== IMPORT_ROWS) throw new Error('bench file has invalid rows');

    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/mng/stock/csv?productId=${productIds[4]}&fileName=bench.csv&dryRun=false`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    const accepted = performance.now() - start;
    const jobId = (res.json() as { data: { jobId: string } }).data.jobId;
    if (!jobId) throw new Error(`import not accepted: ${res.body}`);
    let status = 'queued';
    while (status !== 'succeeded' && status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const poll = await app.inject({
        method: 'GET',
        url: `/api/mng/stock/csv/job?id=${jobId}`,
        headers,
      });
      status = (poll.json() as { data: { status: string } }).data.status;
    }
    const importMs = performance.now() - start;
    if (status !== 'succeeded') throw new Error('import job failed');

    const box = createSecretBox(config, 'stock-activation-code');
    // The database part alone: the same rows (other ICCIDs) through insertStockRows in one
    // transaction (seal, insert, audit), no HTTP, no parsing.
    const insertRows = parsed.valid.map((row, index) => ({
      ...row,
      iccid: iccidOf('8981200', index + 1),
    }));
    const insertStart = performance.now();
    await database.db.transaction((tx) =>
      insertStockRows(tx, insertRows, {
        importId: randomUUID(),
        productId: productIds[3]!,
        fileName: 'bench.csv',
        actor: { userId: null, email: 'bench' },
        seal: (text) => box.seal(text),
        now: new Date(),
      }),
    );
    const insertMs = performance.now() - insertStart;

    // The same rows, sealed and masked beforehand (not timed), by a bare COPY into the same table.
    const escape = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    const copyLines = parsed.valid.map((row) => {
      const mask = maskActivationCode(row.activationCode);
      return [
        productIds[4],
        row.iccid,
        box.seal(row.activationCode),
        escape(mask.masked),
        mask.smdpAddress,
        row.activeExpireDate,
        'bench.csv',
        'bench',
        'bench',
      ].join(',');
    });
    const copyData = `${copyLines.join('\n')}\n`;
    await bare.query('TRUNCATE stock_items');
    await bare.query('DELETE FROM stock_counts');
    const copyStart = performance.now();
    await copyFrom(
      bare,
      `COPY stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
         smdp_address, active_expire_date, import_file_name, created_by, updated_by)
       FROM STDIN WITH (FORMAT csv)`,
      copyData,
    );
    const copyMs = performance.now() - copyStart;
    console.info(`  parse + validate only (in memory) ${ms(parseMs)} ms`);
    console.info(`  POST stock/csv answered (job queued)${ms(accepted)} ms`);
    console.info(
      `  end to end until the job succeeded ${ms(importMs)} ms   target < 5000 ms: ${importMs < 5000 ? 'ok' : 'MISSED'}`,
    );
    console.info(`  insert only (seal + INSERT + audit)${ms(insertMs)} ms`);
    console.info(`  bare COPY of the same rows        ${ms(copyMs)} ms`);
    console.info(
      `  ratio import / COPY               ${(importMs / copyMs).toFixed(1).padStart(8)}x`,
    );
    await bare.query('TRUNCATE stock_items');
    await bare.query('DELETE FROM stock_counts');

    // ------------------------------------------------------------ 2. lists over 1,000,000 items
    const loadStart = performance.now();
    const big = productIds[0]!;
    const bigShare = Math.round(ITEMS * 0.6);
    // Statuses: 70 % on_hand, 12 % sold_out, 8 % assigned, 4 % holding, 3 % wasted, 3 % n/a.
    await bare.query(
      `INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
         smdp_address, status, hold_until, active_expire_date, imported_at, created_by, updated_by)
       SELECT CASE WHEN g <= $2 THEN $3::uuid ELSE ($4::uuid[])[1 + g % 4] END,
         '8982' || lpad(g::text, 15, '0'),
         'v1:sealed-placeholder', 'LPA:1$smdp.bench.example$••••••' || lpad((g % 10000)::text, 4, '0'),
         'smdp.bench.example', st,
         CASE WHEN st = 'holding' THEN now() + interval '1 day' END,
         current_date + (g % 700), now() - (g % 525600) * interval '1 minute', 'bench', 'bench'
       FROM generate_series(1, $1::int) g
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 70 THEN 'on_hand' WHEN g % 100 < 82 THEN 'sold_out'
         WHEN g % 100 < 90 THEN 'assigned' WHEN g % 100 < 94 THEN 'holding'
         WHEN g % 100 < 97 THEN 'wasted' ELSE 'not_available' END AS st) s`,
      [ITEMS, bigShare, big, productIds.slice(1, 5)],
    );
    await bare.query('VACUUM ANALYZE stock_items');
    console.info(
      `\nLists: ${ITEMS.toLocaleString()} items loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s ` +
        `(${bigShare.toLocaleString()} in the product timed; ${Math.round(bigShare * 0.7).toLocaleString()} of them on hand)`,
    );

    const pageSize = 50;
    const offsetRow = async (offset: number) =>
      (
        await bare.query<{ v: string; id: string }>(
          `SELECT to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS v, id
           FROM stock_items WHERE product_id = $1 AND status = 'on_hand'
           ORDER BY imported_at DESC, id DESC OFFSET $2 LIMIT 1`,
          [big, offset - 1],
        )
      ).rows[0]!;
    interface Scenario {
      name: string;
      payload: Record<string, unknown>;
    }
    const base = {
      productId: big,
      status: 'on_hand',
      sort: 'importedDate',
      order: 'desc',
      pageSize,
    };
    const onHand = Math.round(bigShare * 0.7);
    const pages = [1, 20, 200, 2000, 8000].filter((page) => page * pageSize <= onHand);
    const scenarios: Scenario[] = [];
    for (const page of pages) {
      const offset = ((page - 1) * pageSize).toLocaleString();
      scenarios.push({
        name: `product+on_hand, page ${page.toLocaleString()} (offset ${offset})`,
        payload: { ...base, page },
      });
    }
    for (const page of pages.filter((page) => page >= 200)) {
      const row = await offsetRow((page - 1) * pageSize);
      const cursor = encodeCursor({
        sort: 'importedDate',
        order: 'desc',
        value: row.v,
        id: row.id,
      });
      scenarios.push({
        name: `product+on_hand, page ${page.toLocaleString()} (keyset cursor)`,
        payload: { ...base, page, cursor },
      });
    }
    scenarios.push(
      { name: 'product, all statuses, page 1', payload: { productId: big, pageSize } },
      {
        name: 'product+[holding,assigned], page 1',
        payload: { ...base, status: ['holding', 'assigned'], page: 1 },
      },
      {
        name: 'whole ICCID search',
        payload: { ...base, search: `8982${String(123_456).padStart(15, '0')}` },
      },
      { name: 'product+on_hand, last 6 ICCID digits', payload: { ...base, search: '123456' } },
      {
        name: 'product+on_hand, first 14 ICCID digits',
        payload: { ...base, search: '89820000000001' },
      },
    );

    const header = `${'stock/detail scenario'.padEnd(46)} ${'min'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  target`;
    console.info(
      `\n${RUNS} runs per scenario after ${WARMUP} warm-up runs; times in ms (app.inject).\n`,
    );
    console.info(header);
    console.info('-'.repeat(header.length));
    for (const scenario of scenarios) {
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const t0 = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/mng/stock/detail',
          headers,
          payload: scenario.payload,
        });
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.body}`);
        if (run >= WARMUP) times.push(elapsed);
      }
      const p95 = percentile(times, 95);
      console.info(
        `${scenario.name.padEnd(46)} ${ms(Math.min(...times))} ${ms(percentile(times, 50))} ${ms(p95)}  ${p95 < 50 ? 'ok' : 'MISSED'}`,
      );
    }
    const loadAverage = os.loadavg()[0] ?? 0;
    console.info(
      `\nLoad average during the run: ${loadAverage.toFixed(2)} on ${os.cpus().length} CPUs` +
        (loadAverage > os.cpus().length ? ' (busy machine: times include waiting for a CPU)' : ''),
    );
    await bare.end();
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
