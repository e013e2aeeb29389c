/**
 * The order document preview over HTTP (issue 16, docs/documents.md "Figures", "Over HTTP"): what
 * staff wait for when they press Preview, with a warm browser. scripts/bench/documents.ts
 * measures the renderer alone; this measures the whole call. Not a test; prints figures.
 *
 *   cd api && pnpm exec tsx ../scripts/bench/documents-http.ts
 *
 * 1. A throwaway database on the real PostgreSQL (BENCH_PG_ADMIN_URL), dropped at the end.
 * 2. The API server from source (node --import tsx api/src/server.ts) as its own process on
 *    127.0.0.1 with DOCUMENTS_WARM_ON_START=true; the bench waits for its 'document renderer
 *    warm' log line.
 * 3. Seeded by SQL: a partner with its branch (report language ja) and the branch's Japanese
 *    issuer (a T-number with a right check digit), and BENCH_ORDERS (4) orders of one line of
 *    3 delivered eSIMs each, priced as the purchase prices them.
 * 4. Sign-in with the e-mailed one-time password (http/sign-in.ts), as a person does.
 * 5. One preview of each order discarded (the first render of a document's names loads their
 *    font slices once), then BENCH_PREVIEWS (100) previews one after another (POST
 *    /api/mng/order/document/preview, invoice, cycling through the orders): p50 / p95 / max.
 * 6. BENCH_CLIENTS (8) clients asking at once for BENCH_SECONDS (10) s: previews/s, p50 / p95.
 * 7. Beside each: the server's CPU per preview (the API process and its Chromium processes,
 *    from /proc, with the print compositors their zygote has waited for, as documents.ts counts
 *    them) and the load average. Target: p95 of one preview under 300 ms.
 * Knobs: BENCH_ORDERS, BENCH_PREVIEWS, BENCH_CLIENTS, BENCH_SECONDS, BENCH_LOG_LEVEL (the
 * server's, default info), BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { orderAmounts } from '../../api/src/areas/orders/amounts';
import { luhnCheckDigit } from '../../shared/contracts/src/iccid';
import { japanCorporateCheckDigit } from '../../shared/contracts/src/tax-ids';
import type { RunningServer } from './http/processes';
import { signIn } from './http/sign-in';
import { createDatabase, percentile, pg } from './lib';
import { processTreeCpuMs } from './http/process-cpu';
import { startSourceServer } from './http/source-server';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const ORDERS = num('BENCH_ORDERS', 4);
const PREVIEWS = num('BENCH_PREVIEWS', 100);
const CLIENTS = num('BENCH_CLIENTS', 8);
const SECONDS = num('BENCH_SECONDS', 10);
const P95_TARGET_MS = 300;
const ESIMS_PER_ORDER = 3;
const ADMIN_EMAIL = 'bench-admin@esim.test';
const CLIENT_ID = 'esim-console-local';

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(7);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The server's CPU per preview between two treeCpuMs readings, by kind and in all. */
function cpuPer(
  before: Map<string, number>,
  after: Map<string, number>,
  previews: number,
): { total: number; node: number; chromium: number; kinds: [string, number][] } {
  const kinds = [...after.keys()]
    .filter((kind) => kind !== 'gone')
    .map((kind): [string, number] => [
      kind,
      ((after.get(kind) ?? 0) - (before.get(kind) ?? 0)) / previews,
    ]);
  const node = kinds.find(([kind]) => kind === 'node')?.[1] ?? 0;
  const total = kinds.reduce((sum, [, used]) => sum + used, 0);
  return { total, node, chromium: total - node, kinds };
}

function printCpu(cpu: ReturnType<typeof cpuPer>): void {
  const cores = os.availableParallelism();
  console.info(
    `  server CPU per preview ${ms(cpu.total)} (node ${cpu.node.toFixed(0)} ms, Chromium ` +
      `${cpu.chromium.toFixed(0)} ms): at most ${((cores * 1000) / cpu.total).toFixed(1)} previews/s on ${cores} idle cores`,
  );
  console.info(
    `  by process: ${cpu.kinds
      .filter(([, used]) => used >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(
        ([kind, used]) =>
          `${kind === 'zygote' ? 'zygote + print compositors' : kind} ${used.toFixed(0)} ms`,
      )
      .join(', ')}`,
  );
}

/** A partner, its branch (Japanese reports) with a Japanese issuer, ORDERS orders of 3 eSIMs. */
async function seedDocuments(client: Client): Promise<string[]> {
  const one = async <T>(text: string, values: unknown[] = []): Promise<T> => {
    const row = (await client.query(text, values)).rows[0] as T | undefined;
    if (!row) throw new Error(`no row: ${text}`);
    return row;
  };
  const { id: supplierId } = await one<{ id: string }>(
    `INSERT INTO suppliers (name, currency, purchase_currency, delivery_type, created_by, updated_by)
     VALUES ('Bench document supplier', 'JPY', 'JPY', 'stock', 'bench', 'bench') RETURNING id`,
  );
  const productCode = 'BENCH-DOC-JP7';
  const { id: productId } = await one<{ id: string }>(
    `INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
       duration_days, coverage, type, network, created_by, updated_by)
     VALUES ($1, '日本 7日間 3GB', $2, 500, 'JPY', 7, ARRAY['JP'], 'package', 'local', 'bench',
       'bench')
     RETURNING id`,
    [supplierId, productCode],
  );
  const partnerName = 'ベンチ通信販売株式会社';
  const { id: partnerId } = await one<{ id: string }>(
    `INSERT INTO partners (name, code, target, created_by, updated_by)
     VALUES ($1, 'BENCHDOCS', 'affiliate', 'bench', 'bench') RETURNING id`,
    [partnerName],
  );
  const { id: branchId } = await one<{ id: string }>(
    `INSERT INTO branches (name, code, target, main_partner, partner_id, report_language,
       invoice_title, tax_name, tax_rate, provider_name, created_by, updated_by)
     VALUES ('Bench document branch', 'BENCH-DOC', 'resale_partner', true, $1, 'ja',
       '請求書', '消費税', 10, 'Bench eSIM', 'bench', 'bench')
     RETURNING id`,
    [partnerId],
  );
  // A qualified invoice issuer number: 'T', the check digit, a 12-digit corporate base.
  const base = '010401234567';
  await client.query(
    `INSERT INTO issuers (branch_id, country_code, legal_name, address, postal_code,
       registration_number, created_by, updated_by)
     VALUES ($1, 'JP', '株式会社ベンチ通信', '東京都千代田区丸の内1-1-1', '100-0005', $2, 'bench',
       'bench')`,
    [branchId, `T${japanCorporateCheckDigit(base)}${base}`],
  );
  const line = { quantity: ESIMS_PER_ORDER, unitPrice: 1650, unitCost: 500, taxRate: 10 };
  const amounts = orderAmounts([{ ...line, discount: 0 }], '消費税');
  const orderIds: string[] = [];
  for (let n = 1; n <= ORDERS; n += 1) {
    const { id: orderId } = await one<{ id: string }>(
      `INSERT INTO orders (order_no, partner_id, partner_name, branch_id, tariff_code,
         pricing_rule, customer_name, purchase_price, sub_total, discount, tax_total,
         total_amount, final_price, taxes, paid_amount, payment_status, processing_status,
         idempotency_key, request_hash, purchased_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, 'TC-BENCH', '{}'::jsonb, $5, $6, $7, $8, $9, $10, $11, $12::jsonb,
         0, 'not_yet_paid', 'success', $13, 'bench', now() - interval '1 day', 'bench', 'bench')
       RETURNING id`,
      [
        `O261126-${String(800_000 + n).padStart(6, '0')}`,
        partnerId,
        partnerName,
        branchId,
        `お客様 ${n}`,
        amounts.purchasePrice,
        amounts.subTotal,
        amounts.discount,
        amounts.taxTotal,
        amounts.totalAmount,
        amounts.finalPrice,
        JSON.stringify(amounts.taxes),
        `bench-document-${n}-${randomBytes(4).toString('hex')}`,
      ],
    );
    const { id: lineId } = await one<{ id: string }>(
      `INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
         product_name, supplier_id, delivery_type, duration_days, quantity, unit_cost,
         unit_price, price_source, line_total, discount, tax_rate)
       VALUES ($1, $2, 1, $3, $4, '日本 7日間 3GB', $5, 'stock', 7, $6, $7, $8, 'manual', $9, 0,
         $10)
       RETURNING id`,
      [
        orderId,
        partnerId,
        productId,
        productCode,
        supplierId,
        line.quantity,
        line.unitCost,
        line.unitPrice,
        amounts.lineTotals[0],
        line.taxRate,
      ],
    );
    for (let position = 1; position <= ESIMS_PER_ORDER; position += 1) {
      await client.query(
        `INSERT INTO order_items (order_id, line_id, partner_id, position, status, iccid,
           updated_by)
         VALUES ($1, $2, $3, $4, 'delivered', $5, 'bench')`,
        [orderId, lineId, partnerId, position, iccidOf(n * 10 + position)],
      );
    }
    orderIds.push(orderId);
  }
  return orderIds;
}

/** A 19-digit ICCID (898107 + 12 digits) with its Luhn check digit. */
function iccidOf(n: number): string {
  const body = `898107${String(900_000_000_000 + n).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

interface Preview {
  ms: number;
  ok: boolean;
  status: number;
  bytes: number;
}

async function preview(baseUrl: string, token: string, orderId: string): Promise<Preview> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/mng/order/document/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId, type: 'invoice' }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const took = performance.now() - started;
  const ok =
    res.status === 200 &&
    res.headers.get('content-type') === 'application/pdf' &&
    body.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!ok && res.status !== 200) {
    console.error(`  preview answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
  }
  return { ms: took, ok, status: res.status, bytes: body.length };
}

async function main(): Promise<void> {
  const database = await createDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-bench-documents-http-'));
  let client: Client | undefined;
  let server: RunningServer | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await server?.stop();
    await client?.end().catch(() => undefined);
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().finally(() => process.exit(143)));
  try {
    console.info(`cores ${os.availableParallelism()}, load average ${load()}`);
    const outboxDir = path.join(tmp, 'outbox');
    const starting = performance.now();
    server = await startSourceServer(
      {
        DATABASE_URL: database.url,
        DATA_DIR: tmp,
        OUTBOX_DIR: outboxDir,
        HOST_DIST_DIR: path.join(tmp, 'no-host-build'),
        SECRET_KEY: randomBytes(32).toString('hex'),
        SEED_ADMIN_EMAIL: ADMIN_EMAIL,
        RATE_LIMIT_MAX: '100000000',
        DOCUMENTS_WARM_ON_START: 'true',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      },
      path.join(tmp, 'server.log'),
      { line: 'document renderer warm', failure: 'document renderer could not start' },
    );
    console.info(
      `server: api/src/server.ts via tsx (pid ${server.pid}) at ${server.url}, answering and ` +
        `its renderer warm ${((performance.now() - starting) / 1000).toFixed(1)} s after the start`,
    );

    client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const orderIds = await seedDocuments(client);
    console.info(
      `seeded: a partner, its branch (ja) with a JP issuer, ${orderIds.length} orders of 1 line x ${ESIMS_PER_ORDER} eSIMs`,
    );
    const token = await signIn({
      baseUrl: server.url,
      email: ADMIN_EMAIL,
      clientId: CLIENT_ID,
      outboxDir,
    });
    const baseUrl = server.url;
    const pid = server.pid;

    // Discarded: the first preview of each order (its names' font slices load once per page).
    const first: Preview[] = [];
    for (const orderId of orderIds) first.push(await preview(baseUrl, token, orderId));
    if (first.some((one) => !one.ok)) throw new Error('a warm-up preview failed');
    console.info(
      `\nfirst preview of each order (discarded): ${first.map((one) => ms(one.ms).trim()).join(', ')} ` +
        `(${first[0]!.bytes} bytes)`,
    );

    // 1. One after another.
    const loadBefore = load();
    const sequential: Preview[] = [];
    let cpuBefore = processTreeCpuMs(pid);
    for (let index = 0; index < PREVIEWS; index += 1) {
      sequential.push(await preview(baseUrl, token, orderIds[index % orderIds.length]!));
    }
    // The last print compositor ends and is waited for just after its PDF.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sequentialCpu = cpuPer(cpuBefore, processTreeCpuMs(pid), PREVIEWS);
    const times = sequential.filter((one) => one.ok).map((one) => one.ms);
    const failed = sequential.length - times.length;
    const p95 = percentile(times, 95);
    console.info(
      `\npreview over HTTP, one at a time (${PREVIEWS}, load average ${loadBefore} -> ${load()}): ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))}` +
        (failed ? `, ${failed} failed` : ''),
    );
    printCpu(sequentialCpu);

    // 2. CLIENTS at once for SECONDS.
    const concurrentLoadBefore = load();
    const concurrent: Preview[] = [];
    cpuBefore = processTreeCpuMs(pid);
    const started = performance.now();
    const end = started + SECONDS * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const orderId = orderIds[next % orderIds.length]!;
          next += 1;
          concurrent.push(await preview(baseUrl, token, orderId));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const concurrentTimes = concurrent.filter((one) => one.ok).map((one) => one.ms);
    const concurrentCpu = cpuPer(
      cpuBefore,
      processTreeCpuMs(pid),
      Math.max(1, concurrentTimes.length),
    );
    const concurrentFailed = concurrent.length - concurrentTimes.length;
    console.info(
      `\n${CLIENTS} clients at once for ${seconds.toFixed(1)} s (load average ${concurrentLoadBefore} -> ${load()}): ` +
        `${concurrentTimes.length} previews, ${(concurrentTimes.length / seconds).toFixed(1)} previews/s, ` +
        `p50 ${ms(percentile(concurrentTimes, 50))}, p95 ${ms(percentile(concurrentTimes, 95))}, ` +
        `max ${ms(Math.max(...concurrentTimes))}` +
        (concurrentFailed ? `, ${concurrentFailed} failed` : ''),
    );
    printCpu(concurrentCpu);

    console.info(
      `\ntarget p95 < ${P95_TARGET_MS} ms (one preview at a time): ${p95 < P95_TARGET_MS && failed === 0 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
