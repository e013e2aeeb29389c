/**
 * The benchmark harness (pnpm bench): what users get, measured from outside over HTTP.
 *
 * 1. A throwaway database on the real PostgreSQL (BENCH_PG_ADMIN_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres), dropped at the end (also on Ctrl-C).
 * 2. The BUILT server (api/dist/server.mjs; `pnpm --filter @esim/api build` first) as its own
 *    process on 127.0.0.1, which migrates and seeds the database at start.
 * 3. Realistic volumes loaded with set-based SQL (http/seed.ts): 20,000 products (10,000 of them
 *    stock products), 1,000,000 stock items with real-length sealed activation codes.
 * 4. Sign-in through the identity endpoint with the e-mailed one-time password (read from the
 *    server's outbox), as a person does.
 * 5. The SQL of every page, found by a second copy of the server behind a capturing proxy
 *    (http/pg-capture.ts), replayed on plain connections as "bare SQL".
 * 6. For each list and search: rounds of HTTP load (autocannon, BENCH_CONNECTIONS connections)
 *    interleaved with rounds of the bare SQL at the same concurrency; p50/p95, requests/s and the
 *    ratio. For each export: the whole CSV over HTTP next to its statements replayed.
 * 7. Throughput: the stock page at 32 connections against a bare Fastify + node-postgres server
 *    running the page's heaviest statement (http/bare-server.mjs); target at least 0.6x.
 * 8. Imports (http/imports.ts): a 100,000-row stock CSV dry run, then applied until its job
 *    succeeded, next to a bare COPY of as many rows into the same table, interleaved; target apply
 *    under 5 s and COPY/apply at least 0.5. Last, as it adds rows to the seeded stock.
 *
 *   pnpm bench                  # full volumes (a few minutes of seeding and ~10 min of load)
 *   BENCH_QUICK=1 pnpm bench    # 50,000 items, 2,000 products, 1 s rounds: about a minute
 * Knobs: BENCH_ITEMS, BENCH_PRODUCTS, BENCH_CONNECTIONS (default 4), BENCH_SECONDS per round,
 * BENCH_ROUNDS, BENCH_EXPORT_SECONDS (cut-off per export), BENCH_IMPORT_RUNS (default 3, 0 leaves
 * the imports out), BENCH_IMPORT_ROWS (default 100,000), BENCH_ONLY (regex on scenario names or
 * areas; the imports are 'stock import', area 'stock'),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL, default info as deployed), BENCH_JSON=<file> (write the
 * figures as JSON).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { createDatabase, percentile, pg } from './lib';
import {
  httpExport,
  httpLoad,
  httpOnce,
  mergeSamples,
  replay,
  sqlExport,
  sqlLoad,
} from './http/load';
import type { Samples } from './http/load';
import { startCaptureProxy, type Statement } from './http/pg-capture';
import { IMPORT_SCENARIO, runImports, type ImportFigures } from './http/imports';
import { orderScenarios, seedOrders } from './http/orders';
import { startApiServer, startBareServer, type RunningServer } from './http/processes';
import { THROUGHPUT_SCENARIO, buildScenarios } from './http/scenarios';
import { sealer, seedCatalogue, seedStock, seededIds, type Volumes } from './http/seed';
import { signIn } from './http/sign-in';

const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const VOLUMES: Volumes = {
  suppliers: QUICK ? 40 : 200,
  products: num('BENCH_PRODUCTS', QUICK ? 2_000 : 20_000),
  stockItems: num('BENCH_ITEMS', QUICK ? 50_000 : 1_000_000),
};
const CONNECTIONS = num('BENCH_CONNECTIONS', 4);
const SECONDS = num('BENCH_SECONDS', QUICK ? 0.6 : 3);
const ROUNDS = num('BENCH_ROUNDS', QUICK ? 1 : 2);
const EXPORT_SECONDS = num('BENCH_EXPORT_SECONDS', QUICK ? 15 : 60);
const THROUGHPUT_CONNECTIONS = 32;
const THROUGHPUT_SECONDS = num('BENCH_THROUGHPUT_SECONDS', QUICK ? 1 : 3);
const THROUGHPUT_ROUNDS = num('BENCH_THROUGHPUT_ROUNDS', QUICK ? 4 : 8);
const IMPORT_RUNS =
  process.env.BENCH_IMPORT_RUNS === '0' ? 0 : num('BENCH_IMPORT_RUNS', QUICK ? 2 : 3);
const IMPORT_ROWS = num('BENCH_IMPORT_ROWS', QUICK ? 20_000 : 100_000);
/** Orders seeded for the order list (scripts/bench/http/orders.ts). */
const ORDERS = num('BENCH_ORDERS', QUICK ? 100_000 : 1_000_000);
/** The server's pool (api/src/db/client.ts default) and the bare server's: the same. */
const POOL_SIZE = 10;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/** BENCH_ONLY matches a scenario (or the imports) by name or by area. */
const wanted = (scenario: { name: string; area: string }) =>
  !ONLY || ONLY.test(scenario.name) || ONLY.test(scenario.area);
const ADMIN_EMAIL = 'bench-admin@esim.test';
const CLIENT_ID = 'esim-console-local';

const fmt = (value: number, width = 8, digits = 1) =>
  (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);

interface ListFigures {
  name: string;
  area: string;
  statements: number;
  http: { p50: number; p95: number; rps: number; n: number };
  sql: { p50: number; p95: number; rps: number; n: number };
  ratioP95: number;
  ratioRps: number;
  met: boolean;
}

interface ExportFigures {
  name: string;
  http: { ms: number; rows: number; bytes: number; complete: boolean };
  sql: { ms: number; rows: number; complete: boolean };
  statements: number;
}

function summarize(samples: Samples) {
  return {
    p50: percentile(samples.times, 50),
    p95: percentile(samples.times, 95),
    rps: samples.times.length / samples.seconds,
    n: samples.times.length,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const database = await createDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-http-'));
  const servers: RunningServer[] = [];
  const clients: Client[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const server of servers) await server.stop();
    for (const client of clients) await client.end().catch(() => undefined);
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().finally(() => process.exit(143)));

  try {
    const secretKey = randomBytes(32).toString('hex');
    const outboxDir = path.join(tmp, 'outbox');
    const serverEnv = {
      DATABASE_URL: database.url,
      DATA_DIR: tmp,
      OUTBOX_DIR: outboxDir,
      HOST_DIST_DIR: path.join(tmp, 'no-host-build'),
      SECRET_KEY: secretKey,
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      RATE_LIMIT_MAX: '100000000',
      // The server's default (a line per request and its answer), as deployed.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    };
    console.info(
      `Volumes: ${VOLUMES.products.toLocaleString()} products, ${VOLUMES.stockItems.toLocaleString()} stock items, ${ORDERS.toLocaleString()} orders` +
        `${QUICK ? ' (quick mode)' : ''}; ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s rounds per side`,
    );
    const server = await startApiServer(serverEnv, path.join(tmp, 'server.log'));
    servers.push(server);
    console.info(`server: api/dist/server.mjs (pid ${server.pid}) at ${server.url}`);

    const bare = new pg.Client({ connectionString: database.url });
    bare.on('error', () => undefined);
    await bare.connect();
    clients.push(bare);
    console.info('Seeding (set-based SQL):');
    const seedStart = performance.now();
    await seedCatalogue(bare, VOLUMES);
    await seedStock(bare, VOLUMES, secretKey, database.url);
    // Only when an order scenario runs: a million orders take a minute or two to load.
    const withOrders = wanted({ name: 'order list', area: 'orders' });
    const orderIds = withOrders ? await seedOrders(bare, ORDERS) : null;
    console.info(
      `  ${'total'.padEnd(48)} ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const ids = await seededIds(bare);

    const token = await signIn({
      baseUrl: server.url,
      email: ADMIN_EMAIL,
      clientId: CLIENT_ID,
      outboxDir,
    });
    console.info('signed in through /identity with the e-mailed one-time password');

    const scenarios = [
      ...(await buildScenarios(bare, ids, VOLUMES)),
      ...(orderIds ? orderScenarios(orderIds, ORDERS) : []),
    ].filter(wanted);

    // ---------------------------------------------------------------- the SQL of each page
    const proxy = await startCaptureProxy(database.url);
    const capture = await startApiServer(
      {
        ...serverEnv,
        DATABASE_URL: proxy.url,
        // Tokens name their issuer: the capture server must be the same console.
        PUBLIC_URL: server.url,
        LOG_LEVEL: 'warn',
      },
      path.join(tmp, 'capture-server.log'),
    );
    const statements = new Map<string, Statement[]>();
    for (const scenario of scenarios) {
      proxy.start();
      if (scenario.kind === 'list') await httpOnce(capture.url, token, scenario.request);
      else await httpExport(capture.url, token, scenario.path, EXPORT_SECONDS);
      statements.set(scenario.name, proxy.stop());
    }
    await capture.stop();
    await proxy.close();

    for (let i = 0; i < Math.max(CONNECTIONS, 1); i += 1) {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
    }
    const loadClients = clients.slice(1);

    // ---------------------------------------------------------------- lists and searches
    const lists: ListFigures[] = [];
    const header =
      `${'list / search'.padEnd(54)} ${'http p50'.padStart(8)} ${'http p95'.padStart(8)} ${'req/s'.padStart(7)}` +
      ` ${'sql p50'.padStart(8)} ${'sql p95'.padStart(8)} ${'pages/s'.padStart(7)} ${'p95 x'.padStart(6)} ${'stmts'.padStart(5)}  target`;
    const first = scenarios.find((scenario) => scenario.kind === 'list');
    if (first?.kind === 'list') {
      console.info(
        `\nTimes in ms; ${CONNECTIONS} concurrent connections on both sides. http = the built server over HTTP` +
          ' (auth, validation, service, JSON);\nsql = the same statements replayed on plain connections,' +
          ' one after another per page. p95 x = http p95 / sql p95. Target: p95 < 50 ms and p95 x <= 2.\n',
      );
      console.info(header);
      console.info('-'.repeat(header.length));
      // Warm the server up (JIT, pools, caches) before the first figure.
      await httpLoad(`${server.url}${first.request.path}`, token, first.request, {
        connections: CONNECTIONS,
        seconds: 2,
      });
    }
    for (const scenario of scenarios) {
      if (scenario.kind !== 'list') continue;
      const page = statements.get(scenario.name) ?? [];
      const url = `${server.url}${scenario.request.path}`;
      for (let i = 0; i < 2; i += 1) {
        await httpOnce(server.url, token, scenario.request);
        await replay(bare, page);
      }
      const httpParts: Samples[] = [];
      const sqlParts: Samples[] = [];
      const load = { connections: CONNECTIONS, seconds: SECONDS };
      for (let round = 0; round < ROUNDS; round += 1) {
        // Alternate which side goes first, so neither always runs on a warmer cache.
        if (round % 2 === 0) {
          httpParts.push(await httpLoad(url, token, scenario.request, load));
          sqlParts.push(await sqlLoad(loadClients, page, load));
        } else {
          sqlParts.push(await sqlLoad(loadClients, page, load));
          httpParts.push(await httpLoad(url, token, scenario.request, load));
        }
      }
      if (httpParts.every((part) => part.times.length === 0)) {
        // Slower than a round: every connection's first answer never came in time.
        httpParts.push(
          await httpLoad(url, token, scenario.request, { ...load, amount: CONNECTIONS * 2 }),
        );
      }
      const http = summarize(mergeSamples(httpParts));
      const sql = summarize(mergeSamples(sqlParts));
      const figures: ListFigures = {
        name: scenario.name,
        area: scenario.area,
        statements: page.length,
        http,
        sql,
        ratioP95: http.p95 / sql.p95,
        ratioRps: http.rps / sql.rps,
        met: http.p95 < 50 && http.p95 / sql.p95 <= 2,
      };
      lists.push(figures);
      console.info(
        `${scenario.name.padEnd(54)} ${fmt(http.p50)} ${fmt(http.p95)} ${fmt(http.rps, 7, 0)}` +
          ` ${fmt(sql.p50)} ${fmt(sql.p95)} ${fmt(sql.rps, 7, 0)} ${fmt(figures.ratioP95, 6, 2)} ${String(page.length).padStart(5)}  ${figures.met ? 'ok' : 'MISSED'}`,
      );
    }

    // ---------------------------------------------------------------- exports
    const exports: ExportFigures[] = [];
    if (scenarios.some((scenario) => scenario.kind === 'export')) {
      const exportHeader = `${'export'.padEnd(34)} ${'http s'.padStart(7)} ${'rows'.padStart(9)} ${'rows/s'.padStart(8)} ${'MB'.padStart(6)} ${'sql s'.padStart(7)} ${'rows'.padStart(9)} ${'rows/s'.padStart(8)} ${'time x'.padStart(6)} ${'stmts'.padStart(5)}`;
      console.info(
        `\nExports, one at a time, cut off after ${EXPORT_SECONDS} s ('+' = cut off). sql = the export's statements replayed in order.\n`,
      );
      console.info(exportHeader);
      console.info('-'.repeat(exportHeader.length));
      for (const scenario of scenarios) {
        if (scenario.kind !== 'export') continue;
        const page = statements.get(scenario.name) ?? [];
        const http = await httpExport(server.url, token, scenario.path, EXPORT_SECONDS);
        const sql = await sqlExport(bare, page, EXPORT_SECONDS);
        exports.push({ name: scenario.name, http, sql, statements: page.length });
        const rate = (rows: number, ms: number) => (rows / ms) * 1000;
        console.info(
          `${scenario.name.padEnd(34)} ${fmt(http.ms / 1000, 6)}${http.complete ? ' ' : '+'} ${String(http.rows).padStart(9)} ${fmt(rate(http.rows, http.ms), 8, 0)} ${fmt(http.bytes / 1e6, 6)}` +
            ` ${fmt(sql.ms / 1000, 6)}${sql.complete ? ' ' : '+'} ${String(sql.rows).padStart(9)} ${fmt(rate(sql.rows, sql.ms), 8, 0)} ${fmt(http.ms / sql.ms, 6, 2)} ${String(page.length).padStart(5)}`,
        );
      }
    }

    // ---------------------------------------------------------------- throughput vs bare server
    let throughput: Record<string, unknown> | null = null;
    const stockPage = scenarios.find((scenario) => scenario.name === THROUGHPUT_SCENARIO);
    if (stockPage && stockPage.kind === 'list') {
      const page = statements.get(stockPage.name) ?? [];
      // The page's heaviest statement: the highest median of 40 rounds, the statements taken in
      // turn in each round (so a busy moment of the machine weighs on all of them alike).
      const runs = page.map(() => [] as number[]);
      for (let round = 0; round < 40; round += 1) {
        for (const [index, statement] of page.entries()) {
          const t0 = performance.now();
          await bare.query({ text: statement.text, values: statement.values });
          runs[index]!.push(performance.now() - t0);
        }
      }
      const medians = runs.map((times) => percentile(times, 50));
      const heaviestIndex = medians.indexOf(Math.max(...medians));
      const heaviest = page[heaviestIndex];
      const heaviestMs = medians[heaviestIndex] ?? 0;
      if (heaviest) {
        const baseline = await startBareServer({
          databaseUrl: database.url,
          statements: page,
          heaviest: heaviestIndex,
          poolSize: POOL_SIZE,
        });
        servers.push(baseline);
        const load = { connections: THROUGHPUT_CONNECTIONS, seconds: THROUGHPUT_SECONDS };
        const sides = [
          {
            label: 'console API',
            url: `${server.url}${stockPage.request.path}`,
            token,
            request: stockPage.request,
          },
          {
            label: 'bare, heaviest statement',
            url: `${baseline.url}/page`,
            token: null,
            request: { method: 'GET' as const, path: '/page' },
          },
          {
            label: 'bare, all its statements',
            url: `${baseline.url}/all`,
            token: null,
            request: { method: 'GET' as const, path: '/all' },
          },
        ];
        for (const side of sides) {
          await httpLoad(side.url, side.token, side.request, { connections: 8, seconds: 1 });
        }
        const parts = sides.map(() => [] as Samples[]);
        for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
          // A different side first in each round: none always runs on a warmer (or busier) moment.
          for (let k = 0; k < sides.length; k += 1) {
            const index = (round + k) % sides.length;
            const side = sides[index]!;
            parts[index]!.push(await httpLoad(side.url, side.token, side.request, load));
          }
        }
        await baseline.stop();
        const [app, base, all] = parts.map((samples) => summarize(mergeSamples(samples))) as [
          ReturnType<typeof summarize>,
          ReturnType<typeof summarize>,
          ReturnType<typeof summarize>,
        ];
        const ratio = app.rps / base.rps;
        throughput = { scenario: stockPage.name, app, bare: base, bareAll: all, ratio, heaviestMs };
        console.info(
          `\nThroughput at ${THROUGHPUT_CONNECTIONS} connections, ${THROUGHPUT_ROUNDS} x ${THROUGHPUT_SECONDS} s each, interleaved: "${stockPage.name}"` +
            ` (${page.length} statement${page.length === 1 ? '' : 's'}) vs a bare Fastify + node-postgres server (pool of ${POOL_SIZE}, like the console's)` +
            ` running its heaviest statement (${heaviestMs.toFixed(1)} ms alone), or all of its statements.`,
        );
        console.info(`  heaviest: ${heaviest.text.replace(/\s+/g, ' ').trim().slice(0, 110)}...`);
        for (const [index, side] of sides.entries()) {
          const figures = [app, base, all][index]!;
          console.info(
            `  ${side.label.padEnd(26)} ${fmt(figures.rps, 7, 0)} req/s (p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms)`,
          );
        }
        console.info(
          `  ratio to the heaviest statement ${fmt(ratio, 6, 2)}x   target >= 0.60: ${ratio >= 0.6 ? 'ok' : 'MISSED'}`,
        );
        console.info(`  ratio to all its statements    ${fmt(app.rps / all.rps, 6, 2)}x`);
      }
    }

    // ---------------------------------------------------------------- imports (they add stock: last)
    let imports: ImportFigures | null = null;
    if (IMPORT_RUNS > 0 && wanted(IMPORT_SCENARIO)) {
      imports = await runImports({
        baseUrl: server.url,
        token,
        client: bare,
        productId: ids.mediumProductId,
        runs: IMPORT_RUNS,
        rows: IMPORT_ROWS,
        seal: sealer(secretKey),
        actor: ADMIN_EMAIL,
      });
    }

    const missed = lists.filter((figures) => !figures.met);
    const load = os.loadavg()[0] ?? 0;
    console.info(
      `\n${lists.length > 0 ? `${lists.length - missed.length} of ${lists.length} lists within target. ` : ''}` +
        `Load average ${load.toFixed(2)} on ${os.cpus().length} CPUs` +
        `${load > os.cpus().length ? ' (busy machine: times include waiting for a CPU; compare the ratios)' : ''}.` +
        ` Whole run ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    if (process.env.BENCH_JSON) {
      fs.writeFileSync(
        process.env.BENCH_JSON,
        JSON.stringify(
          { volumes: VOLUMES, connections: CONNECTIONS, lists, exports, throughput, imports },
          null,
          2,
        ),
      );
    }
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
