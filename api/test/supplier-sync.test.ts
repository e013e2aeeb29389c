/**
 * Supplier sync through the API against the eSIM Go simulator over real HTTP: the list of new and
 * changed supplier products field by field, accepting one (cost, data, duration, coverage, with
 * history old/new), bulk accept, a stale hash (409), supplier failures (502/504, nothing
 * changes), and the external stock lists.
 */
import { ROLE_IDS, type SyncItem, type SyncListResult } from '@esim/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../src/connectors/esimgo/sample-catalogue';
import { createEsimGoSimulator, type EsimGoSimulator } from '../src/connectors/esimgo/simulator';
import { auditLog, products, supplierCatalogueItems } from '../src/db/schema';
import { createTestApp, type TestContext, type TestUser } from './support/app';

const KEY = 'sync-test-key-a81f22';
const GB = 1024;

let t: TestContext;
let admin: string;
let partner: TestUser;
let sim: EsimGoSimulator;
let supplierId: string;

interface ProductSeed {
  code: string;
  cost: number;
  currency?: string;
  dataMb: number | null;
  days: number;
  coverage: string[];
}

/** Ours, matching the simulator's demo catalogue: 5 unchanged, 3 changed; 2 are new there. */
const OURS: ProductSeed[] = [
  { code: 'ESG-JP-1GB-7D', cost: 350, dataMb: 1 * GB, days: 7, coverage: ['JP'] },
  { code: 'ESG-JP-3GB-15D', cost: 820, dataMb: 3 * GB, days: 15, coverage: ['JP'] },
  { code: 'ESG-KR-5GB-15D', cost: 1150, dataMb: 5 * GB, days: 15, coverage: ['KR'] },
  { code: 'ESG-TH-UL-1D', cost: 210, dataMb: null, days: 1, coverage: ['TH'] },
  {
    code: 'ESG-GLOBAL-3GB-30D',
    cost: 2450,
    dataMb: 3 * GB,
    days: 30,
    coverage: 'JP KR TW HK SG TH MY VN DE FR IT ES NL AT CH BE PT GB US AU'.split(' '),
  },
  { code: 'ESG-JP-10GB-30D', cost: 1990, dataMb: 10 * GB, days: 30, coverage: ['JP'] },
  { code: 'ESG-US-5GB-30D', cost: 1375, dataMb: 5 * GB, days: 30, coverage: ['US'] },
  {
    code: 'ESG-ASIA-5GB-15D',
    cost: 1590,
    dataMb: 5 * GB,
    days: 15,
    coverage: ['JP', 'KR', 'TW', 'HK', 'SG', 'TH', 'MY', 'VN'],
  },
];

async function insertProduct(seed: ProductSeed, forSupplier = supplierId) {
  const [row] = await t.database.db
    .insert(products)
    .values({
      supplierId: forSupplier,
      name: seed.code,
      productCode: seed.code,
      costMinor: seed.cost,
      costCurrency: seed.currency ?? 'USD',
      dataMb: seed.dataMb,
      durationDays: seed.days,
      coverage: seed.coverage,
      type: 'package',
      network: seed.coverage.length > 1 ? 'round' : 'local',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning();
  return row!;
}

async function productByCode(code: string) {
  const [row] = await t.database.db
    .select()
    .from(products)
    .where(sql`lower(${products.productCode}) = lower(${code})`);
  return row;
}

async function createSupplier(name: string, baseUrl: string, apiKey: string | null = KEY) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/supplier',
    token: admin,
    payload: {
      name,
      deliveryType: 'api',
      connectorKind: 'esimgo',
      baseUrl,
      apiKey,
      currency: 'USD',
      purchaseCurrency: 'USD',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function list(filter?: string, id = supplierId) {
  return t.inject({
    method: 'POST',
    url: '/api/mng/product/external/product-for-update/list',
    token: admin,
    payload: { supplierId: id, ...(filter ? { filter } : {}) },
  });
}

async function listed(filter?: string): Promise<SyncListResult> {
  const res = await list(filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SyncListResult;
}

async function apply(items: { ref: string; hash: string }[], token = admin) {
  return t.inject({
    method: 'PUT',
    url: '/api/mng/product/external/product-for-update',
    token,
    payload: { supplierId, items },
  });
}

function item(result: SyncListResult, ref: string): SyncItem {
  const found = result.items.find((entry) => entry.ref === ref);
  if (!found) throw new Error(`${ref} not listed`);
  return found;
}

async function productHistory(productId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, productId))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

beforeAll(async () => {
  process.env.SUPPLIER_TIMEOUT_MS = '400';
  sim = createEsimGoSimulator({ apiKey: KEY });
  await sim.listen(0);
  // The simulator listens on 127.0.0.1: allow-listed, as OUTBOUND_ALLOW_LIST would.
  t = await createTestApp({ config: { outboundAllowList: ['127.0.0.1'] } });
  admin = await t.adminToken();
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
  supplierId = await createSupplier('eSIM Go (simulator)', sim.url);
  for (const seed of OURS) await insertProduct(seed);
});

afterAll(async () => {
  await t?.close();
  await sim?.close();
  delete process.env.SUPPLIER_TIMEOUT_MS;
});

afterEach(() => sim.reset());

describe('product/external/product-for-update/list', () => {
  it('shows the new and changed supplier products, field by field', async () => {
    const result = await listed();
    expect(result).toMatchObject({
      supplierId,
      catalogueCount: sampleCatalogue().length,
      newCount: 2,
      changedCount: 3,
      unchangedCount: 5,
    });
    expect(result.items.map((entry) => entry.ref)).toEqual([
      'ESG-ASIA-5GB-15D',
      'ESG-JP-10GB-30D',
      'ESG-US-5GB-30D',
      'ESG-AU-5GB-30D',
      'ESG-SG-3GB-7D',
    ]);
    const cost = item(result, 'ESG-JP-10GB-30D');
    expect(cost).toMatchObject({
      status: 'changed',
      changedFields: ['cost'],
      ours: { costMinor: 1990, costCurrency: 'USD' },
      theirs: { costMinor: 1850, costCurrency: 'USD', dataMb: 10 * GB, durationDays: 30 },
    });
    expect(cost.hash).toMatch(/^[a-f0-9]{64}$/);
    expect(item(result, 'ESG-US-5GB-30D')).toMatchObject({
      changedFields: ['dataMb'],
      ours: { dataMb: 5 * GB },
      theirs: { dataMb: 6 * GB },
    });
    expect(item(result, 'ESG-ASIA-5GB-15D').changedFields).toEqual(['coverage']);
    expect(item(result, 'ESG-ASIA-5GB-15D').theirs.coverage).toContain('PH');
    expect(item(result, 'ESG-SG-3GB-7D')).toMatchObject({
      status: 'new',
      productId: null,
      ours: null,
      theirs: { costMinor: 420, costCurrency: 'USD', dataMb: 3 * GB, durationDays: 7 },
    });
    // The snapshot is stored, one row per supplier product.
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(supplierCatalogueItems)
      .where(eq(supplierCatalogueItems.supplierId, supplierId));
    expect(stored?.n).toBe(sampleCatalogue().length);
  });

  it('filters new or changed', async () => {
    expect((await listed('new')).items.map((entry) => entry.status)).toEqual(['new', 'new']);
    expect((await listed('changed')).items.every((entry) => entry.status === 'changed')).toBe(true);
  });

  it('shows one supplier product beside ours', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/product/external/product/get?supplierId=${supplierId}&ref=ESG-JP-1GB-7D`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'unchanged', changedFields: [] });
    const missing = await t.inject({
      method: 'GET',
      url: `/api/mng/product/external/product/get?supplierId=${supplierId}&ref=nope`,
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is a 422 for a stock supplier and for a supplier without a key', async () => {
    const stock = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: { name: 'Stock only', deliveryType: 'stock', currency: 'JPY' },
    });
    expect((await list(undefined, stock.json().data.id)).statusCode).toBe(422);
    const keyless = await createSupplier('No key yet', sim.url, null);
    const res = await list(undefined, keyless);
    expect(res.statusCode).toBe(422);
    expect(res.json().errorMessage).toContain('API key');
  });
});

describe('supplier failures change nothing', () => {
  async function snapshotRows() {
    return t.database.db
      .select()
      .from(supplierCatalogueItems)
      .where(eq(supplierCatalogueItems.supplierId, supplierId))
      .orderBy(supplierCatalogueItems.ref);
  }

  it.each([
    ['a server error', { status: 500 }, 502, 'answered with an error'],
    ['malformed JSON', { malformed: true }, 502, 'cannot be read'],
    ['a timeout', { delayMs: 1500 }, 504, 'did not answer in time'],
  ])('%s', async (_name, fault, status, text) => {
    await listed();
    const before = await snapshotRows();
    sim.updateBundle('ESG-JP-1GB-7D', { price: 1 });
    sim.setFault(fault);
    const res = await list();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errorMessage).toContain(text);
    expect(res.body).not.toContain(KEY);
    expect(await snapshotRows()).toEqual(before);
    expect((await productByCode('ESG-JP-1GB-7D'))?.costMinor).toBe(350);
  });

  it('a refused key is a 502 that names the API key', async () => {
    const wrong = await createSupplier('Wrong key', sim.url, 'not-the-key');
    const res = await list(undefined, wrong);
    expect(res.statusCode).toBe(502);
    expect(res.json().errorMessage).toContain('API key');
    expect(res.body).not.toContain('not-the-key');
  });
});

describe('PUT product/external/product-for-update', () => {
  it('accepting a change updates the cost and writes the history with old and new', async () => {
    const shown = item(await listed(), 'ESG-JP-10GB-30D');
    const res = await apply([{ ref: shown.ref, hash: shown.hash }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Product synced.');
    expect(res.json().data).toMatchObject({ created: 0, updated: 1 });
    const product = await productByCode('ESG-JP-10GB-30D');
    expect(product).toMatchObject({ costMinor: 1850, costCurrency: 'USD', version: 2 });
    const [entry] = await productHistory(product!.id);
    expect(entry).toMatchObject({ entityType: 'product', action: 'update' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'costMinor', before: 1990, after: 1850 },
        { field: 'source', before: null, after: 'supplier sync' },
      ]),
    );
    // Read through the API as well (the product's audit history).
    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/audit/history?entityType=product&entityId=${product!.id}`,
      token: admin,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json().data)).toContain('1850');
    // It is in sync now.
    expect((await listed()).items.map((entry) => entry.ref)).not.toContain('ESG-JP-10GB-30D');
  });

  it('updates data, duration and coverage', async () => {
    sim.updateBundle('ESG-KR-5GB-15D', {
      dataAmount: 8 * GB,
      duration: 20,
      countries: ['KR', 'JP'],
    });
    const shown = item(await listed(), 'ESG-KR-5GB-15D');
    expect(shown.changedFields).toEqual(['dataMb', 'durationDays', 'coverage']);
    expect((await apply([{ ref: shown.ref, hash: shown.hash }])).statusCode).toBe(200);
    const product = await productByCode('ESG-KR-5GB-15D');
    expect(product).toMatchObject({ costMinor: 1150, dataMb: 8 * GB, durationDays: 20 });
    expect(product?.coverage).toEqual(['JP', 'KR']);
    const [entry] = await productHistory(product!.id);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'dataMb', before: 5 * GB, after: 8 * GB },
        { field: 'durationDays', before: 15, after: 20 },
        { field: 'coverage', before: ['KR'], after: ['JP', 'KR'] },
      ]),
    );
  });

  it('accepts in bulk: creates the new products and updates the changed, in one call', async () => {
    const result = await listed();
    expect(result.changedCount).toBeGreaterThanOrEqual(2);
    const res = await apply(result.items.map(({ ref, hash }) => ({ ref, hash })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 2, updated: result.changedCount });
    const created = await productByCode('ESG-SG-3GB-7D');
    expect(created).toMatchObject({
      supplierId,
      name: 'Singapore 3GB 7 days',
      costMinor: 420,
      costCurrency: 'USD',
      dataMb: 3 * GB,
      durationDays: 7,
      coverage: ['SG'],
      status: 'inactive',
    });
    const [entry] = await productHistory(created!.id);
    expect(entry).toMatchObject({ action: 'create' });
    expect((await productByCode('ESG-US-5GB-30D'))?.dataMb).toBe(6 * GB);
    expect((await listed()).items).toEqual([]);
  });

  it('refuses a stale hash with 409 and changes nothing (all or nothing)', async () => {
    sim.updateBundle('ESG-JP-1GB-7D', { price: 3.25 });
    sim.updateBundle('ESG-JP-3GB-15D', { price: 7.9 });
    const shown = await listed();
    const first = item(shown, 'ESG-JP-1GB-7D');
    const second = item(shown, 'ESG-JP-3GB-15D');
    // The supplier changes again and someone reloads: the snapshot moves on.
    sim.updateBundle('ESG-JP-3GB-15D', { price: 7.5 });
    await listed();
    const res = await apply([
      { ref: first.ref, hash: first.hash },
      { ref: second.ref, hash: second.hash },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(
      'The supplier data changed. Reload the list and try again.',
    );
    expect((await productByCode('ESG-JP-1GB-7D'))?.costMinor).toBe(350);
    expect((await productByCode('ESG-JP-3GB-15D'))?.costMinor).toBe(820);
    // An unknown ref is stale as well.
    expect((await apply([{ ref: 'never-listed', hash: first.hash }])).statusCode).toBe(409);
  });

  it('nothing changes without the call: listing alone leaves products as they are', async () => {
    sim.updateBundle('ESG-TH-UL-1D', { price: 9 });
    await listed();
    expect((await productByCode('ESG-TH-UL-1D'))?.costMinor).toBe(210);
  });

  it('needs PUT on products', async () => {
    sim.updateBundle('ESG-JP-1GB-7D', { price: 4 });
    const shown = item(await listed(), 'ESG-JP-1GB-7D');
    const res = await apply([{ ref: shown.ref, hash: shown.hash }], partner.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('external stock', () => {
  it('stock/external/list: API suppliers with their connector state and eSIM count', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/stock/external/list',
      token: admin,
      payload: { page: 1, pageSize: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as {
      id: string;
      connectorStatus: string;
      esimCount: number | null;
    }[];
    expect(items.find((entry) => entry.id === supplierId)).toMatchObject({
      connectorStatus: 'ok',
      esimCount: 25,
    });
    expect(items.some((entry) => entry.connectorStatus === 'noKey')).toBe(true);
    expect(res.body).not.toContain(KEY);
  });

  it('stock/external/stock/list: a page of the eSIMs at the supplier, codes masked', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/stock/external/stock/list',
      token: admin,
      payload: { supplierId, page: 3, pageSize: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 25, page: 3, pageSize: 10 });
    expect(data.items).toHaveLength(5);
    expect(data.items[0].iccid).toMatch(/^89/);
    expect(data.items[0].activationCodeMasked).toMatch(/^LPA:1\$.*…/);
    // The full matching id never leaves the API.
    const full = await fetch(sim.url.replace(/\/v2\.4$/, '') + '/__control/state');
    const { esims } = (await full.json()) as { esims: { matchingId: string }[] };
    for (const esim of esims) expect(res.body).not.toContain(esim.matchingId);
  });

  it('a supplier failure is a 502 for the stock list', async () => {
    sim.setFault({ status: 500 });
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/stock/external/stock/list',
      token: admin,
      payload: { supplierId, page: 1, pageSize: 10 },
    });
    expect(res.statusCode).toBe(502);
  });
});
