/**
 * The orders of the harness (docs/performance.md "Orders: list"): ORDERS orders loaded with
 * set-based SQL after the catalogue, and the order list's scenarios.
 *
 * - 200 partners; one holds 10 % of the orders, nine 2 % each, the rest share 72 %;
 * - one order every 30 seconds going back from now (1,000,000 orders: about a year), order
 *   numbers as the purchase makes them (O + yyMMdd in Tokyo + '-' + a serial);
 * - customer names from 100 surnames x 100 given names (a surname search finds 1 %);
 * - one line of an API product each, 1-3 eSIMs (2 on average); final prices 1,100-66,000 JPY;
 * - payment: 70 % not yet paid, 20 % paid, 10 % partially paid; processing: 90 % success,
 *   5 % failed, 3 % processing, 2 % pending.
 * Orders, lines and items go in as one INSERT ... SELECT each, in purchase order (as purchases
 * write them: an order's lines and items sit next to it), with the secondary indexes dropped and
 * rebuilt around them and, as a restore does, without foreign-key checks and triggers (the order
 * counter is filled afterwards); then VACUUM ANALYZE.
 */
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { HttpRequest } from './load';
import type { Scenario } from './scenarios';

const PARTNERS = 200;
const PAGE_SIZE = 50;

const SURNAMES = [
  'sato',
  'suzuki',
  'takahashi',
  'tanaka',
  'watanabe',
  'ito',
  'yamamoto',
  'nakamura',
  'kobayashi',
  'kato',
  'yoshida',
  'yamada',
  'sasaki',
  'yamaguchi',
  'matsumoto',
  'inoue',
  'kimura',
  'hayashi',
  'shimizu',
  'yamazaki',
  'mori',
  'abe',
  'ikeda',
  'hashimoto',
  'yamashita',
  'ishikawa',
  'nakajima',
  'maeda',
  'fujita',
  'ogawa',
  'goto',
  'okada',
  'hasegawa',
  'murakami',
  'kondo',
  'ishii',
  'saito',
  'sakamoto',
  'endo',
  'aoki',
  'fujii',
  'nishimura',
  'fukuda',
  'ota',
  'miura',
  'fujiwara',
  'okamoto',
  'matsuda',
  'nakagawa',
  'nakano',
  'harada',
  'ono',
  'tamura',
  'takeuchi',
  'kaneko',
  'wada',
  'nakayama',
  'ishida',
  'ueda',
  'morita',
  'hara',
  'shibata',
  'sakai',
  'kudo',
  'yokoyama',
  'miyazaki',
  'miyamoto',
  'uchida',
  'takagi',
  'ando',
  'taniguchi',
  'ohno',
  'maruyama',
  'imai',
  'takada',
  'fujimoto',
  'takeda',
  'murata',
  'ueno',
  'sugiyama',
  'masuda',
  'sugawara',
  'hirano',
  'kojima',
  'otsuka',
  'chiba',
  'kubo',
  'matsui',
  'iwasaki',
  'sakurai',
  'kinoshita',
  'noguchi',
  'matsuo',
  'nomura',
  'kikuchi',
  'sano',
  'onishi',
  'sugimoto',
  'arai',
  'hamada',
];
const GIVEN = [
  'hiroshi',
  'takashi',
  'akira',
  'yuki',
  'kenji',
  'haruto',
  'sota',
  'yui',
  'aoi',
  'hina',
  'sakura',
  'ren',
  'mei',
  'riko',
  'yuto',
  'daiki',
  'kaito',
  'mio',
  'yuna',
  'koharu',
];

export interface OrderIds {
  bigPartnerId: string;
  /** A surname (lower case) for the customer search. */
  surname: string;
  /** The order number prefix of one day three days ago ('O261118'): 2,880 orders. */
  dayPrefix: string;
}

async function timed(label: string, fn: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await fn();
  console.info(`  ${label.padEnd(48)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** Drops the tables' secondary indexes, runs fn, builds them again. */
export async function withIndexesRebuilt(
  client: Client,
  tables: string[],
  fn: () => Promise<void>,
): Promise<void> {
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [tables],
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  const start = performance.now();
  await fn();
  const inserted = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await client.query(index.definition);
  await client.query('RESET maintenance_work_mem');
  console.info(
    `    (insert ${((inserted - start) / 1000).toFixed(1)} s, ${indexes.length} indexes ` +
      `${((performance.now() - inserted) / 1000).toFixed(1)} s)`,
  );
}

export async function seedOrders(client: Client, orders: number): Promise<OrderIds> {
  await client.query('SELECT setseed(0.17)');
  const names = [
    SURNAMES.map((name) => name[0]!.toUpperCase() + name.slice(1)),
    [...GIVEN, ...GIVEN.map((name) => `${name}ko`), ...GIVEN.map((name) => `${name}ro`)]
      .concat(
        GIVEN.map((name) => `${name}mi`),
        GIVEN.map((name) => `${name}ta`),
      )
      .map((name) => name[0]!.toUpperCase() + name.slice(1)),
  ];
  await timed(`${PARTNERS} partners`, async () => {
    await client.query(
      `INSERT INTO partners (name, code, target, created_by, updated_by)
       SELECT 'Bench partner ' || lpad(g::text, 3, '0'), 'BP' || g,
         CASE WHEN g % 3 = 0 THEN 'corporate_customer' ELSE 'affiliate' END, 'bench', 'bench'
       FROM generate_series(1, $1::int) g`,
      [PARTNERS],
    );
  });
  await timed(`${orders.toLocaleString()} orders, lines, items (indexes rebuilt)`, () =>
    withIndexesRebuilt(client, ['orders', 'order_lines', 'order_items'], async () => {
      // What a restore does: no foreign-key checks or triggers for rows made consistent here
      // (the harness connects as a superuser); the order counter is filled afterwards.
      await client.query(`SET session_replication_role = replica`);
      await client.query(
        `WITH pa AS (SELECT array_agg(id ORDER BY code) ids, array_agg(name ORDER BY code) names
                     FROM partners WHERE code LIKE 'BP%')
         INSERT INTO orders (order_no, partner_id, partner_name, tariff_code, pricing_rule,
           customer_name, purchase_price, sub_total, tax_total, total_amount, final_price, taxes,
           paid_amount, payment_status, processing_status, idempotency_key, request_hash,
           purchased_at, created_at, updated_at, created_by, updated_by)
         SELECT 'O' || to_char(at AT TIME ZONE 'Asia/Tokyo', 'YYMMDD') || '-' || lpad(g::text, 7, '0'),
           pa.ids[p], pa.names[p], 'BENCH-G1-C1', '{}'::jsonb,
           ($2::text[])[1 + g % 100] || ' ' || ($3::text[])[1 + (g / 100) % 100],
           cost, net, tax, net + tax, net + tax,
           jsonb_build_array(jsonb_build_object('name', 'VAT', 'rate', 10, 'taxable', net, 'tax', tax)),
           CASE pay WHEN 'paid' THEN net + tax WHEN 'partially_paid' THEN (net + tax) / 2 ELSE 0 END,
           pay,
           CASE WHEN g % 100 < 90 THEN 'success' WHEN g % 100 < 95 THEN 'failed'
                WHEN g % 100 < 98 THEN 'processing' ELSE 'pending' END,
           'bench-' || g, 'bench', at, at, at, 'bench', 'bench'
         FROM pa, generate_series(1, $1::int) g
         CROSS JOIN LATERAL (SELECT
           now() - g * interval '30 seconds' AS at,
           CASE WHEN g % 10 = 0 THEN 1 WHEN g % 50 < 9 THEN 2 + g % 9
                ELSE 11 + ((g::bigint * 7919) % ($4::int - 10))::int END AS p,
           1 + g % 3 AS qty,
           (1000 + (g * 37) % 19000) AS unit,
           CASE WHEN (g * 13) % 10 < 7 THEN 'not_yet_paid' WHEN (g * 13) % 10 < 9 THEN 'paid'
                ELSE 'partially_paid' END AS pay) x
         CROSS JOIN LATERAL (SELECT unit * qty AS net, floor(unit * qty / 10)::bigint AS tax,
           (unit * qty * 6 / 10)::bigint AS cost) y`,
        [orders, names[0], names[1], PARTNERS],
      );
      await client.query(
        `WITH ap AS (SELECT p.id, p.product_code, p.name, p.supplier_id,
                       (row_number() OVER (ORDER BY p.product_code) - 1)::int AS n
                     FROM products p JOIN suppliers s ON s.id = p.supplier_id
                     WHERE s.delivery_type = 'api'),
              k AS (SELECT count(*)::int AS n FROM ap)
         INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
           product_name, supplier_id, delivery_type, duration_days, quantity, unit_cost, unit_price,
           price_source, line_total, tax_rate)
         SELECT o.id, o.partner_id, 1, ap.id, ap.product_code, ap.name, ap.supplier_id, 'api', 7,
           q.qty, o.purchase_price / q.qty, o.sub_total / q.qty, 'manual', o.sub_total, 10
         FROM orders o
         CROSS JOIN k
         CROSS JOIN LATERAL (SELECT 1 + right(o.order_no, 7)::int % 3 AS qty,
                                    abs(hashtext(o.id::text)) % k.n AS pick) q
         JOIN ap ON ap.n = q.pick
         ORDER BY o.purchased_at DESC`,
      );
      await client.query(
        `INSERT INTO order_items (order_id, line_id, partner_id, position, status, iccid,
           smdp_address, activation_code_masked, delivery_attempts, updated_by, created_at,
           updated_at)
         SELECT l.order_id, l.id, l.partner_id, i,
           CASE o.processing_status WHEN 'success' THEN 'delivered' WHEN 'failed' THEN 'failed'
                WHEN 'processing' THEN 'processing' ELSE 'pending' END,
           CASE WHEN o.processing_status = 'success'
                THEN '8982' || lpad((abs(hashtext(l.id::text)) % 100000000)::text, 8, '0')
                     || lpad(i::text, 3, '0') || '0000' END,
           'rsp.bench-supplier.example',
           CASE WHEN o.processing_status = 'success' THEN 'LPA:1$rsp.bench-supplier.example$••••••AB12' END,
           1, 'bench', o.purchased_at, o.purchased_at
         FROM order_lines l JOIN orders o ON o.id = l.order_id
         CROSS JOIN LATERAL generate_series(1, l.quantity) i
         ORDER BY o.purchased_at DESC, i`,
      );
      await client.query(`SET session_replication_role = DEFAULT`);
      await client.query(
        `INSERT INTO orders_count_all AS c (stripe, orders)
         SELECT (hashtext(id::text) & 15)::smallint, count(*) FROM orders GROUP BY 1
         ON CONFLICT (stripe) DO UPDATE SET orders = excluded.orders`,
      );
    }),
  );
  await timed('VACUUM ANALYZE', async () => {
    await client.query('VACUUM ANALYZE orders');
    await client.query('VACUUM ANALYZE order_lines');
    await client.query('VACUUM ANALYZE order_items');
  });
  const big = await client.query<{ partner_id: string }>(
    `SELECT partner_id FROM orders GROUP BY partner_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const day = await client.query<{ prefix: string }>(
    `SELECT 'O' || to_char((now() - interval '3 days') AT TIME ZONE 'Asia/Tokyo', 'YYMMDD') AS prefix`,
  );
  return {
    bigPartnerId: big.rows[0]!.partner_id,
    surname: 'yamamoto',
    dayPrefix: day.rows[0]!.prefix,
  };
}

/** The order list's scenarios: each a page users ask for, next to its bare SQL. */
export function orderScenarios(ids: OrderIds, orders: number): Scenario[] {
  const list = (name: string, body: Record<string, unknown>): Scenario => ({
    kind: 'list',
    area: 'orders',
    name,
    request: {
      method: 'POST',
      path: '/api/mng/order/list',
      body: { pageSize: PAGE_SIZE, ...body },
    } satisfies HttpRequest,
  });
  const deepPage = Math.max(2, Math.min(2_000, Math.floor(orders / PAGE_SIZE / 2)));
  return [
    list('order list, page 1 (newest first)', {}),
    list('order list, big partner, page 1', { partnerId: ids.bigPartnerId }),
    list('order list, partially paid, page 1', { paymentStatus: 'partially_paid' }),
    list('order list, failed, page 1', { processingStatus: 'failed' }),
    list(`order list, search "${ids.surname}"`, { search: ids.surname }),
    list(`order list, search "${ids.dayPrefix}" (a day's order numbers)`, {
      search: ids.dayPrefix,
    }),
    list('order list, finalPrice desc, page 1', { sort: 'finalPrice', order: 'desc' }),
    list('order list, customerName asc, page 1', { sort: 'customerName', order: 'asc' }),
    list(`order list, page ${deepPage} (offset)`, { page: deepPage }),
    list('order list, last 7 days (Tokyo)', {
      from: new Date(Date.now() - 6 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10),
    }),
    {
      kind: 'export',
      area: 'orders',
      name: 'order export, big partner',
      path: `/api/mng/order/export-csv?partnerId=${ids.bigPartnerId}`,
    },
    {
      kind: 'export',
      area: 'orders',
      name: 'order eSIM export, big partner',
      path: `/api/mng/order/export-csv/detail?partnerId=${ids.bigPartnerId}`,
    },
    {
      kind: 'export',
      area: 'orders',
      name: 'order export, all orders',
      path: '/api/mng/order/export-csv',
    },
  ];
}
