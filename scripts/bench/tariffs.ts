/**
 * Tariff and supplier list benchmark on a real PostgreSQL (pnpm bench:tariffs). Not a test.
 *
 * Creates a fresh database (esim_bench_<random> on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), migrates and seeds it, loads 20,000 products over
 * 1,000 suppliers, 30 currencies (29 with three rates of history each, plus JPY), 50 tariff codes in
 * 5 groups (10 of them with 2,000 manual prices each), then times list pages through the real app
 * (app.inject: auth, validation, service, JSON) next to the bare SQL the same call runs (captured
 * from the driver, replayed on a plain connection). Prints p50/p95 per scenario; the target is
 * p95 < 50 ms and within 2x of the bare queries. Drops the database at the end (also on Ctrl-C).
 *
 *   pnpm bench:tariffs                    # BENCH_RUNS=40 timed runs per scenario
 *
 * Investigating: BENCH_EXPLAIN=1 prints the product-list statement's EXPLAIN (ANALYZE, BUFFERS);
 * BENCH_SQL_FILE=<file> writes that statement and its parameters as JSON; BENCH_KEEP=1 keeps the
 * database (drop it yourself afterwards).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client as PgClient, Pool as PgPool } from 'pg';
import { buildApp } from '../../api/src/app';
import { createDatabase, percentile, pg } from './lib';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seed } from '../../api/src/db/seed';
import { createIdentity } from '../../api/src/identity';
import { createLogger } from '../../api/src/logger';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const PRODUCTS = 20_000;
const SUPPLIERS = 1_000;
const CURRENCY_COUNT = 30;
const GROUPS = 5;
const CODES_PER_GROUP = 10;
const MANUAL_CODES = 10;
const MANUAL_PRICES_PER_CODE = 2_000;
const ADMIN_EMAIL = 'bench-admin@esim.test';

interface Captured {
  text: string;
  values: unknown[];
}

const ms = (value: number) => value.toFixed(1).padStart(7);

/** Loads the data set with set-based SQL (the services' paths are covered by the tests). */
async function load(client: PgClient): Promise<{ currencies: string[]; codes: string[] }> {
  await client.query('SELECT setseed(0.42)');
  const currencies = (
    await client.query<{ iso_code: string }>(
      `SELECT iso_code FROM round_currency
       WHERE NOT delete_flag AND iso_code <> 'JPY' AND minor_units BETWEEN 0 AND 3
       ORDER BY iso_code LIMIT $1`,
      [CURRENCY_COUNT - 1],
    )
  ).rows.map((row) => row.iso_code);
  // Three rates of history per currency (the current one effective today or earlier) and a
  // future one, so "current rate" has something to choose from.
  await client.query(
    `INSERT INTO exchange_rates (currency, rate, effective_date, created_by)
     SELECT c, round((0.01 + random() * 200)::numeric, 6), current_date - d, 'bench'
     FROM unnest($1::text[]) c, unnest(ARRAY[60, 30, 0]) d`,
    [currencies],
  );
  await client.query(
    `INSERT INTO exchange_rates (currency, rate, effective_date, created_by)
     SELECT c, round((0.01 + random() * 200)::numeric, 6), current_date + 30, 'bench'
     FROM unnest($1::text[]) c`,
    [currencies],
  );
  await client.query(
    `INSERT INTO suppliers (name, abbreviation, status, company_name, email, currency,
       purchase_currency, delivery_type, created_by, updated_by, created_at)
     SELECT 'Supplier ' || lpad(g::text, 4, '0'), 'S' || g, CASE WHEN g % 7 = 0 THEN 'inactive' ELSE 'active' END,
       'Company ' || g || ' Ltd.', 'sales' || g || '@supplier.example', 'USD', 'USD',
       CASE WHEN g % 2 = 0 THEN 'api' ELSE 'stock' END, 'bench', 'bench',
       now() - (g || ' minutes')::interval
     FROM generate_series(1, $1::int) g`,
    [SUPPLIERS],
  );
  const all = ['JPY', ...currencies];
  await client.query(
    `INSERT INTO products (supplier_id, name, product_code, category, cost_minor, cost_currency,
       price_minor, data_mb, duration_days, coverage, type, network, created_by, updated_by)
     SELECT s.ids[1 + (g * 7919) % array_length(s.ids, 1)],
       'Bench product ' || g, 'BENCH-' || lpad(g::text, 6, '0'), 'Category ' || (g % 12),
       cost, cur[1 + (g % array_length(cur, 1))],
       CASE WHEN g % 5 = 0 THEN NULL ELSE cost + (random() * 5000)::int END,
       CASE WHEN g % 9 = 0 THEN NULL ELSE 512 * (1 + g % 40) END, 1 + g % 60, ARRAY['JP'],
       CASE WHEN g % 4 = 0 THEN 'daypass' ELSE 'package' END,
       CASE WHEN g % 3 = 0 THEN 'round' ELSE 'local' END, 'bench', 'bench'
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT (100 + random() * 20000)::int AS cost) c
     CROSS JOIN (SELECT array_agg(id ORDER BY name) ids FROM suppliers) s
     CROSS JOIN (SELECT $2::text[] cur) k`,
    [PRODUCTS, all],
  );
  const codes: string[] = [];
  for (let group = 1; group <= GROUPS; group += 1) {
    const groupId = (
      await client.query<{ id: string }>(
        `INSERT INTO tariff_groups (tariff_group, name, base_tariff, logic1, logic2, logic3, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, 'bench', 'bench') RETURNING id`,
        [
          `BENCH-G${group}`,
          `Bench group ${group}`,
          group % 2 ? 'cost' : 'price',
          10 * group,
          group * 100,
          group % 2,
        ],
      )
    ).rows[0]?.id;
    for (let index = 1; index <= CODES_PER_GROUP; index += 1) {
      const code = `BENCH-G${group}-C${index}`;
      codes.push(code);
      await client.query(
        `INSERT INTO tariff_codes (group_id, tariff_code, logic1, created_by, updated_by)
         VALUES ($1, $2, $3, 'bench', 'bench')`,
        [groupId, code, index % 3 === 0 ? -5 * index : null],
      );
    }
  }
  await client.query(
    `INSERT INTO tariff_prices (tariff_code_id, product_id, price_jpy, updated_by)
     SELECT c.id, p.id, 1000 + (random() * 50000)::int, 'bench'
     FROM (SELECT id FROM tariff_codes ORDER BY tariff_code LIMIT $1) c
     CROSS JOIN LATERAL (SELECT id FROM products ORDER BY random() LIMIT $2) p`,
    [MANUAL_CODES, MANUAL_PRICES_PER_CODE],
  );
  await client.query('ANALYZE');
  return { currencies: all, codes };
}

/** Records the SQL the app sends through the pool (drizzle's node-postgres session client). */
function captureQueries(database: Database): { start(): void; stop(): Captured[] } {
  const pool = (database.db as unknown as { session: { client: PgPool } }).session.client;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let recording: Captured[] | null = null;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (recording && first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      recording.push({
        text: config.text,
        values: config.values ?? (Array.isArray(second) ? second : []),
      });
    } else if (recording && typeof first === 'string') {
      recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    }
    return original(...args);
  };
  return {
    start() {
      recording = [];
    },
    stop() {
      const captured = recording ?? [];
      recording = null;
      return captured;
    },
  };
}

interface Scenario {
  name: string;
  url: string;
  payload: Record<string, unknown>;
}

async function main(): Promise<void> {
  const created = await createDatabase();
  const stop = () => {
    void created.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
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
    // Dropping the database at the end ends this connection too.
    bare.on('error', () => undefined);
    await bare.connect();
    const loadStart = performance.now();
    const { currencies, codes } = await load(bare);
    console.info(
      `loaded ${PRODUCTS} products, ${SUPPLIERS} suppliers, ${currencies.length} currencies, ` +
        `${codes.length} tariff codes in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );

    const logger = createLogger(config);
    const identity = await createIdentity({ config, database, log: logger });
    const app = await buildApp({ config, database, identity, logger });
    await app.ready();
    const token = (await identity.issueSessionTokens(ADMIN_EMAIL)).idToken;
    const capture = captureQueries(database);

    const manualCode = codes[0] as string; // 2,000 manual prices, group 1 (cost, 10 %, +100, higher)
    const plainCode = codes[codes.length - 1] as string; // group 5, no manual prices
    const scenarios: Scenario[] = [];
    for (const page of [1, 2, 50, 200, 400]) {
      scenarios.push({
        name: `tariff/product-list computedPrice desc p${page}`,
        url: '/api/mng/tariff/product-list',
        payload: {
          tariffCode: manualCode,
          sort: 'computedPrice',
          order: 'desc',
          pageSize: 50,
          page,
        },
      });
    }
    scenarios.push(
      {
        name: 'tariff/product-list computedPrice asc p1 (no manual)',
        url: '/api/mng/tariff/product-list',
        payload: {
          tariffCode: plainCode,
          sort: 'computedPrice',
          order: 'asc',
          pageSize: 50,
          page: 1,
        },
      },
      {
        name: 'tariff/product-list grossProfitPercent p100',
        url: '/api/mng/tariff/product-list',
        payload: {
          tariffCode: manualCode,
          sort: 'grossProfitPercent',
          order: 'desc',
          pageSize: 50,
          page: 100,
        },
      },
      {
        name: 'tariff/product-list search + computedPrice',
        url: '/api/mng/tariff/product-list',
        payload: {
          tariffCode: manualCode,
          search: 'product 12',
          sort: 'computedPrice',
          pageSize: 50,
        },
      },
    );
    for (const page of [1, 5, 20]) {
      scenarios.push({
        name: `supplier/list name asc p${page}`,
        url: '/api/mng/supplier/list',
        payload: { sort: 'name', order: 'asc', pageSize: 50, page },
      });
    }
    scenarios.push({
      name: 'supplier/list newest first p1',
      url: '/api/mng/supplier/list',
      payload: { pageSize: 50, page: 1 },
    });

    const results: { name: string; api: number[]; bare: number[]; statements: number }[] = [];
    for (const scenario of scenarios) {
      const call = async () => {
        const res = await app.inject({
          method: 'POST',
          url: scenario.url,
          headers: { authorization: `Bearer ${token}` },
          payload: scenario.payload,
        });
        if (res.statusCode !== 200)
          throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
      };
      capture.start();
      await call();
      const statements = capture.stop();
      const replay = async () => {
        for (const statement of statements) await bare.query(statement.text, statement.values);
      };
      for (let run = 0; run < WARMUP; run += 1) {
        await call();
        await replay();
      }
      const apiTimes: number[] = [];
      const bareTimes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Alternate the order so neither side always runs on a warmer cache.
        const order = run % 2 === 0 ? ([call, replay] as const) : ([replay, call] as const);
        for (const fn of order) {
          const start = performance.now();
          await fn();
          (fn === call ? apiTimes : bareTimes).push(performance.now() - start);
        }
      }
      results.push({
        name: scenario.name,
        api: apiTimes,
        bare: bareTimes,
        statements: statements.length,
      });
    }

    // The product list's main statement alone, as PostgreSQL times it.
    capture.start();
    await app.inject({
      method: 'POST',
      url: '/api/mng/tariff/product-list',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        tariffCode: manualCode,
        sort: 'computedPrice',
        order: 'desc',
        pageSize: 50,
        page: 200,
      },
    });
    const main = capture.stop().find((statement) => statement.text.includes('WITH rates AS'));
    if (!main) throw new Error('product-list statement not captured');
    const explain = await bare.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${main.text}`,
      main.values,
    );

    if (process.env.BENCH_SQL_FILE) {
      fs.writeFileSync(process.env.BENCH_SQL_FILE, JSON.stringify(main));
    }
    if (process.env.BENCH_EXPLAIN) {
      const text = await bare.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${main.text}`,
        main.values,
      );
      console.info(text.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }

    const header = `${'scenario'.padEnd(52)} ${'api min'.padStart(7)} ${'api p50'.padStart(7)} ${'api p95'.padStart(7)} ${'sql min'.padStart(7)} ${'sql p50'.padStart(7)} ${'sql p95'.padStart(7)}  p95 ratio  stmts  target`;
    console.info(`\n${RUNS} runs per scenario after ${WARMUP} warm-up runs; times in ms.`);
    console.info(
      'api = app.inject (auth, validation, service, JSON); sql = the same statements replayed bare.\n',
    );
    console.info(header);
    console.info('-'.repeat(header.length));
    let allMet = true;
    for (const result of results) {
      const apiP95 = percentile(result.api, 95);
      const bareP95 = percentile(result.bare, 95);
      const ratio = apiP95 / bareP95;
      const met = apiP95 < 50 && ratio <= 2;
      allMet &&= met;
      console.info(
        `${result.name.padEnd(52)} ${ms(Math.min(...result.api))} ${ms(percentile(result.api, 50))} ${ms(apiP95)} ${ms(Math.min(...result.bare))} ${ms(percentile(result.bare, 50))} ${ms(bareP95)}  ${ratio.toFixed(2).padStart(8)}  ${String(result.statements).padStart(5)}  ${met ? 'ok' : 'MISSED'}`,
      );
    }
    const plan = explain.rows[0]?.['QUERY PLAN'][0];
    console.info(
      `\nEXPLAIN ANALYZE of the product-list statement (computedPrice desc, page 200): ` +
        `execution ${plan?.['Execution Time'].toFixed(1)} ms`,
    );
    const loadAverage = os.loadavg()[0] ?? 0;
    console.info(allMet ? '\nAll scenarios within target.' : '\nSome scenarios missed the target.');
    console.info(
      `Load average during the run: ${loadAverage.toFixed(2)} on ${os.cpus().length} CPUs` +
        (loadAverage > os.cpus().length
          ? ' (the machine was busy: times include waiting for a CPU)'
          : ''),
    );

    await bare.end();
    await app.close();
    await identity.close();
  } finally {
    await database?.close();
    if (process.env.BENCH_KEEP) console.info(`kept database ${created.url} (BENCH_KEEP)`);
    else await created.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
