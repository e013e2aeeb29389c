/**
 * The harness's data set, loaded with set-based SQL (generate_series, one statement per table)
 * straight into the throwaway database after the server has migrated it. Each step is one
 * function; an area with volume adds its own (orders: 1,000,000 rows, a step after stock).
 *
 * - catalogue: 30 currencies with rate history, SUPPLIERS suppliers (every other one stock-type),
 *   PRODUCTS products over them (half of them stock products), labels, special prices, 5 tariff
 *   groups x 10 codes, 10 codes with 2,000 manual prices each;
 * - stock: ITEMS items over the stock products, skewed as real stock is (one product holds 20 %,
 *   nine hold 2 % each, the rest share 62 %), in import batches of 2,000 with one imported_at,
 *   ICCIDs of real length (19 digits: 8981, five digits per import batch, a serial: a 12-digit
 *   prefix finds one batch), activation codes really sealed (AES-256-GCM with the server's
 *   SECRET_KEY: a pool of 4,096 distinct sealed codes, so every row has a real-length sealed value),
 *   statuses 70 % on hand, 12 % sold out, 8 % assigned, 4 % holding, 3 % wasted, 3 % n/a.
 *   The rows go in as two INSERT ... SELECT generate_series statements at the same time (one per
 *   core); the table's secondary indexes are dropped for the insert and built again afterwards
 *   (what a restore does); the count triggers and foreign keys stay on. Then VACUUM ANALYZE.
 */
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { pg } from '../lib';

export interface Volumes {
  suppliers: number;
  products: number;
  stockItems: number;
}

export interface SeededIds {
  /** Stock products by size: the biggest (20 % of the items), a medium one (2 %), a small one. */
  bigProductId: string;
  mediumProductId: string;
  smallProductId: string;
  bigProductItems: number;
  stockSupplierId: string;
  /** A tariff code with 2,000 manual prices, and one without. */
  manualTariffCode: string;
  manualTariffCodeId: string;
  plainTariffCode: string;
  /** A whole ICCID of the big product, for the exact search. */
  someIccid: string;
}

const CURRENCY_COUNT = 30;
const GROUPS = 5;
const CODES_PER_GROUP = 10;
const MANUAL_CODES = 10;
const MANUAL_PRICES_PER_CODE = 2_000;
const SEALED_POOL = 4_096;
const IMPORT_BATCH = 2_000;

/** `v1:<iv>:<tag>:<ciphertext>` as api/src/secrets seals with purpose 'stock-activation-code'. */
export function sealer(secretKeyHex: string): (text: string) => string {
  const master = Buffer.from(secretKeyHex, 'hex');
  const key = Buffer.from(
    hkdfSync('sha256', master, 'esim-console/secrets', 'stock-activation-code', 32),
  );
  return (text) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  };
}

async function timed(label: string, fn: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await fn();
  console.info(`  ${label.padEnd(48)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

export async function seedCatalogue(client: Client, volumes: Volumes): Promise<void> {
  await client.query('SELECT setseed(0.42)');
  const currencies = (
    await client.query<{ iso_code: string }>(
      `SELECT iso_code FROM round_currency
       WHERE NOT delete_flag AND iso_code <> 'JPY' AND minor_units BETWEEN 0 AND 3
       ORDER BY iso_code LIMIT $1`,
      [CURRENCY_COUNT - 1],
    )
  ).rows.map((row) => row.iso_code);
  await timed('currencies, rates, suppliers', async () => {
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
       SELECT 'Supplier ' || lpad(g::text, 4, '0'), 'S' || g,
         CASE WHEN g % 7 = 0 THEN 'inactive' ELSE 'active' END,
         'Company ' || g || ' Ltd.', 'sales' || g || '@supplier.example', 'USD', 'USD',
         CASE WHEN g % 2 = 1 THEN 'stock' ELSE 'api' END, 'bench', 'bench',
         now() - (g || ' minutes')::interval
       FROM generate_series(1, $1::int) g`,
      [volumes.suppliers],
    );
  });
  await timed(`${volumes.products.toLocaleString()} products`, async () => {
    // Product g belongs to supplier (g - 1) % suppliers + 1: odd suppliers are stock-type, so
    // half of the products are stock products.
    await client.query(
      `INSERT INTO products (supplier_id, name, product_code, category, cost_minor, cost_currency,
         price_minor, data_mb, duration_days, coverage, type, network, selling_price_jpy,
         special_price_jpy, special_from, special_to, labels, created_by, updated_by, created_at)
       SELECT s.ids[1 + (g - 1) % array_length(s.ids, 1)],
         'Bench product ' || g, 'BENCH-' || lpad(g::text, 6, '0'), 'Category ' || (g % 12),
         cost, cur[1 + (g % array_length(cur, 1))],
         CASE WHEN g % 5 = 0 THEN NULL ELSE cost + (random() * 5000)::int END,
         CASE WHEN g % 9 = 0 THEN NULL ELSE 512 * (1 + g % 40) END, 1 + g % 60,
         CASE g % 4 WHEN 0 THEN ARRAY['JP'] WHEN 1 THEN ARRAY['US', 'CA']
              WHEN 2 THEN ARRAY['DE', 'FR', 'IT'] ELSE ARRAY['TH'] END,
         CASE WHEN g % 4 = 0 THEN 'daypass' ELSE 'package' END,
         CASE WHEN g % 3 = 0 THEN 'round' ELSE 'local' END,
         CASE WHEN g % 6 = 0 THEN NULL ELSE 1500 + (g * 37) % 9000 END,
         CASE WHEN g % 10 = 0 THEN 1000 + (g * 13) % 5000 END,
         CASE WHEN g % 10 = 0 THEN current_date - 10 END,
         CASE WHEN g % 10 = 0 THEN current_date + 20 END,
         CASE WHEN g % 8 = 0 THEN ARRAY['promo'] WHEN g % 8 = 1 THEN ARRAY['asia', 'best seller']
              ELSE '{}'::text[] END,
         'bench', 'bench', now() - (g || ' minutes')::interval
       FROM generate_series(1, $1::int) g
       CROSS JOIN LATERAL (SELECT (100 + random() * 20000)::int AS cost) c
       CROSS JOIN (SELECT array_agg(id ORDER BY name) ids FROM suppliers) s
       CROSS JOIN (SELECT $2::text[] cur) k`,
      [volumes.products, ['JPY', ...currencies]],
    );
  });
  await timed('tariff groups, codes, manual prices', async () => {
    await client.query(
      `INSERT INTO tariff_groups (tariff_group, name, base_tariff, logic1, logic2, logic3,
         created_by, updated_by)
       SELECT 'BENCH-G' || g, 'Bench group ' || g, CASE WHEN g % 2 = 1 THEN 'cost' ELSE 'price' END,
         10 * g, g * 100, g % 2, 'bench', 'bench'
       FROM generate_series(1, $1::int) g`,
      [GROUPS],
    );
    await client.query(
      `INSERT INTO tariff_codes (group_id, tariff_code, logic1, created_by, updated_by)
       SELECT tg.id, tg.tariff_group || '-C' || i,
         CASE WHEN i % 3 = 0 THEN -5 * i END, 'bench', 'bench'
       FROM tariff_groups tg CROSS JOIN generate_series(1, $1::int) i
       WHERE tg.tariff_group LIKE 'BENCH-G%'`,
      [CODES_PER_GROUP],
    );
    await client.query(
      `INSERT INTO tariff_prices (tariff_code_id, product_id, price_jpy, updated_by)
       SELECT c.id, p.id, 1000 + (random() * 50000)::int, 'bench'
       FROM (SELECT id FROM tariff_codes ORDER BY tariff_code LIMIT $1) c
       CROSS JOIN LATERAL (SELECT id FROM products ORDER BY random() LIMIT $2) p`,
      [MANUAL_CODES, Math.min(MANUAL_PRICES_PER_CODE, volumes.products)],
    );
  });
  await client.query('ANALYZE');
}

/** Drops the table's indexes other than its primary key, runs fn, builds them again. */
async function withIndexesRebuilt(
  client: Client,
  table: string,
  fn: () => Promise<void>,
): Promise<void> {
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = $1
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [table],
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

export async function seedStock(
  client: Client,
  volumes: Volumes,
  secretKeyHex: string,
  /** For a second connection: the rows go in as two INSERTs at the same time (two cores). */
  databaseUrl: string,
): Promise<void> {
  const seal = sealer(secretKeyHex);
  const codes: string[] = [];
  const masked: string[] = [];
  for (let n = 0; n < SEALED_POOL; n += 1) {
    // A real-looking matching id: 4 groups of hex, 27 characters.
    const id = randomBytes(12).toString('hex').toUpperCase();
    const matching = `${id.slice(0, 6)}-${id.slice(6, 12)}-${id.slice(12, 18)}-${id.slice(18)}`;
    codes.push(seal(`LPA:1$rsp.bench-smdp${n % 3}.example$${matching}`));
    masked.push(`LPA:1$rsp.bench-smdp${n % 3}.example$••••••${matching.slice(-4)}`);
  }
  await timed(`${volumes.stockItems.toLocaleString()} stock items (indexes rebuilt)`, () =>
    withIndexesRebuilt(client, 'stock_items', async () => {
      const second = new pg.Client({ connectionString: databaseUrl });
      await second.connect();
      const half = Math.floor(volumes.stockItems / 2);
      const insert = (target: Client, from: number, to: number) =>
        target.query(
          `WITH sp AS (
           SELECT array_agg(p.id ORDER BY p.product_code) ids FROM products p
           JOIN suppliers su ON su.id = p.supplier_id WHERE su.delivery_type = 'stock'
         ),
         shape AS (SELECT $1::int AS n, array_length(ids, 1) AS k, ids FROM sp)
         INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
           smdp_address, status, hold_until, active_expire_date, imported_at, import_id,
           import_file_name, created_by, updated_by, updated_at)
         SELECT shape.ids[CASE
             WHEN g <= shape.n / 5 THEN 1
             WHEN g <= shape.n * 38 / 100 THEN 2 + (g % 9)
             ELSE 11 + ((g - shape.n * 38 / 100 - 1)::bigint * (shape.k - 10)
                        / (shape.n - shape.n * 38 / 100))::int
           END],
           '8981' || lpad(((g / ${IMPORT_BATCH}) * 7919 % 100000)::text, 5, '0') || lpad(g::text, 10, '0'),
           ($2::text[])[1 + g % ${SEALED_POOL}], ($3::text[])[1 + g % ${SEALED_POOL}],
           'rsp.bench-smdp' || (g % ${SEALED_POOL}) % 3 || '.example',
           st, CASE WHEN st = 'holding' THEN now() + interval '7 days' END,
           current_date + 1 + (g * 31) % 700,
           batch_at, md5('bench-import-' || (g / ${IMPORT_BATCH}))::uuid,
           'stock-' || (g / ${IMPORT_BATCH}) || '.csv', 'bench', 'bench', batch_at
         FROM shape, generate_series($4::int, $5::int) g
         CROSS JOIN LATERAL (SELECT CASE
             WHEN (g::bigint * 7919) % 100 < 70 THEN 'on_hand' WHEN (g::bigint * 7919) % 100 < 82 THEN 'sold_out'
             WHEN (g::bigint * 7919) % 100 < 90 THEN 'assigned' WHEN (g::bigint * 7919) % 100 < 94 THEN 'holding'
             WHEN (g::bigint * 7919) % 100 < 97 THEN 'wasted' ELSE 'not_available' END AS st,
           now() - interval '400 days' + (g / ${IMPORT_BATCH}) * interval '11 hours' AS batch_at) x`,
          [volumes.stockItems, codes, masked, from, to],
        );
      try {
        await Promise.all([insert(client, 1, half), insert(second, half + 1, volumes.stockItems)]);
      } finally {
        await second.end();
      }
    }),
  );
  await timed('VACUUM ANALYZE', async () => {
    await client.query('VACUUM ANALYZE stock_items');
    await client.query('VACUUM ANALYZE stock_counts');
  });
}

/** The ids the scenarios need, read back from the loaded data. */
export async function seededIds(client: Client): Promise<SeededIds> {
  const products = (
    await client.query<{ product_id: string; items: string }>(
      `SELECT product_id, sum(items) AS items FROM stock_counts GROUP BY product_id
       ORDER BY sum(items) DESC, product_id`,
    )
  ).rows;
  if (products.length < 3) throw new Error('stock not seeded');
  const big = products[0]!;
  const medium = products[Math.min(5, products.length - 2)]!;
  const small = products[Math.floor(products.length / 2)]!;
  const supplier = await client.query<{ supplier_id: string }>(
    'SELECT supplier_id FROM products WHERE id = $1',
    [big.product_id],
  );
  const codes = (
    await client.query<{ id: string; tariff_code: string; manual: boolean }>(
      `SELECT c.id, c.tariff_code, EXISTS (SELECT 1 FROM tariff_prices tp WHERE tp.tariff_code_id = c.id) AS manual
       FROM tariff_codes c WHERE c.tariff_code LIKE 'BENCH-%' ORDER BY c.tariff_code`,
    )
  ).rows;
  const manual = codes.find((code) => code.manual);
  const plain = codes.find((code) => !code.manual);
  const iccid = await client.query<{ iccid: string }>(
    `SELECT iccid FROM stock_items WHERE product_id = $1 ORDER BY iccid OFFSET 1234 LIMIT 1`,
    [big.product_id],
  );
  if (!manual || !plain || !iccid.rows[0]) throw new Error('catalogue not seeded');
  return {
    bigProductId: big.product_id,
    mediumProductId: medium.product_id,
    smallProductId: small.product_id,
    bigProductItems: Number(big.items),
    stockSupplierId: supplier.rows[0]!.supplier_id,
    manualTariffCode: manual.tariff_code,
    manualTariffCodeId: manual.id,
    plainTariffCode: plain.tariff_code,
    someIccid: iccid.rows[0].iccid,
  };
}
