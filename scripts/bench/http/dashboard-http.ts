/**
 * The dashboard's widgets at 1,000,000 orders (issue 18, docs/performance.md "Dashboard",
 * docs/dashboard.md): each widget over HTTP next to the bare SQL of the same call, for the
 * reseller's staff and for a partner admin, at 1 and 4 concurrent clients. Not a test; prints
 * figures. Target: p95 under 100 ms for every widget.
 *
 *   cd api && pnpm exec tsx ../scripts/bench/http/dashboard-http.ts
 *
 * 1. A throwaway database on the real PostgreSQL (BENCH_PG_ADMIN_URL), dropped at the end.
 * 2. The API server from source (node --import tsx api/src/server.ts: the code the build
 *    bundles) as its own process on 127.0.0.1; it migrates and seeds at start.
 * 3. BENCH_ORDERS (1,000,000) orders with lines over 3 years, 50 partners, 300 plans, 60
 *    countries (http/dashboard-seed.ts); the aggregates backfilled as the migration does (timed),
 *    the newest 1,000 orders written with the triggers on.
 * 4. Sign-in with the e-mailed one-time password (http/sign-in.ts) as the administrator and as
 *    the admin of the biggest partner (10 % of the orders).
 * 5. The SQL of each call, found by a second server behind a capturing proxy (http/pg-capture.ts):
 *    for the partner admin that is its transaction (BEGIN, the partner setting and role, the
 *    query, COMMIT), replayed as it is on plain connections.
 * 6. Per call, role and concurrency: BENCH_ROUNDS (2) rounds of BENCH_SECONDS (2) s per side,
 *    interleaved (HTTP with autocannon, then the bare SQL, alternating which goes first);
 *    p50 / p95 of each side, p95 ratio, and the server's CPU per request.
 * Knobs: BENCH_ORDERS, BENCH_SECONDS, BENCH_ROUNDS, BENCH_ONLY (regex on the call's name),
 * BENCH_LOG_LEVEL (the server's, default info), BENCH_SERVER_NODE_ARGS.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import { createDatabase, percentile, pg } from '../lib';
import { seedDashboard } from './dashboard-seed';
import { httpLoad, httpOnce, mergeSamples, replay, sqlLoad, type Samples } from './load';
import { startCaptureProxy, type Statement } from './pg-capture';
import { processTreeCpuMs } from './process-cpu';
import type { RunningServer } from './processes';
import { signIn } from './sign-in';
import { startSourceServer } from './source-server';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const ORDERS = num('BENCH_ORDERS', 1_000_000);
const SECONDS = num('BENCH_SECONDS', 2);
const ROUNDS = num('BENCH_ROUNDS', 2);
const CONCURRENCY = [1, 4];
const P95_TARGET_MS = 100;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const ADMIN_EMAIL = 'bench-admin@esim.test';
const PARTNER_EMAIL = 'bench-partner-admin@esim.test';
const CLIENT_ID = 'esim-console-local';
/** The API's DASHBOARD_MAX_PERIOD_DAYS. */
const MAX_PERIOD_DAYS = 366 * 3;

const fmt = (value: number, width = 8, digits = 1) =>
  (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Call {
  name: string;
  path: string;
}

/** yyyy-MM-dd in Tokyo, `days` from today. */
function tokyoDay(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function calls(): Call[] {
  const today = tokyoDay(0);
  const year = `from=${tokyoDay(-364)}&to=${today}`;
  const longest = `from=${tokyoDay(-(MAX_PERIOD_DAYS - 1))}&to=${today}`;
  const d = '/api/mng/dashboard';
  const all: Call[] = [
    { name: 'exchange-rate', path: `${d}/exchange-rate` },
    { name: 'recent-purchased (10)', path: `${d}/recent-purchased?limit=10` },
    { name: 'sales-and-revenue, 30 days by day', path: `${d}/sales-and-revenue` },
    {
      name: 'sales-and-revenue, 12 months by month',
      path: `${d}/sales-and-revenue?${year}&granularity=month`,
    },
    {
      name: 'sales-and-revenue, 3 years by week',
      path: `${d}/sales-and-revenue?${longest}&granularity=week`,
    },
    { name: 'user-by-country, 30 days', path: `${d}/user-by-country` },
    { name: 'user-by-country, 3 years', path: `${d}/user-by-country?${longest}` },
    { name: 'ratio-by-package-plan, 30 days', path: `${d}/ratio-by-package-plan` },
    { name: 'ratio-by-package-plan, 12 months', path: `${d}/ratio-by-package-plan?${year}` },
    { name: 'ratio-by-package-plan, 3 years', path: `${d}/ratio-by-package-plan?${longest}` },
  ];
  return all.filter((call) => !ONLY || ONLY.test(call.name));
}

interface Figure {
  role: string;
  call: string;
  connections: number;
  http: { p50: number; p95: number; n: number };
  sql: { p50: number; p95: number; n: number };
  cpuMs: number;
}

function summarize(samples: Samples) {
  return {
    p50: percentile(samples.times, 50),
    p95: percentile(samples.times, 95),
    n: samples.times.length,
  };
}

async function main(): Promise<void> {
  const database = await createDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-dashboard-'));
  const clients: Client[] = [];
  const servers: RunningServer[] = [];
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
    console.info(`cores ${os.availableParallelism()}, load average ${loadAverage()}`);
    const outboxDir = path.join(tmp, 'outbox');
    const serverEnv = {
      DATABASE_URL: database.url,
      DATA_DIR: tmp,
      OUTBOX_DIR: outboxDir,
      HOST_DIST_DIR: path.join(tmp, 'no-host-build'),
      SECRET_KEY: randomBytes(32).toString('hex'),
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    };
    const server = await startSourceServer(serverEnv, path.join(tmp, 'server.log'));
    servers.push(server);
    console.info(`server: api/src/server.ts via tsx (pid ${server.pid}) at ${server.url}`);

    const bare = new pg.Client({ connectionString: database.url });
    bare.on('error', () => undefined);
    await bare.connect();
    clients.push(bare);
    console.info(`Seeding ${ORDERS.toLocaleString()} orders:`);
    const seed = await seedDashboard(bare, ORDERS);
    console.info(
      `  aggregate rows: sales ${seed.aggregateRows.sales.toLocaleString()}, eSIMs ` +
        `${seed.aggregateRows.esims.toLocaleString()} (backfill ${seed.backfillSeconds.toFixed(1)} s)`,
    );
    await bare.query(
      `INSERT INTO users (email, role_id, status, partner_id)
       VALUES ($1, 'administrators_partner', 'active', $2)`,
      [PARTNER_EMAIL, seed.bigPartnerId],
    );
    const tokens: [string, string][] = [];
    for (const [role, email] of [
      ['staff', ADMIN_EMAIL],
      ['partner admin', PARTNER_EMAIL],
    ] as const) {
      tokens.push([
        role,
        await signIn({ baseUrl: server.url, email, clientId: CLIENT_ID, outboxDir }),
      ]);
    }

    // ---------------------------------------------------------------- the SQL of each call
    const proxy = await startCaptureProxy(database.url);
    const capture = await startSourceServer(
      { ...serverEnv, DATABASE_URL: proxy.url, PUBLIC_URL: server.url, LOG_LEVEL: 'warn' },
      path.join(tmp, 'capture-server.log'),
    );
    servers.push(capture);
    const statements = new Map<string, Statement[]>();
    for (const [role, token] of tokens) {
      for (const call of calls()) {
        // Once untimed: the capture server's first call of a kind may run set-up statements.
        await httpOnce(capture.url, token, { method: 'GET', path: call.path });
        proxy.start();
        await httpOnce(capture.url, token, { method: 'GET', path: call.path });
        statements.set(`${role} ${call.name}`, proxy.stop());
      }
    }
    await capture.stop();
    await proxy.close();

    const load: Client[] = [];
    for (let i = 0; i < Math.max(...CONCURRENCY); i += 1) {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
      load.push(client);
    }

    console.info(
      `\nTimes in ms; ${ROUNDS} x ${SECONDS} s rounds per side, interleaved. http = the server over` +
        ' HTTP (auth, validation, scope, query, JSON); sql = the same statements replayed on plain\n' +
        'connections; p95 x = http p95 / sql p95; cpu = the API process per request.' +
        ` Target: http p95 < ${P95_TARGET_MS} ms.\n`,
    );
    const header =
      `${'role'.padEnd(14)}${'call'.padEnd(40)}${'conc'.padStart(4)} ${'http p50'.padStart(8)} ${'http p95'.padStart(8)}` +
      ` ${'sql p50'.padStart(8)} ${'sql p95'.padStart(8)} ${'p95 x'.padStart(6)} ${'cpu'.padStart(6)} ${'stmts'.padStart(5)}  target`;
    console.info(header);
    console.info('-'.repeat(header.length));
    const figures: Figure[] = [];
    for (const [role, token] of tokens) {
      for (const call of calls()) {
        const page = statements.get(`${role} ${call.name}`) ?? [];
        const request = { method: 'GET' as const, path: call.path };
        for (let i = 0; i < 3; i += 1) {
          await httpOnce(server.url, token, request);
          await replay(bare, page);
        }
        for (const connections of CONCURRENCY) {
          const httpParts: Samples[] = [];
          const sqlParts: Samples[] = [];
          const options = { connections, seconds: SECONDS };
          let cpu = 0;
          const timedHttp = async () => {
            const before = processTreeCpuMs(server.pid).get('node') ?? 0;
            httpParts.push(await httpLoad(`${server.url}${call.path}`, token, request, options));
            cpu += (processTreeCpuMs(server.pid).get('node') ?? 0) - before;
          };
          for (let round = 0; round < ROUNDS; round += 1) {
            if (round % 2 === 0) {
              await timedHttp();
              sqlParts.push(await sqlLoad(load, page, options));
            } else {
              sqlParts.push(await sqlLoad(load, page, options));
              await timedHttp();
            }
          }
          const http = summarize(mergeSamples(httpParts));
          const sql = summarize(mergeSamples(sqlParts));
          const figure: Figure = {
            role,
            call: call.name,
            connections,
            http,
            sql,
            cpuMs: cpu / Math.max(1, http.n),
          };
          figures.push(figure);
          console.info(
            `${role.padEnd(14)}${call.name.padEnd(40)}${String(connections).padStart(4)} ${fmt(http.p50)} ${fmt(http.p95)}` +
              ` ${fmt(sql.p50)} ${fmt(sql.p95)} ${fmt(http.p95 / sql.p95, 6, 2)} ${fmt(figure.cpuMs, 6)} ${String(page.length).padStart(5)}` +
              `  ${http.p95 < P95_TARGET_MS ? 'ok' : 'MISSED'}`,
          );
        }
      }
    }
    const met = figures.filter((figure) => figure.http.p95 < P95_TARGET_MS).length;
    console.info(
      `\n${met} of ${figures.length} within target (http p95 < ${P95_TARGET_MS} ms); load average ${loadAverage()}`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
