/**
 * Purchases per second (issue 15, docs/performance.md "Orders: purchase"): 40 concurrent buyers
 * placing orders over HTTP against one stock product with plenty of items, next to the bare SQL
 * allocation (the purchase's FOR UPDATE SKIP LOCKED + UPDATE, one autocommit statement per item)
 * from 40 plain connections against another product, in interleaved rounds of the same run.
 *
 *   pnpm --filter @esim/api exec tsx ../scripts/bench/orders-purchase.ts
 *
 * 1. A throwaway database on the real PostgreSQL (BENCH_PG_ADMIN_URL), dropped at the end.
 * 2. The API server from source (node --import tsx api/src/server.ts: the code the build
 *    bundles) as its own process on 127.0.0.1; it migrates and seeds at start.
 * 3. A catalogue and stock as pnpm bench loads them (http/seed.ts; 2,000 products, 200,000
 *    items), a partner at a tariff code with a branch, and two bench products of
 *    BENCH_PURCHASE_ITEMS on-hand items each (default 20,000): one bought over HTTP, one taken
 *    by the bare SQL.
 * 4. Sign-in with the e-mailed one-time password (http/sign-in.ts), as a person does.
 * 5. BENCH_ROUNDS (3) rounds of BENCH_SECONDS (4) per side, the side going first alternating.
 *    Each purchase: one line, quantity 1, a new Idempotency-Key.
 * 6. Figures: purchases/s, p50/p95, the ratio to the bare SQL, and the oversold check (stock
 *    items in two live order items: must be 0; assigned items = purchases). Target: 200/s.
 * Knobs: BENCH_BUYERS (40), BENCH_SECONDS, BENCH_ROUNDS, BENCH_PURCHASE_ITEMS,
 * BENCH_LOG_LEVEL (the server's, default info), BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof),
 * BENCH_DASHBOARD=off (the dashboard's aggregate triggers disabled: what they cost a purchase).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { RunningServer } from './http/processes';
import { sealer, seedCatalogue, seedStock } from './http/seed';
import { signIn } from './http/sign-in';
import { createDatabase, percentile, pg } from './lib';
import { startSourceServer } from './http/source-server';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const BUYERS = num('BENCH_BUYERS', 40);
const SECONDS = num('BENCH_SECONDS', 4);
const ROUNDS = num('BENCH_ROUNDS', 3);
const ITEMS = num('BENCH_PURCHASE_ITEMS', 20_000);
const TARGET_PER_SECOND = 200;
const ADMIN_EMAIL = 'bench-admin@esim.test';
const CLIENT_ID = 'esim-console-local';

/** The purchase's allocation statement (api/src/areas/orders/allocation.ts), for one item. */
const BARE_ALLOCATION = `
  WITH picked AS (
    SELECT id FROM stock_items
    WHERE product_id = $1 AND status = 'on_hand' AND active_expire_date >= $2::date
    ORDER BY active_expire_date, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE stock_items s SET status = 'assigned', version = s.version + 1, updated_at = now(),
    updated_by = 'bench'
  FROM picked WHERE s.id = picked.id
  RETURNING s.id`;

interface Samples {
  times: number[];
  refused: number;
  failed: number;
  seconds: number;
}

const fmt = (value: number, width = 8, digits = 1) =>
  (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);

interface BenchWorld {
  partnerId: string;
  httpProductId: string;
  bareProductId: string;
  today: string;
}

/** A partner at a tariff code, with a branch, and two JPY stock products of ITEMS items each. */
async function seedPurchases(client: Client, secretKeyHex: string): Promise<BenchWorld> {
  const one = async <T>(text: string, values: unknown[] = []): Promise<T> => {
    const row = (await client.query(text, values)).rows[0] as T | undefined;
    if (!row) throw new Error(`no row: ${text}`);
    return row;
  };
  const { id: supplierId } = await one<{ id: string }>(
    `INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by, updated_by)
     VALUES ('Bench purchase supplier', 'JPY', 'JPY', 'stock', 'bench', 'bench') RETURNING id`,
  );
  const product = (code: string) =>
    one<{ id: string }>(
      `INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
         duration_days, coverage, type, network, created_by, updated_by)
       VALUES ($1, $2, $2, 1000, 'JPY', 30, ARRAY['JP'], 'package', 'local', 'bench', 'bench')
       RETURNING id`,
      [supplierId, code],
    );
  const httpProduct = await product('BENCH-PURCHASE-HTTP');
  const bareProduct = await product('BENCH-PURCHASE-SQL');
  const { id: codeId } = await one<{ id: string }>(
    `SELECT id FROM tariff_codes WHERE tariff_code LIKE 'BENCH-%' ORDER BY tariff_code LIMIT 1`,
  );
  const { id: partnerId } = await one<{ id: string }>(
    `INSERT INTO partners (name, code, target, tariff_code_id, created_by, updated_by)
     VALUES ('Bench Partner KK', 'BENCHPARTNER', 'corporate_customer', $1, 'bench', 'bench')
     RETURNING id`,
    [codeId],
  );
  await client.query(
    `INSERT INTO branches (name, code, target, main_partner, tax_name, tax_rate, partner_id,
       created_by, updated_by)
     VALUES ('Bench branch', 'BENCH-BR', 'resale_partner', true, 'JCT', 10, $1, 'bench', 'bench')`,
    [partnerId],
  );
  const seal = sealer(secretKeyHex);
  const codes = Array.from({ length: 256 }, (_, n) =>
    seal(`LPA:1$rsp.bench-purchase.example$${randomBytes(12).toString('hex').toUpperCase()}-${n}`),
  );
  let serial = 0;
  for (const productId of [httpProduct.id, bareProduct.id]) {
    serial += 1;
    await client.query(
      `INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
         smdp_address, active_expire_date, import_id, import_file_name, created_by, updated_by)
       SELECT $1, '89819' || $2::text || lpad(g::text, 13, '0'), ($3::text[])[1 + g % 256],
         'LPA:1$rsp.bench-purchase.example$••••' || lpad((g % 10000)::text, 4, '0'),
         'rsp.bench-purchase.example', current_date + 30 + g % 300, $4::uuid, 'bench.csv',
         'bench', 'bench'
       FROM generate_series(1, $5::int) g`,
      [productId, serial, codes, randomUUID(), ITEMS],
    );
  }
  await client.query('VACUUM ANALYZE stock_items');
  const { today } = await one<{ today: string }>(
    `SELECT to_char(now() AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS today`,
  );
  return { partnerId, httpProductId: httpProduct.id, bareProductId: bareProduct.id, today };
}

/** BUYERS loops placing one-item orders over HTTP for `seconds`. */
async function httpRound(
  baseUrl: string,
  token: string,
  world: BenchWorld,
  seconds: number,
): Promise<Samples> {
  const samples: Samples = { times: [], refused: 0, failed: 0, seconds };
  const body = JSON.stringify({
    partnerId: world.partnerId,
    lines: [{ productId: world.httpProductId, quantity: 1 }],
    customerName: 'Bench Customer',
  });
  const started = performance.now();
  const end = started + seconds * 1000;
  const buyer = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/mng/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body,
      });
      await res.arrayBuffer();
      if (res.status === 201) samples.times.push(performance.now() - t0);
      else if (res.status === 422) samples.refused += 1;
      else samples.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  samples.seconds = (performance.now() - started) / 1000;
  return samples;
}

/** BUYERS connections running the bare allocation for `seconds`. */
async function sqlRound(clients: Client[], world: BenchWorld, seconds: number): Promise<Samples> {
  const samples: Samples = { times: [], refused: 0, failed: 0, seconds };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const result = await client.query(BARE_ALLOCATION, [world.bareProductId, world.today]);
        if (result.rowCount === 1) samples.times.push(performance.now() - t0);
        else samples.refused += 1;
      }
    }),
  );
  samples.seconds = (performance.now() - started) / 1000;
  return samples;
}

/**
 * What the database sessions of the bench database are doing, sampled every 50 ms while `work`
 * runs (BENCH_WAITS=1): state, wait event and the statement's first words, counted.
 */
async function sampleWaits<T>(client: Client, work: Promise<T>): Promise<T> {
  const counts = new Map<string, number>();
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const rows = (
        await client.query<{ what: string }>(
          `SELECT state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' ' ||
             left(regexp_replace(query, '\\s+', ' ', 'g'), 40) AS what
           FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
        )
      ).rows;
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return await work;
  } finally {
    done = true;
    await sampler;
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    console.info('  database sessions (share of samples):');
    for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.info(`    ${((n / total) * 100).toFixed(1).padStart(5)} %  ${what}`);
    }
  }
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total CPU time of the whole machine so far (ticks, /proc/stat); NaN elsewhere. */
function machineCpu(): { busy: number; total: number } {
  try {
    const ticks = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

function merge(parts: Samples[]): Samples {
  return {
    times: parts.flatMap((part) => part.times),
    refused: parts.reduce((sum, part) => sum + part.refused, 0),
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    seconds: parts.reduce((sum, part) => sum + part.seconds, 0),
  };
}

function line(label: string, samples: Samples): { rate: number; p95: number } {
  const rate = samples.times.length / samples.seconds;
  const p95 = percentile(samples.times, 95);
  console.info(
    `${label.padEnd(30)} ${String(samples.times.length).padStart(7)} ${fmt(rate, 9)} ${fmt(percentile(samples.times, 50))} ${fmt(p95)}` +
      ` ${String(samples.refused).padStart(8)} ${String(samples.failed).padStart(7)}`,
  );
  return { rate, p95 };
}

async function main(): Promise<void> {
  const database = await createDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-purchase-'));
  const clients: Client[] = [];
  let server: RunningServer | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await server?.stop();
    for (const client of clients) await client.end().catch(() => undefined);
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().finally(() => process.exit(143)));
  try {
    const secretKey = randomBytes(32).toString('hex');
    const outboxDir = path.join(tmp, 'outbox');
    server = await startSourceServer(
      {
        DATABASE_URL: database.url,
        DATA_DIR: tmp,
        OUTBOX_DIR: outboxDir,
        HOST_DIST_DIR: path.join(tmp, 'no-host-build'),
        SECRET_KEY: secretKey,
        SEED_ADMIN_EMAIL: ADMIN_EMAIL,
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      },
      path.join(tmp, 'server.log'),
    );
    console.info(`server: api/src/server.ts via tsx (pid ${server.pid}) at ${server.url}`);

    const bare = new pg.Client({ connectionString: database.url });
    bare.on('error', () => undefined);
    await bare.connect();
    clients.push(bare);
    console.info('Seeding:');
    await seedCatalogue(bare, { suppliers: 40, products: 2_000, stockItems: 200_000 });
    await seedStock(
      bare,
      { suppliers: 40, products: 2_000, stockItems: 200_000 },
      secretKey,
      database.url,
    );
    const world = await seedPurchases(bare, secretKey);
    if (process.env.BENCH_DASHBOARD === 'off') {
      for (const table of ['orders', 'order_lines']) {
        const triggers = await bare.query<{ name: string }>(
          `SELECT tgname AS name FROM pg_trigger
           WHERE tgrelid = $1::regclass AND tgname LIKE 'dashboard\\_%'`,
          [table],
        );
        for (const { name } of triggers.rows) {
          await bare.query(`ALTER TABLE ${table} DISABLE TRIGGER ${name}`);
        }
      }
      console.info("  the dashboard's aggregate triggers disabled (BENCH_DASHBOARD=off)");
    }
    console.info(`  two bench products with ${ITEMS.toLocaleString()} on-hand items each`);

    const token = await signIn({
      baseUrl: server.url,
      email: ADMIN_EMAIL,
      clientId: CLIENT_ID,
      outboxDir,
    });
    const load: Client[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => undefined);
      await client.connect();
      load.push(client);
      clients.push(client);
    }

    // Warm up (JIT, pools, session cache) on both sides; not counted.
    await httpRound(server.url, token, world, 2);
    await sqlRound(load, world, 1);

    const httpParts: Samples[] = [];
    const sqlParts: Samples[] = [];
    // CPU of the API process, of its database sessions (all but the bench's own) and of the
    // whole machine during the HTTP rounds.
    const own = new Set(
      (
        await Promise.all(clients.map((client) => client.query('SELECT pg_backend_pid() AS pid')))
      ).map((result) => Number(result.rows[0]?.pid)),
    );
    const backendCpu = async () => {
      const pids = (
        await bare.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
        )
      ).rows
        .map((row) => Number(row.pid))
        .filter((pid) => !own.has(pid));
      return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
    };
    let serverCpu = 0;
    let databaseCpu = 0;
    let machineBusy = 0;
    let machineTotal = 0;
    const timedHttp = async () => {
      const before = cpuMs(server!.pid);
      const backendsBefore = await backendCpu();
      const machineBefore = machineCpu();
      const round = httpRound(server!.url, token, world, SECONDS);
      httpParts.push(
        process.env.BENCH_WAITS === '1' ? await sampleWaits(bare, round) : await round,
      );
      serverCpu += cpuMs(server!.pid) - before;
      const machineAfter = machineCpu();
      machineBusy += machineAfter.busy - machineBefore.busy;
      machineTotal += machineAfter.total - machineBefore.total;
      for (const [pid, after] of await backendCpu()) {
        databaseCpu += after - (backendsBefore.get(pid) ?? 0);
      }
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        await timedHttp();
        sqlParts.push(await sqlRound(load, world, SECONDS));
      } else {
        sqlParts.push(await sqlRound(load, world, SECONDS));
        await timedHttp();
      }
    }
    const [loadAverage] = os.loadavg();
    console.info(
      `\n${BUYERS} concurrent buyers, ${ROUNDS} x ${SECONDS} s per side (load average ${loadAverage?.toFixed(2)}); times in ms.\n`,
    );
    const header = `${'side'.padEnd(30)} ${'done'.padStart(7)} ${'per s'.padStart(9)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'refused'.padStart(8)} ${'failed'.padStart(7)}`;
    console.info(header);
    console.info('-'.repeat(header.length));
    const http = line('purchase over HTTP', merge(httpParts));
    const sql = line('bare SQL allocation', merge(sqlParts));
    const purchases = merge(httpParts).times.length;
    const perPurchase = (ms: number) => (ms / Math.max(1, purchases)).toFixed(2);
    console.info(
      `\nCPU per purchase: API process ${perPurchase(serverCpu)} ms, its database sessions ` +
        `${perPurchase(databaseCpu)} ms; the machine was ${((machineBusy / machineTotal) * 100).toFixed(0)} % busy ` +
        `during the HTTP rounds (everything on it, the load generator and other work included)`,
    );

    const check = (
      await bare.query<{ twice: number; assigned: number; items: number }>(
        `SELECT
           (SELECT count(*) FROM (SELECT stock_item_id FROM order_items
              WHERE stock_item_id IS NOT NULL GROUP BY stock_item_id HAVING count(*) > 1) d)::int AS twice,
           (SELECT count(*) FROM stock_items WHERE product_id = $1 AND status = 'assigned')::int AS assigned,
           (SELECT count(*) FROM order_items oi JOIN stock_items si ON si.id = oi.stock_item_id
              WHERE si.product_id = $1)::int AS items`,
        [world.httpProductId],
      )
    ).rows[0]!;
    console.info(
      `\nratio HTTP / bare SQL: ${(http.rate / sql.rate).toFixed(2)} (purchases/s), p95 ${(http.p95 / sql.p95).toFixed(1)}x`,
    );
    console.info(
      `oversold: ${check.twice} stock items in two order items; ${check.assigned} items assigned, ` +
        `${check.items} order items (warm-up included), ${purchases} timed purchases`,
    );
    console.info(
      `target >= ${TARGET_PER_SECOND} purchases/s: ${http.rate >= TARGET_PER_SECOND ? 'met' : 'MISSED'}; ` +
        `oversold = 0: ${check.twice === 0 && check.assigned === check.items ? 'met' : 'MISSED'}`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
