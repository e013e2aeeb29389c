/**
 * The dashboard benchmark's data (scripts/bench/http/dashboard-http.ts, docs/performance.md
 * "Dashboard"), loaded with set-based SQL into a freshly migrated database:
 *
 * - 20 currencies with a rate for each of the last 3 years' days (the exchange-rate widget);
 * - 10 suppliers and PRODUCTS (300) products: 70 % local plans (one country each, over the 60
 *   countries), 30 % regional plans (5 neighbouring countries each);
 * - PARTNERS (50) partners: one holds 10 % of the orders, nine 3 % each, the rest share 63 %;
 * - ORDERS orders spread evenly over the last 3 years (about 900 a day), 1-3 eSIMs per line,
 *   a quarter with two lines (two local plans), popular plans sold more (the square of a uniform
 *   pick); an order of one regional plan names 1-2 of its countries as use countries; processing
 *   status 90 % success, 5 % failed, 3 % processing, 2 % pending. No order items: the dashboard
 *   reads orders and their lines only.
 *
 * All but the newest RECENT orders go in as a restore would (session_replication_role = replica:
 * no triggers or foreign-key checks, secondary indexes dropped and rebuilt), then the dashboard's
 * aggregates are rebuilt from them with dashboard_rebuild_aggregates() (the migration's backfill,
 * timed); the newest RECENT orders (the last day or so) then go in with the triggers on, in
 * statements of 100 orders, as purchases fill today's striped rows. Then VACUUM ANALYZE.
 */
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { withIndexesRebuilt } from './orders';

export const PARTNERS = 50;
export const PRODUCTS = 300;
const LOCAL_PRODUCTS = 210;
const COUNTRIES = 60;
const CURRENCIES = 20;
const YEARS = 3;
/** The newest orders, written with the triggers on. */
const RECENT = 1_000;
const RECENT_BATCH = 100;

export interface DashboardSeed {
  /** The partner with 10 % of the orders. */
  bigPartnerId: string;
  /** Seconds the backfill (dashboard_rebuild_aggregates) took. */
  backfillSeconds: number;
  /** Rows of the aggregates after the load. */
  aggregateRows: { sales: number; esims: number };
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  const seconds = (performance.now() - start) / 1000;
  console.info(`  ${label.padEnd(56)} ${seconds.toFixed(1)} s`);
  return [result, seconds];
}

/**
 * The orders g = first..last (g = 1 is the newest), each with its lines: one statement per table.
 * Everything about an order follows from g (its idempotency key is 'bench-' || g).
 */
async function insertOrders(
  client: Client,
  countries: string[],
  first: number,
  last: number,
  total: number,
) {
  const spacingSeconds = (YEARS * 365 * 86_400) / total;
  await client.query(
    `WITH pa AS (SELECT array_agg(id ORDER BY code) ids, array_agg(name ORDER BY code) names
                 FROM partners WHERE code LIKE 'DBP%'),
          co AS (SELECT $5::text[] AS codes)
     INSERT INTO orders (order_no, partner_id, partner_name, tariff_code, pricing_rule,
       customer_name, use_countries, purchase_price, sub_total, tax_total, total_amount,
       final_price, taxes, payment_status, processing_status, idempotency_key, request_hash,
       purchased_at, created_at, updated_at, created_by, updated_by)
     SELECT 'O' || to_char(at AT TIME ZONE 'Asia/Tokyo', 'YYMMDD') || '-' || lpad(g::text, 7, '0'),
       pa.ids[p], pa.names[p], 'BENCH', '{}'::jsonb, 'Customer ' || g,
       CASE WHEN two OR pick1 < $6 THEN '{}'::text[]
            WHEN g % 3 = 0 THEN ARRAY[co.codes[1 + (pick1 * 7) % $7], co.codes[1 + (pick1 * 7 + 1) % $7]]
            ELSE ARRAY[co.codes[1 + (pick1 * 7 + g % 5) % $7]] END,
       net * 6 / 10, net, tax, net + tax, net + tax,
       jsonb_build_array(jsonb_build_object('name', 'VAT', 'rate', 10, 'taxable', net, 'tax', tax)),
       'not_yet_paid',
       CASE WHEN g % 100 < 90 THEN 'success' WHEN g % 100 < 95 THEN 'failed'
            WHEN g % 100 < 98 THEN 'processing' ELSE 'pending' END,
       'bench-' || g, 'bench', at, at, at, 'bench', 'bench'
     FROM pa, co, generate_series($1::int, $2::int) g
     CROSS JOIN LATERAL (SELECT
       now() - g * make_interval(secs => $3::float8) AS at,
       CASE WHEN g % 10 = 0 THEN 1 WHEN g % 100 < 27 THEN 2 + g % 9
            ELSE 11 + ((g::bigint * 7919) % ($4::int - 10))::int END AS p,
       g % 4 = 0 AS two,
       (floor($8::int * power((abs(hashtext('a' || g)) % 1000000) / 1e6, 2)))::int AS pick1) x
     CROSS JOIN LATERAL (SELECT (1000 + (g * 37) % 9000) * (1 + g % 3) * (CASE WHEN two THEN 2 ELSE 1 END) AS net) y
     CROSS JOIN LATERAL (SELECT floor(net / 10)::bigint AS tax) z`,
    [first, last, spacingSeconds, PARTNERS, countries, LOCAL_PRODUCTS, COUNTRIES, PRODUCTS],
  );
  // Line 1: the order's pick (a local plan only when the order has two lines); line 2: another
  // local plan.
  await client.query(
    `WITH ap AS (SELECT p.id, p.product_code, p.name, p.supplier_id, p.coverage,
                   (row_number() OVER (ORDER BY p.product_code) - 1)::int AS n
                 FROM products p WHERE p.product_code LIKE 'DB-%')
     INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
       product_name, supplier_id, delivery_type, duration_days, coverage, quantity, unit_cost,
       unit_price, price_source, line_total, tax_rate)
     SELECT o.id, o.partner_id, v.position, ap.id, ap.product_code, ap.name, ap.supplier_id,
       'stock', 7, ap.coverage, q.qty, (1000 + (q.g * 37) % 9000) * 6 / 10,
       1000 + (q.g * 37) % 9000, 'manual', (1000 + (q.g * 37) % 9000) * q.qty, 10
     FROM generate_series($1::int, $2::int) k(g)
     JOIN orders o ON o.idempotency_key = 'bench-' || k.g
     CROSS JOIN LATERAL (SELECT k.g, 1 + k.g % 3 AS qty, k.g % 4 = 0 AS two,
       (floor($3::int * power((abs(hashtext('a' || k.g)) % 1000000) / 1e6, 2)))::int AS pick1,
       (abs(hashtext('b' || k.g)) % ($4::int - 1))::int AS step) q
     CROSS JOIN LATERAL (VALUES
       (1, CASE WHEN q.two THEN q.pick1 % $4 ELSE q.pick1 END),
       (2, CASE WHEN q.two THEN (q.pick1 % $4 + 1 + q.step) % $4 END)) v(position, pick)
     JOIN ap ON ap.n = v.pick
     ORDER BY o.purchased_at DESC, v.position`,
    [first, last, PRODUCTS, LOCAL_PRODUCTS],
  );
}

export async function seedDashboard(client: Client, orders: number): Promise<DashboardSeed> {
  const countries = (
    await client.query<{ code: string }>(
      `SELECT code FROM countries
       WHERE code IN ('JP','KR','CN','TW','HK','MO','TH','VN','SG','MY','ID','PH','KH','LA','MM',
         'IN','LK','NP','MN','AU','NZ','US','CA','MX','BR','AR','CL','PE','CO','GB','IE','FR',
         'DE','IT','ES','PT','NL','BE','LU','CH','AT','PL','CZ','HU','GR','TR','SE','NO','DK',
         'FI','IS','AE','QA','SA','IL','EG','ZA','KE','MA','RU')
       ORDER BY code`,
    )
  ).rows.map((row) => row.code);
  if (countries.length !== COUNTRIES) {
    throw new Error(`expected ${COUNTRIES} countries, found ${countries.length}`);
  }
  await timed(
    `${CURRENCIES} currencies x ${YEARS * 365} daily rates, suppliers, products`,
    async () => {
      await client.query(
        `INSERT INTO exchange_rates (currency, rate, effective_date, created_by)
       SELECT c.iso_code, round((10 + c.n * 7 + 5 * sin(d / 30.0))::numeric, 6), current_date - d,
         'bench'
       FROM (SELECT iso_code, row_number() OVER (ORDER BY iso_code) AS n FROM round_currency
             WHERE NOT delete_flag AND iso_code <> 'JPY' ORDER BY iso_code LIMIT $1) c,
         generate_series(0, $2::int) d`,
        [CURRENCIES, YEARS * 365],
      );
      await client.query(
        `INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by,
         updated_by)
       SELECT 'Dashboard supplier ' || g, 'JPY', 'JPY', 'stock', 'bench', 'bench'
       FROM generate_series(1, 10) g`,
      );
      await client.query(
        `WITH s AS (SELECT array_agg(id ORDER BY name) ids FROM suppliers
                  WHERE name LIKE 'Dashboard supplier %')
       INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
         duration_days, coverage, type, network, created_by, updated_by)
       SELECT s.ids[1 + g % 10],
         CASE WHEN g < $2 THEN c.codes[1 + g % $3] || ' ' || (1 + g % 30) || ' days'
              ELSE 'Region ' || c.codes[1 + (g * 7) % $3] || '+4 ' || (1 + g % 30) || ' days' END,
         'DB-' || lpad(g::text, 4, '0'), 500, 'JPY', 1 + g % 30,
         CASE WHEN g < $2 THEN ARRAY[c.codes[1 + g % $3]]
              ELSE ARRAY(SELECT c.codes[1 + (g * 7 + k) % $3] FROM generate_series(0, 4) k) END,
         'package', 'local', 'bench', 'bench'
       FROM s, (SELECT $4::text[] AS codes) c, generate_series(0, $1::int - 1) g`,
        [PRODUCTS, LOCAL_PRODUCTS, COUNTRIES, countries],
      );
      await client.query(
        `INSERT INTO partners (name, code, target, created_by, updated_by)
       SELECT 'Dashboard partner ' || lpad(g::text, 2, '0'), 'DBP' || lpad(g::text, 2, '0'),
         'affiliate', 'bench', 'bench'
       FROM generate_series(1, $1::int) g`,
        [PARTNERS],
      );
    },
  );
  const older = orders - RECENT;
  await timed(`${older.toLocaleString()} orders with lines, as a restore (indexes rebuilt)`, () =>
    withIndexesRebuilt(client, ['orders', 'order_lines'], async () => {
      await client.query(`SET session_replication_role = replica`);
      await insertOrders(client, countries, RECENT + 1, orders, orders);
      await client.query(`SET session_replication_role = DEFAULT`);
      await client.query(
        `INSERT INTO orders_count_all AS c (stripe, orders)
         SELECT (hashtext(id::text) & 15)::smallint, count(*) FROM orders GROUP BY 1
         ON CONFLICT (stripe) DO UPDATE SET orders = excluded.orders`,
      );
    }),
  );
  await timed('VACUUM ANALYZE orders, order_lines, rates, products', async () => {
    for (const table of ['orders', 'order_lines', 'exchange_rates', 'products']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
  });
  const [, backfillSeconds] = await timed('backfill: dashboard_rebuild_aggregates()', () =>
    client.query('SELECT dashboard_rebuild_aggregates()'),
  );
  await timed(`${RECENT.toLocaleString()} newest orders with the triggers on`, async () => {
    for (let first = 1; first <= RECENT; first += RECENT_BATCH) {
      await insertOrders(
        client,
        countries,
        first,
        Math.min(RECENT, first + RECENT_BATCH - 1),
        orders,
      );
    }
  });
  await timed('VACUUM ANALYZE the aggregates', async () => {
    for (const table of ['dashboard_sales', 'dashboard_esims']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
  });
  const counts = (
    await client.query<{ sales: number; esims: number }>(
      `SELECT (SELECT count(*) FROM dashboard_sales)::int AS sales,
         (SELECT count(*) FROM dashboard_esims)::int AS esims`,
    )
  ).rows[0]!;
  const big = await client.query<{ partner_id: string }>(
    `SELECT partner_id FROM orders GROUP BY partner_id ORDER BY count(*) DESC LIMIT 1`,
  );
  return { bigPartnerId: big.rows[0]!.partner_id, backfillSeconds, aggregateRows: counts };
}
