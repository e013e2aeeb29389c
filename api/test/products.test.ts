import {
  MAX_LABELS_PER_PRODUCT,
  PRODUCT_MESSAGES,
  businessToday,
  isValidIccid,
  luhnCheckDigit,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit';
import { productAudit } from '../src/areas/products/audit';
import { createProductRecord, updateProductFields } from '../src/areas/products/records';
import { suppliers } from '../src/db/schema';
import { createTestApp, type TestContext } from './support/app';
import {
  api,
  expectFieldError,
  insertRate,
  insertSupplier,
  unique,
  type Api,
  type Json,
} from './tariffs-fixtures';

/*
 * Products: create and update (every field, ICCID, APN, labels), duplicates, the selling and
 * special price rules ('Selling Price must be greater than Cost Price.', periods, dates not in
 * the past), labels, stale versions and the history of every change with old and new values.
 */

let t: TestContext;
let a: Api;

const SELLING_ABOVE_COST = 'Selling Price must be greater than Cost Price.';
const DATE_NOT_PAST = 'Dates must be equal to or later than the current date.';
const NAME_EXISTS = 'Name already existed in the database.';

/** A valid ICCID: 89 + digits + its Luhn check digit. */
function iccid(body = '8981100000000000'): string {
  const digits = `89${body.slice(2)}`.padEnd(18, '7');
  return `${digits}${luhnCheckDigit(digits)}`;
}

function addDays(days: number): string {
  const date = new Date(`${businessToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  // 1 USD = 150.5 JPY: USD 10.00 (1000 minor) costs 1505 JPY.
  await insertRate(t, 'USD', '150.5');
});

afterAll(() => t?.close());

async function apiSupplier(): Promise<string> {
  const [row] = await t.database.db
    .insert(suppliers)
    .values({
      name: unique('API supplier'),
      currency: 'USD',
      purchaseCurrency: 'USD',
      deliveryType: 'api',
      connectorKind: 'esimgo',
      connectorBaseUrl: 'https://api.esim-go.com/v2.4',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning({ id: suppliers.id });
  return row!.id;
}

function productBody(supplierId: string, extra: Record<string, unknown> = {}) {
  return {
    supplierId,
    name: 'Japan 3GB 15 days',
    productCode: unique('P'),
    category: 'Japan',
    costMinor: 1000,
    costCurrency: 'USD',
    priceMinor: 1500,
    dataMb: 3072,
    durationDays: 15,
    coverage: ['jp'],
    type: 'package',
    network: 'local',
    ...extra,
  };
}

async function create(supplierId: string, extra: Record<string, unknown> = {}): Promise<Json> {
  const res = await a.post('product', productBody(supplierId, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function history(id: string): Promise<Json[]> {
  const res = await a.get(`product/history?id=${id}&pageSize=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
}

function change(entry: Json, field: string) {
  return entry.changes.find((item: Json) => item.field === field);
}

describe('isValidIccid', () => {
  it('wants 19-20 digits starting with 89 and a valid Luhn check digit', () => {
    const valid19 = iccid('8981100000000000');
    const valid20 = `${'8981100000000000123'}${luhnCheckDigit('8981100000000000123')}`;
    expect(valid19).toHaveLength(19);
    expect(isValidIccid(valid19)).toBe(true);
    expect(isValidIccid(valid20)).toBe(true);
    expect(isValidIccid('89014103211118510720')).toBe(true); // a published example
    const wrongCheck = `${valid19.slice(0, -1)}${(Number(valid19.at(-1)) + 1) % 10}`;
    expect(isValidIccid(wrongCheck)).toBe(false);
    expect(isValidIccid(`79${valid19.slice(2)}`)).toBe(false);
    expect(isValidIccid(valid19.slice(0, 18))).toBe(false);
    expect(isValidIccid(`${valid20}1`)).toBe(false);
    expect(isValidIccid('89a1100000000000000')).toBe(false);
    expect(isValidIccid('')).toBe(false);
  });
});

describe('POST product', () => {
  it('creates a product with every field, defaults and normalized labels', async () => {
    const supplier = await insertSupplier(t);
    const code = iccid('8981100000000001');
    const res = await a.post(
      'product',
      productBody(supplier.id, {
        iccid: code,
        display: 'Japan 3GB',
        description: 'Three gigabytes for two weeks.',
        labels: [' Sale ', 'sale', 'Japan'],
        sellingPriceJpy: 2400,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PRODUCT_MESSAGES.created);
    expect(res.body.data).toMatchObject({
      supplierId: supplier.id,
      supplierName: supplier.name,
      supplierDeliveryType: 'stock',
      iccid: code,
      display: 'Japan 3GB',
      coverage: ['JP'],
      throttlingSpeed: 128,
      apnType: 'automatic',
      apnValue: null,
      description: 'Three gigabytes for two weeks.',
      sellingPriceJpy: 2400,
      specialPriceJpy: null,
      specialActive: false,
      labels: ['Japan', 'Sale'],
      costJpy: 1505,
      exchangeRate: '150.5',
      grossProfit: 895,
      grossProfitPercent: 37.29,
      currentPriceJpy: 2400,
      version: 1,
      tariffPrices: [],
    });
    const [entry] = await history(res.body.data.id);
    expect(entry).toMatchObject({ action: 'create', actor: { email: 'admin@esim.test' } });
    expect(change(entry, 'sellingPriceJpy')).toEqual({
      field: 'sellingPriceJpy',
      before: null,
      after: 2400,
    });
  });

  it('checks every field', async () => {
    const supplier = await insertSupplier(t);
    const good = iccid('8981100000000002');
    const badCheck = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    expectFieldError(
      await a.post('product', productBody(supplier.id, { iccid: badCheck })),
      'iccid',
      'Invalid ICCID format.',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { iccid: '1234567890123456789' })),
      'iccid',
      'Invalid ICCID format.',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { description: 'x'.repeat(1001) })),
      'description',
      'Enter Description within 1000 characters.',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { apnType: 'manual' })),
      'apnValue',
      'APN is required.',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { apnType: 'sometimes' })),
      'apnType',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { throttlingSpeed: -1 })),
      'throttlingSpeed',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { throttlingSpeed: 1.5 })),
      'throttlingSpeed',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { labels: ['x'.repeat(51)] })),
      'labels.0',
      'Enter Label within 50 characters.',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { labels: ['  '] })),
      'labels.0',
    );
    const tooMany = Array.from({ length: MAX_LABELS_PER_PRODUCT + 1 }, (_, i) => `L${i}`);
    expectFieldError(
      await a.post('product', productBody(supplier.id, { labels: tooMany })),
      'labels',
    );
    // 21 spellings of 20 labels are fine: duplicates go first.
    const created = await create(supplier.id, { labels: [...tooMany.slice(0, 20), 'l0'] });
    expect(created.labels).toHaveLength(20);
    expectFieldError(await a.post('product', productBody(supplier.id, { name: '' })), 'name');
    expectFieldError(
      await a.post('product', productBody(supplier.id, { productCode: 'has space' })),
      'productCode',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { coverage: ['Japan'] })),
      'coverage.0',
    );
    // a manual APN with its value is fine
    const manual = await create(supplier.id, { apnType: 'manual', apnValue: 'internet.jp' });
    expect(manual).toMatchObject({ apnType: 'manual', apnValue: 'internet.jp' });
  });

  it('refuses a product code or ICCID already taken (409), ignoring case for codes', async () => {
    const supplier = await insertSupplier(t);
    const code = unique('dup');
    const first = iccid('8981100000000003');
    await create(supplier.id, { productCode: code, iccid: first });
    const sameCode = await a.post(
      'product',
      productBody(supplier.id, { productCode: code.toLowerCase() }),
    );
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.errors[0]).toMatchObject({ field: 'productCode', message: NAME_EXISTS });
    const sameIccid = await a.post('product', productBody(supplier.id, { iccid: first }));
    expect(sameIccid.status).toBe(409);
    expect(sameIccid.body.errors[0]).toMatchObject({ field: 'iccid', message: NAME_EXISTS });
  });

  it('takes only stock-type suppliers, existing ones, active currencies', async () => {
    const res = await a.post('product', productBody(await apiSupplier()));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe(PRODUCT_MESSAGES.apiSupplier);
    const supplier = await insertSupplier(t);
    expectFieldError(
      await a.post('product', productBody('00000000-0000-4000-8000-000000000000')),
      'supplierId',
    );
    expectFieldError(
      await a.post('product', productBody(supplier.id, { costCurrency: 'ZZZ' })),
      'costCurrency',
    );
  });

  it('refuses a selling price at or below the cost in JPY', async () => {
    const supplier = await insertSupplier(t);
    expectFieldError(
      await a.post('product', productBody(supplier.id, { sellingPriceJpy: 1505 })),
      'sellingPriceJpy',
      SELLING_ABOVE_COST,
    );
    expect((await create(supplier.id, { sellingPriceJpy: 1506 })).grossProfit).toBe(1);
  });
});

describe('PUT product', () => {
  it('updates the fields with the version loaded, 409 when stale, history with old and new', async () => {
    const supplier = await insertSupplier(t);
    const product = await create(supplier.id);
    const body = {
      ...productBody(supplier.id, {
        productCode: product.productCode,
        name: 'Japan 3GB 15 days (new)',
        costMinor: 1100,
        throttlingSpeed: 256,
        apnType: 'manual',
        apnValue: 'apn.example',
      }),
      id: product.id,
      version: product.version,
    };
    const res = await a.put('product', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(PRODUCT_MESSAGES.updated);
    expect(res.body.data).toMatchObject({
      name: 'Japan 3GB 15 days (new)',
      costMinor: 1100,
      costJpy: 1656,
      throttlingSpeed: 256,
      apnType: 'manual',
      apnValue: 'apn.example',
      version: 2,
    });
    const stale = await a.put('product', body);
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('version');
    const [entry] = await history(product.id);
    expect(entry.action).toBe('update');
    expect(change(entry, 'costMinor')).toEqual({ field: 'costMinor', before: 1000, after: 1100 });
    expect(change(entry, 'throttlingSpeed')).toEqual({
      field: 'throttlingSpeed',
      before: 128,
      after: 256,
    });
    expect(change(entry, 'version')).toBeUndefined();
  });

  it('answers 404 for an unknown product and 409 for a code taken by another', async () => {
    const supplier = await insertSupplier(t);
    const one = await create(supplier.id);
    const two = await create(supplier.id);
    const missing = await a.put('product', {
      ...productBody(supplier.id),
      id: '00000000-0000-4000-8000-000000000000',
      version: 1,
    });
    expect(missing.status).toBe(404);
    const taken = await a.put('product', {
      ...productBody(supplier.id, { productCode: one.productCode }),
      id: two.id,
      version: two.version,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ field: 'productCode', message: NAME_EXISTS });
  });
});

describe('PUT product/edit-selling-price', () => {
  it('wants more than the cost at today’s rate, records old and new', async () => {
    const supplier = await insertSupplier(t);
    const product = await create(supplier.id, { sellingPriceJpy: 2000 });
    const atCost = await a.put('product/edit-selling-price', {
      id: product.id,
      version: product.version,
      sellingPriceJpy: 1505,
    });
    expectFieldError(atCost, 'sellingPriceJpy', SELLING_ABOVE_COST);
    expectFieldError(
      await a.put('product/edit-selling-price', {
        id: product.id,
        version: product.version,
        sellingPriceJpy: 0,
      }),
      'sellingPriceJpy',
    );
    const res = await a.put('product/edit-selling-price', {
      id: product.id,
      version: product.version,
      sellingPriceJpy: 1506,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(PRODUCT_MESSAGES.sellingPriceUpdated);
    expect(res.body.data).toMatchObject({ sellingPriceJpy: 1506, grossProfit: 1, version: 2 });
    const stale = await a.put('product/edit-selling-price', {
      id: product.id,
      version: product.version,
      sellingPriceJpy: 3000,
    });
    expect(stale.status).toBe(409);
    const [entry] = await history(product.id);
    expect(entry).toMatchObject({ action: 'update', actor: { email: 'admin@esim.test' } });
    expect(entry.changes).toEqual([{ field: 'sellingPriceJpy', before: 2000, after: 1506 }]);
    expect(typeof entry.at).toBe('string');
  });

  it('is the 422 of the rates when the cost currency has no rate', async () => {
    const supplier = await insertSupplier(t, unique('EUR supplier'), 'EUR');
    const product = await create(supplier.id, { costCurrency: 'EUR' });
    expect(product.costJpy).toBeNull();
    expect(product.grossProfit).toBeNull();
    const res = await a.put('product/edit-selling-price', {
      id: product.id,
      version: product.version,
      sellingPriceJpy: 5000,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe(
      'Exchange rate for a currency pair not available: EUR/JPY',
    );
  });
});

describe('PUT product/edit-special-price', () => {
  it('sets a price above the cost with a period, refuses past and reversed dates, clears', async () => {
    const supplier = await insertSupplier(t);
    const product = await create(supplier.id, { sellingPriceJpy: 2500 });
    const base = { id: product.id, version: product.version };
    expectFieldError(
      await a.put('product/edit-special-price', { ...base, specialPriceJpy: 1505 }),
      'specialPriceJpy',
      SELLING_ABOVE_COST,
    );
    expectFieldError(
      await a.put('product/edit-special-price', {
        ...base,
        specialPriceJpy: 2000,
        specialFrom: addDays(-10),
        specialTo: addDays(-1),
      }),
      'specialTo',
      DATE_NOT_PAST,
    );
    expectFieldError(
      await a.put('product/edit-special-price', {
        ...base,
        specialPriceJpy: 2000,
        specialFrom: addDays(5),
        specialTo: addDays(2),
      }),
      'specialTo',
      'Invalid date range format.',
    );
    expectFieldError(
      await a.put('product/edit-special-price', {
        ...base,
        specialPriceJpy: 2000,
        specialFrom: '2026-02-30',
      }),
      'specialFrom',
    );
    const set = await a.put('product/edit-special-price', {
      ...base,
      specialPriceJpy: 2000,
      specialFrom: addDays(-3),
      specialTo: businessToday(),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe(PRODUCT_MESSAGES.specialPriceUpdated);
    expect(set.body.data).toMatchObject({
      specialPriceJpy: 2000,
      specialFrom: addDays(-3),
      specialTo: businessToday(),
      specialActive: true,
      currentPriceJpy: 2000,
      sellingPriceJpy: 2500,
      // The gross profit of the price that applies today; the selling price's margin beside it.
      grossProfit: 495,
      sellingGrossProfit: 995,
    });
    const stale = await a.put('product/edit-special-price', { ...base, specialPriceJpy: 2100 });
    expect(stale.status).toBe(409);
    const future = await a.put('product/edit-special-price', {
      id: product.id,
      version: set.body.data.version,
      specialPriceJpy: 2100,
      specialFrom: addDays(1),
      specialTo: null,
    });
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    expect(future.body.data).toMatchObject({
      specialActive: false,
      currentPriceJpy: 2500,
      specialTo: null,
    });
    const cleared = await a.put('product/edit-special-price', {
      id: product.id,
      version: future.body.data.version,
      specialPriceJpy: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe(PRODUCT_MESSAGES.specialPriceCleared);
    expect(cleared.body.data).toMatchObject({
      specialPriceJpy: null,
      specialFrom: null,
      specialTo: null,
    });
    const entries = await history(product.id);
    expect(entries[0].changes).toEqual([
      { field: 'specialPriceJpy', before: 2100, after: null },
      { field: 'specialFrom', before: addDays(1), after: null },
    ]);
    expect(change(entries[1], 'specialPriceJpy')).toEqual({
      field: 'specialPriceJpy',
      before: 2000,
      after: 2100,
    });
    expect(change(entries[2], 'specialPriceJpy')).toEqual({
      field: 'specialPriceJpy',
      before: null,
      after: 2000,
    });
    expect(change(entries[2], 'specialTo')).toEqual({
      field: 'specialTo',
      before: null,
      after: businessToday(),
    });
  });
});

describe('PUT product/label and GET product/label/list', () => {
  it('replaces labels, keeps the spelling in use, counts them', async () => {
    const supplier = await insertSupplier(t);
    const tag = unique('tag');
    const one = await create(supplier.id, { labels: [tag] });
    const two = await create(supplier.id);
    const res = await a.put('product/label', {
      id: two.id,
      version: two.version,
      labels: [` ${tag.toLowerCase()} `, 'Winter', 'winter'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(PRODUCT_MESSAGES.labelsUpdated);
    expect(res.body.data.labels).toEqual(
      [tag, 'Winter'].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1)),
    );
    const stale = await a.put('product/label', { id: two.id, version: two.version, labels: [] });
    expect(stale.status).toBe(409);
    expectFieldError(
      await a.put('product/label', {
        id: two.id,
        version: res.body.data.version,
        labels: Array.from({ length: 21 }, (_, i) => `x${i}`),
      }),
      'labels',
    );
    const labels = await a.get('product/label/list');
    expect(labels.status).toBe(200);
    expect(labels.body.data.items).toContainEqual({ label: tag, count: 2 });
    const [entry] = await history(two.id);
    expect(change(entry, 'labels')).toEqual({
      field: 'labels',
      before: [],
      after: res.body.data.labels,
    });
    expect(one.labels).toEqual([tag]);
  });
});

describe('GET product', () => {
  it('answers every field with the tariff price lists it appears in', async () => {
    const supplier = await insertSupplier(t);
    const product = await create(supplier.id, { sellingPriceJpy: 2500 });
    const group = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'Group' });
    expect(group.status).toBe(201);
    const code = await a.post('tariff', {
      tariffGroup: group.body.data.tariffGroup,
      tariffCode: unique('C'),
      logic1: 20,
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const manual = await a.put('tariff/product-price', {
      tariffCode: code.body.data.tariffCode,
      productId: product.id,
      sellingPriceJpy: 3000,
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const res = await a.get(`product?id=${product.id}`);
    expect(res.status).toBe(200);
    const prices: Json[] = res.body.data.tariffPrices;
    // the group's own default code (if any) and ours; ours has the manual price
    const ours = prices.find((item) => item.tariffCodeId === code.body.data.id);
    expect(ours).toMatchObject({
      tariffCode: code.body.data.tariffCode,
      tariffGroup: group.body.data.tariffGroup,
      costJpy: 1505,
      // cost x 1.2 rounded up
      computedPrice: 1806,
      manualPrice: 3000,
      effectivePrice: 3000,
      priceSource: 'manual',
      grossProfit: 1495,
      grossProfitPercent: 49.83,
    });
    const missing = await a.get('product?id=00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);

    const detail = await a.get(`product/prices?id=${product.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.product).toMatchObject({ id: product.id, costJpy: 1505 });
    expect(detail.body.data.prices).toEqual(prices);
  });
});

describe('service functions for other areas', () => {
  it('createProductRecord and updateProductFields write in the caller’s transaction, audited', async () => {
    const supplierId = await apiSupplier();
    const record = await t.database.db.transaction((tx) =>
      createProductRecord(
        tx,
        {
          supplierId,
          name: 'Synced product',
          productCode: unique('SYNC'),
          costMinor: 500,
          costCurrency: 'USD',
          durationDays: 7,
          type: 'package',
          network: 'local',
          coverage: ['KR'],
        },
        SYSTEM_ACTOR,
      ),
    );
    expect(record).toMatchObject({ supplierDeliveryType: 'api', throttlingSpeed: 128 });
    const updated = await t.database.db.transaction((tx) =>
      updateProductFields(tx, record.id, { costMinor: 450, coverage: ['KR', 'JP'] }, SYSTEM_ACTOR),
    );
    expect(updated).toMatchObject({ costMinor: 450, coverage: ['KR', 'JP'], version: 2 });
    const [entry] = await history(record.id);
    expect(entry).toMatchObject({ actor: { email: 'system' } });
    expect(entry.changes).toEqual([
      { field: 'costMinor', before: 500, after: 450 },
      { field: 'coverage', before: ['KR'], after: ['KR', 'JP'] },
    ]);
    expect(productAudit.type).toBe('product');
    // a rollback takes the audit entry with it
    await expect(
      t.database.db.transaction(async (tx) => {
        await updateProductFields(tx, record.id, { durationDays: 30 }, SYSTEM_ACTOR);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await history(record.id)).toHaveLength(2);
  });
});
