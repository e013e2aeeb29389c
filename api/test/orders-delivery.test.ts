/**
 * Supplier delivery of API products (docs/orders.md "Supplier delivery") against the eSIM Go
 * simulator over real HTTP: a purchase delivered by the job queue (ICCID, SM-DP+ address and
 * matching ID from the supplier, the order 'success'); one supplier order per supplier and its
 * eSIMs matched per bundle; a failing supplier retried, then failed with a clear state, then
 * retried by staff; a repeated transaction never buying twice; large orders the supplier
 * processes asynchronously; the sweep that restarts a lost start; the partner scope of the retry.
 *
 * Attempts are run as the queue runs them (claim the record, run the handler, back to queued
 * while tries are left) with a short policy of SUPPLIER_CALL_RETRY's shape, so no test waits for
 * the real backoff; the purchase and the staff retry go through the app's own queue.
 */
import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, type OrderDetail } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DELIVERY_JOB, startOrderDelivery } from '../src/areas/orders/delivery';
import { orderDeliveryHandler } from '../src/areas/orders/delivery-job';
import { restartLostDeliveries } from '../src/areas/orders/delivery-sweep';
import { ORDER_ACTIVATION_CODE_PURPOSE } from '../src/areas/orders/order-items';
import { createEsimGoConnector } from '../src/connectors';
import { createEsimGoSimulator, type EsimGoSimulator } from '../src/connectors/esimgo/simulator';
import { createOutboundFetch, parseAllowList } from '../src/connectors/outbound';
import { enqueueJob, getJob, type JobPolicy } from '../src/jobs';
import { claimJobRecord } from '../src/jobs/records';
import { runJobRecord } from '../src/jobs/run-record';
import { createSecretBox } from '../src/secrets';
import { createTestApp, type TestContext } from './support/app';
import {
  createPartner,
  createPurchaseWorld,
  orderApi,
  orderBody,
  partnerAccountToken,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import { insertProduct, type Json } from './tariffs-fixtures';

const KEY = 'delivery-test-key-7c21e0';
const JP = 'ESG-JP-1GB-7D';
const KR = 'ESG-KR-5GB-15D';
/** SUPPLIER_CALL_RETRY's shape, shorter: three tries in all. */
const POLICY: JobPolicy = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true };
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let t: TestContext;
let sim: EsimGoSimulator;
let world: PurchaseWorld;
let supplierId: string;
const productIds: Record<string, string> = {};
let handler: ReturnType<typeof orderDeliveryHandler>;

const db = () => t.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db().execute(statement));
}

interface SimState {
  orders: { orderReference: string; reference: string | null; esims: { iccid: string }[] }[];
  esims: { iccid: string; bundle: string; smdpAddress: string; matchingId: string }[];
  calls: number;
}

async function simState(): Promise<SimState> {
  const res = await fetch(`http://127.0.0.1:${sim.port}/__control/state`);
  return (await res.json()) as SimState;
}

async function control(path: string, method: string, body?: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${sim.port}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
}

interface ItemRow {
  id: string;
  position: number;
  status: string;
  iccid: string | null;
  smdp_address: string | null;
  activation_code_sealed: string | null;
  activation_code_masked: string | null;
  supplier_reference: string | null;
  delivery_error: string | null;
  delivery_attempts: number;
  bundle: string;
}

const itemsOf = (orderId: string) =>
  query<ItemRow>(sql`
    SELECT i.id, i.position, i.status, i.iccid, i.smdp_address, i.activation_code_sealed,
           i.activation_code_masked, i.supplier_reference, i.delivery_error, i.delivery_attempts,
           l.supplier_ref AS bundle
    FROM order_items i JOIN order_lines l ON l.id = i.line_id
    WHERE i.order_id = ${orderId} ORDER BY i.position`);

async function orderRow(orderId: string) {
  const [row] = await query<{
    processing_status: string;
    processing_error: string | null;
    idempotency_key: string;
  }>(sql`SELECT processing_status, processing_error, idempotency_key FROM orders
         WHERE id = ${orderId}`);
  return row!;
}

async function waitForOrder(orderId: string, statuses: string[], ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const row = await orderRow(orderId);
    if (statuses.includes(row.processing_status) || Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An order of API lines with pending items, as the purchase leaves it (no job started). */
async function insertApiOrder(
  lines: { bundle: string; quantity: number }[],
  partnerId = world.partnerId,
): Promise<string> {
  const key = randomUUID();
  const total = lines.reduce((sum, line) => sum + line.quantity, 0) * 1400;
  const [order] = await query<{ id: string }>(sql`
    INSERT INTO orders (order_no, partner_id, partner_name, tariff_code, pricing_rule,
      customer_name, purchase_price, sub_total, tax_total, total_amount, final_price,
      idempotency_key, request_hash, processing_status, created_by, updated_by)
    VALUES (${`ODL-${key.slice(0, 8)}`}, ${partnerId}, 'Delivery partner', ${world.tariffCode},
      '{}'::jsonb, 'Hanako Suzuki', 0, ${total}, 0, ${total}, ${total}, ${key}, 'test',
      'pending', 'test', 'test')
    RETURNING id`);
  let position = 0;
  for (const [index, line] of lines.entries()) {
    const [row] = await query<{ id: string }>(sql`
      INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
        product_name, supplier_id, delivery_type, supplier_ref, duration_days, quantity,
        unit_cost, unit_price, price_source, line_total, tax_rate)
      VALUES (${order!.id}, ${partnerId}, ${index + 1}, ${productIds[line.bundle]!},
        ${line.bundle}, ${line.bundle}, ${supplierId}, 'api', ${line.bundle}, 7,
        ${line.quantity}, 1000, 1400, 'computed', ${line.quantity * 1400}, 10)
      RETURNING id`);
    for (let i = 0; i < line.quantity; i += 1) {
      position += 1;
      await db().execute(sql`
        INSERT INTO order_items (order_id, line_id, partner_id, position, status, updated_by)
        VALUES (${order!.id}, ${row!.id}, ${partnerId}, ${position}, 'pending', 'test')`);
    }
  }
  return order!.id;
}

/** A delivery job record, not dispatched: the test runs its attempts. */
const enqueueDelivery = (orderId: string) =>
  enqueueJob(db(), { kind: ORDER_DELIVERY_JOB, payload: { orderId }, createdBy: 'test' });

/** One attempt, as the queue runs it: back to 'queued' when the policy leaves tries. */
async function attempt(jobId: string) {
  const job = await claimJobRecord(db(), jobId);
  if (!job) throw new Error('the job is not queued');
  return runJobRecord({
    db: db(),
    log,
    handler,
    job,
    willRetry: job.attempts <= POLICY.retryLimit,
  });
}

/** The supplier eSIM behind a delivered item (the simulator's state). */
function esimOf(state: SimState, iccid: string | null) {
  const esim = state.esims.find((entry) => entry.iccid === iccid);
  if (!esim) throw new Error(`no supplier eSIM ${iccid}`);
  return esim;
}

function expectDeliveredFrom(state: SimState, items: ItemRow[]) {
  const box = createSecretBox(t.config, ORDER_ACTIVATION_CODE_PURPOSE);
  for (const item of items) {
    const esim = esimOf(state, item.iccid);
    expect(item).toMatchObject({
      status: 'delivered',
      smdp_address: esim.smdpAddress,
      activation_code_masked: `LPA:1$${esim.smdpAddress}$••••••${esim.matchingId.slice(-4)}`,
      delivery_error: null,
    });
    expect(esim.bundle).toBe(item.bundle);
    expect(box.open(item.activation_code_sealed!)).toBe(
      `LPA:1$${esim.smdpAddress}$${esim.matchingId}`,
    );
  }
}

beforeAll(async () => {
  process.env.SUPPLIER_TIMEOUT_MS = '2000';
  sim = createEsimGoSimulator({ apiKey: KEY });
  await sim.listen(0);
  // The simulator listens on 127.0.0.1: allow-listed, as OUTBOUND_ALLOW_LIST would.
  t = await createTestApp({ config: { outboundAllowList: ['127.0.0.1'] } });
  world = await createPurchaseWorld(t);
  const created = await world.api.call('POST', 'supplier', {
    name: 'eSIM Go (delivery simulator)',
    deliveryType: 'api',
    connectorKind: 'esimgo',
    baseUrl: sim.url,
    apiKey: KEY,
    currency: 'JPY',
    purchaseCurrency: 'JPY',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  supplierId = created.body.data.id;
  for (const bundle of [JP, KR]) {
    const product = await insertProduct(t, {
      supplierId,
      name: bundle,
      productCode: bundle,
      costMinor: 1000,
      costCurrency: 'JPY',
    });
    productIds[bundle] = product.id;
  }
  handler = orderDeliveryHandler({ db: db(), config: t.config }, { policy: POLICY });
});

afterAll(async () => {
  await t?.close();
  await sim?.close();
  delete process.env.SUPPLIER_TIMEOUT_MS;
});

afterEach(() => sim.reset());

describe('delivery of a purchase through the job queue', () => {
  it('delivers the eSIMs the supplier assigns: ICCID, SM-DP+, matching ID; the order succeeds', async () => {
    const key = randomUUID();
    const placed = await world.api.purchase(
      orderBody(world, [{ productId: productIds[JP]!, quantity: 2 }]),
      key,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.id as string;
    expect((await waitForOrder(orderId, ['success', 'failed'])).processing_status).toBe('success');

    const state = await simState();
    // One supplier order, placed with the order's Idempotency-Key as its reference.
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]).toMatchObject({ reference: key });
    const items = await itemsOf(orderId);
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.supplier_reference)).toEqual([
      state.orders[0]!.orderReference,
      state.orders[0]!.orderReference,
    ]);
    expect(new Set(items.map((item) => item.iccid)).size).toBe(2);
    expectDeliveredFrom(state, items);
    expect(items.every((item) => item.delivery_attempts === 1)).toBe(true);

    const detail = await world.api.call('GET', `order/detail?id=${orderId}`);
    expect(detail.body.data).toMatchObject({ processingStatus: 'success', processingError: null });
    expect(detail.body.data.items.map((item: Json) => item.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    const revealed = await world.api.call('POST', 'order/item/activation-code', {
      id: items[0]!.id,
    });
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(JSON.stringify(revealed.body)).toContain(esimOf(state, items[0]!.iccid).matchingId);

    const history = await world.api.call('GET', `order/history?id=${orderId}&page=1&pageSize=50`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const changes = (history.body.data.items as Json[]).flatMap((entry) => entry.changes);
    expect(changes).toContainEqual({ field: 'delivery', before: null, after: 'delivered' });
    expect(changes).toContainEqual({
      field: 'processingStatus',
      before: 'processing',
      after: 'success',
    });
    // The activation code never appears in the history.
    expect(JSON.stringify(history.body)).not.toContain(esimOf(state, items[0]!.iccid).matchingId);
  });
});

describe('the delivery job', () => {
  it('places one supplier order per supplier and gives each item an eSIM of its bundle', async () => {
    const orderId = await insertApiOrder([
      { bundle: JP, quantity: 1 },
      { bundle: KR, quantity: 2 },
    ]);
    const jobId = await enqueueDelivery(orderId);
    expect(await attempt(jobId)).toEqual({ ok: true });
    expect(await getJob(db(), jobId)).toMatchObject({
      status: 'succeeded',
      result: { orderId, outcome: 'success', delivered: 3, failed: 0 },
    });
    const state = await simState();
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]!.esims).toHaveLength(3);
    const items = await itemsOf(orderId);
    expect(items.map((item) => item.bundle)).toEqual([JP, KR, KR]);
    expectDeliveredFrom(state, items);
    expect((await orderRow(orderId)).processing_status).toBe('success');
  });

  it('retries a failing supplier, then fails the items and the order with a clear reason', async () => {
    const orderId = await insertApiOrder([{ bundle: JP, quantity: 2 }]);
    await control('fault', 'PUT', { status: 500 });
    const jobId = await enqueueDelivery(orderId);
    const reason = 'The supplier answered with an error. Try again later. (HTTP 500)';

    for (const tries of [1, 2]) {
      expect(await attempt(jobId)).toMatchObject({ ok: false, reason });
      // Waiting for the next try: the job is queued again, the items show why.
      expect(await getJob(db(), jobId)).toMatchObject({ status: 'queued', attempts: tries });
      expect((await orderRow(orderId)).processing_status).toBe('processing');
      expect(
        (await itemsOf(orderId)).map((item) => [
          item.status,
          item.delivery_error,
          item.delivery_attempts,
        ]),
      ).toEqual([
        ['processing', reason, tries],
        ['processing', reason, tries],
      ]);
    }
    // The last try: failed for staff to retry, and the job's work is done.
    expect(await attempt(jobId)).toEqual({ ok: true });
    expect(await getJob(db(), jobId)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      result: { outcome: 'failed', delivered: 0, failed: 2 },
    });
    expect(await orderRow(orderId)).toMatchObject({
      processing_status: 'failed',
      processing_error: reason,
    });
    const failed = await itemsOf(orderId);
    expect(failed.map((item) => [item.status, item.iccid, item.delivery_error])).toEqual([
      ['failed', null, reason],
      ['failed', null, reason],
    ]);
    expect((await simState()).orders).toHaveLength(0);
    const history = await world.api.call('GET', `order/history?id=${orderId}&page=1&pageSize=50`);
    expect((history.body.data.items as Json[]).flatMap((entry) => entry.changes)).toContainEqual({
      field: 'delivery',
      before: null,
      after: 'deliveryFailed',
    });

    // Staff retry once the supplier is back: delivered by the app's own queue.
    await control('fault', 'DELETE');
    const retried = await world.api.call('POST', 'order/retry-delivery', { id: orderId });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.message).toBe(ORDER_MESSAGES.deliveryRetried.text);
    const detail = retried.body.data as OrderDetail;
    expect(detail.id).toBe(orderId);
    expect(['pending', 'processing', 'success']).toContain(detail.processingStatus);
    expect((await waitForOrder(orderId, ['success', 'failed'])).processing_status).toBe('success');
    const state = await simState();
    expect(state.orders).toHaveLength(1);
    expectDeliveredFrom(state, await itemsOf(orderId));

    // Nothing left to retry.
    const again = await world.api.call('POST', 'order/retry-delivery', { id: orderId });
    expect(again.status).toBe(422);
    expect(again.body.errorMessage).toBe(ORDER_MESSAGES.nothingToRetry.text);
  });

  it('fails at once when a retry cannot help (the supplier refuses the key)', async () => {
    const orderId = await insertApiOrder([{ bundle: JP, quantity: 1 }]);
    await control('fault', 'PUT', { status: 403 });
    const jobId = await enqueueDelivery(orderId);
    expect(await attempt(jobId)).toEqual({ ok: true });
    const reason = "The supplier refused the API key. Check the supplier's API key. (HTTP 403)";
    expect(await orderRow(orderId)).toMatchObject({
      processing_status: 'failed',
      processing_error: reason,
    });
    expect((await itemsOf(orderId))[0]).toMatchObject({ status: 'failed', delivery_error: reason });
    expect(JSON.stringify(await itemsOf(orderId))).not.toContain(KEY);
  });

  it('never buys twice: a retry reads the placed order, a repeated reference gets the same order', async () => {
    const orderId = await insertApiOrder([{ bundle: JP, quantity: 2 }]);
    // validate and transaction answer; the assignments then fail.
    await control('fault', 'PUT', { status: 500, skip: 2, times: 1 });
    const jobId = await enqueueDelivery(orderId);
    expect((await attempt(jobId)).ok).toBe(false);
    const placed = (await simState()).orders;
    expect(placed).toHaveLength(1);
    const checkpoint = await itemsOf(orderId);
    expect(checkpoint.map((item) => [item.status, item.supplier_reference])).toEqual([
      ['processing', placed[0]!.orderReference],
      ['processing', placed[0]!.orderReference],
    ]);

    // As if the answer was lost before the checkpoint: the next try places the transaction
    // again with the same reference, and the supplier answers the order it already placed.
    await db().execute(sql`
      UPDATE order_items SET supplier_reference = NULL, iccid = NULL WHERE order_id = ${orderId}`);
    expect(await attempt(jobId)).toEqual({ ok: true });
    const state = await simState();
    expect(state.orders).toHaveLength(1);
    const items = await itemsOf(orderId);
    expect(items.map((item) => item.supplier_reference)).toEqual([
      placed[0]!.orderReference,
      placed[0]!.orderReference,
    ]);
    expectDeliveredFrom(state, items);
    expect(items.map((item) => item.iccid).sort()).toEqual(
      placed[0]!.esims.map((esim) => esim.iccid).sort(),
    );

    // The connector's own view: the same reference twice is one supplier order.
    const connector = createEsimGoConnector({
      baseUrl: sim.url,
      apiKey: KEY,
      fetch: createOutboundFetch(parseAllowList(['127.0.0.1'])),
    });
    const first = await connector.createOrder([{ bundle: KR, quantity: 1 }], {
      reference: 'ref-x1',
    });
    const second = await connector.createOrder([{ bundle: KR, quantity: 1 }], {
      reference: 'ref-x1',
    });
    expect(second.orderReference).toBe(first.orderReference);
    expect(second.esims).toEqual(first.esims);
    expect((await simState()).orders).toHaveLength(2);
  });

  it('waits for a large order the supplier processes asynchronously', async () => {
    const orderId = await insertApiOrder([{ bundle: JP, quantity: 6 }]);
    const jobId = await enqueueDelivery(orderId);
    expect(await attempt(jobId)).toMatchObject({
      ok: false,
      reason: 'The supplier is still preparing the eSIMs. Delivery tries again shortly.',
    });
    expect((await itemsOf(orderId)).every((item) => item.status === 'processing')).toBe(true);
    // The order is placed (its reference is on the items): the next try only reads its eSIMs.
    const callsBefore = sim.calls;
    expect(await attempt(jobId)).toEqual({ ok: true });
    expect(sim.calls - callsBefore).toBe(1);
    const state = await simState();
    expect(state.orders).toHaveLength(1);
    const items = await itemsOf(orderId);
    expect(items).toHaveLength(6);
    expectDeliveredFrom(state, items);
    expect(items.every((item) => item.delivery_attempts === 2)).toBe(true);
    expect((await orderRow(orderId)).processing_status).toBe('success');
  });
});

describe('two delivery jobs of one order', () => {
  it('the newer leaves the order to the older one running: one supplier order', async () => {
    const orderId = await insertApiOrder([{ bundle: KR, quantity: 2 }]);
    const older = await enqueueDelivery(orderId);
    const newer = await enqueueDelivery(orderId);
    const olderJob = await claimJobRecord(db(), older);
    const callsBefore = sim.calls;
    expect(await attempt(newer)).toEqual({ ok: true });
    expect(await getJob(db(), newer)).toMatchObject({ result: { outcome: 'yielded' } });
    expect(sim.calls).toBe(callsBefore);
    expect((await itemsOf(orderId)).map((item) => item.status)).toEqual(['pending', 'pending']);

    await runJobRecord({ db: db(), log, handler, job: olderJob!, willRetry: true });
    expect((await orderRow(orderId)).processing_status).toBe('success');
    expect((await simState()).orders).toHaveLength(1);
  });
});

describe('order/retry-delivery', () => {
  it("keeps a partner's staff to their own orders, and refuses an order that is not failed", async () => {
    const orderId = await insertApiOrder([{ bundle: JP, quantity: 1 }]);
    await control('fault', 'PUT', { status: 403 });
    await attempt(await enqueueDelivery(orderId));
    await control('fault', 'DELETE');
    expect((await orderRow(orderId)).processing_status).toBe('failed');

    const other = await createPartner(world.api, world.tariffCode);
    const outsider = orderApi(t, await partnerAccountToken(t, world.api, other.id));
    const refused = await outsider.call('POST', 'order/retry-delivery', { id: orderId });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(world.partnerName);
    expect((await orderRow(orderId)).processing_status).toBe('failed');

    const own = orderApi(t, await partnerAccountToken(t, world.api, world.partnerId));
    const retried = await own.call('POST', 'order/retry-delivery', { id: orderId });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await waitForOrder(orderId, ['success', 'failed'])).processing_status).toBe('success');

    const pending = await insertApiOrder([{ bundle: JP, quantity: 1 }]);
    const notFailed = await world.api.call('POST', 'order/retry-delivery', { id: pending });
    expect(notFailed.status).toBe(422);
    expect(notFailed.body.errorMessage).toBe(ORDER_MESSAGES.nothingToRetry.text);
    const unknown = await world.api.call('POST', 'order/retry-delivery', { id: randomUUID() });
    expect(unknown.status).toBe(404);
    const invalid = await world.api.call('POST', 'order/retry-delivery', { id: 'not-an-id' });
    expect(invalid.status).toBe(400);
  });
});

describe('restarting a lost delivery', () => {
  it('starts a job for API items left pending a minute without one, once', async () => {
    const lost = await insertApiOrder([{ bundle: JP, quantity: 1 }]);
    const recent = await insertApiOrder([{ bundle: JP, quantity: 1 }]);
    await db().execute(sql`
      UPDATE order_items SET updated_at = now() - interval '2 minutes' WHERE order_id = ${lost}`);
    const started: string[] = [];
    const jobs = {
      enqueue: async (job: Parameters<typeof enqueueJob>[1]) => {
        const id = await enqueueJob(db(), job);
        started.push(id);
        return id;
      },
    };
    const restarted = async () =>
      (
        await query<{ order_id: string }>(sql`
        SELECT payload->>'orderId' AS order_id FROM jobs
        WHERE kind = ${ORDER_DELIVERY_JOB} AND id = ANY(${sql.param(started)}::uuid[])`)
      ).map((row) => row.order_id);

    await restartLostDeliveries(db(), jobs, new Date());
    expect(await restarted()).toEqual([lost]);
    // Its job is queued: the next sweep leaves the order alone.
    await restartLostDeliveries(db(), jobs, new Date());
    expect(started).toHaveLength(1);

    expect(await attempt(started[0]!)).toEqual({ ok: true });
    expect((await orderRow(lost)).processing_status).toBe('success');
    expect((await orderRow(recent)).processing_status).toBe('pending');
  });

  it('startOrderDelivery queues the delivery job of the order', async () => {
    const orderId = await insertApiOrder([{ bundle: KR, quantity: 1 }]);
    let queued: string | null = null;
    await startOrderDelivery(
      {
        jobs: {
          enqueue: async (job) => (queued = await enqueueJob(db(), job)),
        },
      },
      orderId,
      'staff@esim.test',
    );
    expect(await getJob(db(), queued!)).toMatchObject({
      kind: ORDER_DELIVERY_JOB,
      status: 'queued',
      payload: { orderId },
      createdBy: 'staff@esim.test',
    });
    expect(await attempt(queued!)).toEqual({ ok: true });
    expect((await orderRow(orderId)).processing_status).toBe('success');
  });
});
