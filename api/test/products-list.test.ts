import { CSV_BOM } from '../src/csv';
import { PRODUCT_PRICE_SORT_COLUMNS, PRODUCT_SORT_COLUMNS, luhnCheckDigit } from '@esim/contracts';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { fieldLabel } from './support/locale';
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
 * product/list and product/price/list: cost at today's rate, selling and special price, gross
 * profit; every filter; sorting in PostgreSQL (gross profit, labels, a tariff code's price);
 * the missing-rate 422; CSV exports that neutralise formulas.
 */

let t: TestContext;
let a: Api;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = api(t, admin);
  await insertRate(t, 'USD', '150.5');
});

afterAll(() => t?.close());

async function create(supplierId: string, extra: Record<string, unknown> = {}): Promise<Json> {
  const res = await a.post('product', {
    supplierId,
    name: 'Product',
    productCode: unique('P'),
    costMinor: 1000,
    costCurrency: 'JPY',
    durationDays: 7,
    type: 'package',
    network: 'local',
    coverage: ['JP'],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function list(body: Record<string, unknown>, url = 'product/list'): Promise<Json> {
  const res = await a.post(url, { pageSize: 100, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A fresh valid ICCID (89 + 16 random digits + check digit). */
function newIccid(): string {
  const digits = `89${Array.from({ length: 16 }, () => randomInt(10)).join('')}`;
  return `${digits}${luhnCheckDigit(digits)}`;
}

const codes = (data: Json): string[] => data.items.map((item: Json) => item.productCode);

/** A supplier with four products of known costs, prices and labels. */
async function catalogue() {
  const supplier = await insertSupplier(t);
  const tag = unique('tag');
  const p1 = await create(supplier.id, {
    productCode: unique('A'),
    name: 'Alpha Japan',
    category: 'Japan',
    costMinor: 1000,
    sellingPriceJpy: 1500, // profit 500 (33.33 %)
    labels: [tag, 'zeta'],
  });
  const p2 = await create(supplier.id, {
    productCode: unique('B'),
    name: 'Bravo Korea',
    category: 'Korea',
    coverage: ['KR'],
    costMinor: 1000, // USD 10.00 = 1505 JPY
    costCurrency: 'USD',
    sellingPriceJpy: 2505, // profit 1000 (39.92 %)
    type: 'daypass',
    labels: ['alpha'],
  });
  const p3 = await create(supplier.id, {
    productCode: unique('C'),
    name: 'Charlie Asia',
    category: 'Regional',
    coverage: ['JP', 'KR', 'TW'],
    network: 'round',
    costMinor: 200,
    sellingPriceJpy: 300, // profit 100 (33.33 %)
    iccid: newIccid(),
  });
  const p4 = await create(supplier.id, {
    productCode: unique('D'),
    name: 'Delta Japan',
    category: 'japan',
    costMinor: 800,
    status: 'inactive',
    labels: [tag],
  });
  return { supplier, tag, p1, p2, p3, p4 };
}

describe('POST product/list', () => {
  it('prices each row at today’s rate with gross profit and special price', async () => {
    const { supplier, p2 } = await catalogue();
    const special = await a.put('product/edit-special-price', {
      id: p2.id,
      version: p2.version,
      specialPriceJpy: 2000,
    });
    expect(special.status, JSON.stringify(special.body)).toBe(200);
    const data = await list({ supplierId: supplier.id, search: p2.productCode });
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      costMinor: 1000,
      costCurrency: 'USD',
      exchangeRate: '150.5',
      costJpy: 1505,
      sellingPriceJpy: 2505,
      specialPriceJpy: 2000,
      specialActive: true,
      currentPriceJpy: 2000,
      // Gross profit is at the price that applies today (the special price) ...
      grossProfit: 495,
      grossProfitPercent: 24.75,
      // ... and beside it the margin at the selling price.
      sellingGrossProfit: 1000,
      sellingGrossProfitPercent: 39.92,
      labels: ['alpha'],
      supplierName: supplier.name,
    });
    const pricePick = { grossProfit: 495, grossProfitPercent: 24.75, sellingGrossProfit: 1000 };
    const detail = await a.get(`product?id=${p2.id}`);
    expect(detail.body.data).toMatchObject(pricePick);
    const priceList = await list(
      { supplierId: supplier.id, search: p2.productCode },
      'product/price/list',
    );
    expect(priceList.items[0]).toMatchObject(pricePick);
  });

  it('sorts by the gross profit of today’s price, special price included', async () => {
    const { supplier, p1, p2, p3 } = await catalogue();
    // p2 (+1000 at its selling price) drops below p1 (+500) with a special price of 1600 (+95).
    const special = await a.put('product/edit-special-price', {
      id: p2.id,
      version: p2.version,
      specialPriceJpy: 1600,
    });
    expect(special.status, JSON.stringify(special.body)).toBe(200);
    const sorted = await list({
      supplierId: supplier.id,
      status: 'active',
      sort: 'grossProfit',
      order: 'desc',
    });
    expect(codes(sorted)).toEqual([p1, p3, p2].map((p) => p.productCode));
  });

  it('filters by search (name, code, ICCID), supplier, category, country, type, network, label, status', async () => {
    const { supplier, tag, p1, p2, p3, p4 } = await catalogue();
    const base = { supplierId: supplier.id, sort: 'productCode' };
    expect(codes(await list(base))).toEqual([p1, p2, p3, p4].map((p) => p.productCode));
    expect(codes(await list({ ...base, search: 'bravo' }))).toEqual([p2.productCode]);
    expect(codes(await list({ ...base, search: p3.productCode.toLowerCase() }))).toEqual([
      p3.productCode,
    ]);
    expect(codes(await list({ ...base, search: p3.iccid.slice(4, 14) }))).toEqual([p3.productCode]);
    expect(codes(await list({ ...base, category: 'JAPAN' }))).toEqual([
      p1.productCode,
      p4.productCode,
    ]);
    expect(codes(await list({ ...base, country: 'kr' }))).toEqual([p2.productCode, p3.productCode]);
    expect(codes(await list({ ...base, type: 'daypass' }))).toEqual([p2.productCode]);
    expect(codes(await list({ ...base, network: 'round' }))).toEqual([p3.productCode]);
    expect(codes(await list({ ...base, label: tag.toLowerCase() }))).toEqual([
      p1.productCode,
      p4.productCode,
    ]);
    expect(codes(await list({ ...base, status: 'inactive' }))).toEqual([p4.productCode]);
    const other = await insertSupplier(t);
    expect((await list({ supplierId: other.id })).total).toBe(0);
    expectFieldError(await a.post('product/list', { country: 'Japan' }), 'country');
    expectFieldError(await a.post('product/list', { type: 'sim' }), 'type');
  });

  it('sorts in PostgreSQL by gross profit, percent, labels and more; pages', async () => {
    const { supplier, p1, p2, p3, p4 } = await catalogue();
    const base = { supplierId: supplier.id };
    // no selling price (p4) is last both ways
    expect(codes(await list({ ...base, sort: 'grossProfit', order: 'asc' }))).toEqual(
      [p3, p1, p2, p4].map((p) => p.productCode),
    );
    expect(codes(await list({ ...base, sort: 'grossProfit', order: 'desc' }))).toEqual(
      [p2, p1, p3, p4].map((p) => p.productCode),
    );
    expect(codes(await list({ ...base, sort: 'grossProfitPercent', order: 'desc' }))[0]).toBe(
      p2.productCode,
    );
    expect(codes(await list({ ...base, sort: 'costJpy', order: 'desc' }))).toEqual(
      [p2, p1, p4, p3].map((p) => p.productCode),
    );
    // labels compared as sorted lists ignoring case: 'alpha' < tag... < 'tag..|zeta'; none last
    expect(codes(await list({ ...base, sort: 'labels', order: 'asc' }))).toEqual(
      [p2, p4, p1, p3].map((p) => p.productCode),
    );
    expect(codes(await list({ ...base, sort: 'labels', order: 'desc' }))).toEqual(
      [p1, p4, p2, p3].map((p) => p.productCode),
    );
    expect(codes(await list({ ...base, sort: 'iccid' }))[0]).toBe(p3.productCode);
    for (const sort of PRODUCT_SORT_COLUMNS) {
      for (const order of ['asc', 'desc']) {
        expect((await list({ ...base, sort, order })).total, `${sort} ${order}`).toBe(4);
      }
    }
    const page2 = await list({ ...base, sort: 'productCode', page: 2, pageSize: 10 });
    expect(page2).toMatchObject({ items: [], total: 4, page: 2 });
    const first = await a.post('product/list', { ...base, sort: 'name', pageSize: 10 });
    expect(first.body.data.items).toHaveLength(4);
    expectFieldError(await a.post('product/list', { sort: 'cost_minor; DROP' }), 'sort');
  });

  it('is the 422 of the rates when a product of the selection has no rate', async () => {
    const supplier = await insertSupplier(t);
    await create(supplier.id, { costCurrency: 'SGD', costMinor: 500 });
    await create(supplier.id, { productCode: unique('JPYONLY') });
    const res = await a.post('product/list', { supplierId: supplier.id });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe(
      'Exchange rate for a currency pair not available: SGD/JPY',
    );
    // a selection without that currency lists fine
    expect((await list({ supplierId: supplier.id, search: 'JPYONLY' })).total).toBe(1);
  });
});

describe('POST product/price/list', () => {
  it('adds a tariff code’s price and gross profit, sortable by them', async () => {
    const { supplier, p1, p2, p3, p4 } = await catalogue();
    const group = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'G' });
    const code = await a.post('tariff', {
      tariffGroup: group.body.data.tariffGroup,
      tariffCode: unique('C'),
      logic1: 50,
    });
    expect(code.status).toBe(201);
    const manual = await a.put('tariff/product-price', {
      tariffCode: code.body.data.tariffCode,
      productId: p3.id,
      sellingPriceJpy: 1000,
    });
    expect(manual.status).toBe(200);
    const plain = await list({ supplierId: supplier.id }, 'product/price/list');
    expect(plain.tariffCode).toBeNull();
    expect(plain.items[0]).toMatchObject({ tariffPrice: null, tariffPriceSource: null });
    const data = await list(
      {
        supplierId: supplier.id,
        tariffCodeId: code.body.data.id,
        sort: 'tariffGrossProfit',
        order: 'desc',
      },
      'product/price/list',
    );
    expect(data.tariffCode).toMatchObject({
      id: code.body.data.id,
      tariffCode: code.body.data.tariffCode,
    });
    // computed = cost x 1.5: p1 1500 (+500), p2 2258 (+753), p4 1200 (+400); p3 manual 1000 (+800)
    expect(codes(data)).toEqual([p3, p2, p1, p4].map((p) => p.productCode));
    const byCode = Object.fromEntries(data.items.map((item: Json) => [item.productCode, item]));
    expect(byCode[p3.productCode]).toMatchObject({
      costJpy: 200,
      sellingPriceJpy: 300,
      grossProfit: 100,
      tariffPrice: 1000,
      tariffPriceSource: 'manual',
      tariffGrossProfit: 800,
      tariffGrossProfitPercent: 80,
    });
    expect(byCode[p2.productCode]).toMatchObject({
      costJpy: 1505,
      tariffPrice: 2258,
      tariffPriceSource: 'computed',
      tariffGrossProfit: 753,
    });
    expect(
      codes(
        await list(
          { supplierId: supplier.id, type: 'package', country: 'JP', category: 'japan' },
          'product/price/list',
        ),
      ),
    ).toEqual([p1.productCode, p4.productCode]);
    for (const sort of PRODUCT_PRICE_SORT_COLUMNS) {
      const res = await a.post('product/price/list', {
        supplierId: supplier.id,
        tariffCodeId: code.body.data.id,
        sort,
        order: 'desc',
      });
      expect(res.status, sort).toBe(200);
      expect(res.body.data.total).toBe(4);
    }
    expectFieldError(
      await a.post('product/price/list', { tariffCodeId: '00000000-0000-4000-8000-000000000000' }),
      'tariffCodeId',
    );
  });
});

describe('CSV exports', () => {
  it('product/export and product/price/export neutralise formulas, keep the filters', async () => {
    const supplier = await insertSupplier(t);
    await create(supplier.id, { name: '=HYPERLINK("http://evil.example")', labels: ['@risk'] });
    await create(supplier.id, { name: '東京 Tokyo, 5GB', productCode: unique('TOKYO') });
    for (const url of ['product/export', 'product/price/export']) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/mng/${url}?supplierId=${supplier.id}&sort=name&order=asc`,
        token: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="product/);
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith(CSV_BOM)).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toContain(fieldLabel('productCode'));
      expect(lines[0]).toContain(fieldLabel('grossProfit'));
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
      expect(text).toContain('"東京 Tokyo, 5GB"');
    }
    const onlyOne = await t.inject({
      method: 'GET',
      url: `/api/mng/product/export?supplierId=${supplier.id}&search=HYPERLINK`,
      token: admin,
    });
    expect(onlyOne.body.trim().split('\r\n')).toHaveLength(2);
    expect(onlyOne.body).toContain("'@risk");
  });

  it('writes created and updated times in the time zone of the user who exports, with the offset', async () => {
    const supplier = await insertSupplier(t);
    const product = await create(supplier.id);
    const exported = async (timeZone: string) => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/mng/product/export?supplierId=${supplier.id}`,
        token: admin,
        headers: { 'x-time-zone': timeZone },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [header, row] = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
      const cells = (row ?? '').split(',');
      return cells[(header ?? '').split(',').indexOf(fieldLabel('createdDate'))];
    };
    const created = new Date(product.createdDate);
    const inTokyo = new Date(created.getTime() + 9 * 3_600_000).toISOString();
    expect(await exported('Asia/Tokyo')).toBe(
      `${inTokyo.slice(0, 10)} ${inTokyo.slice(11, 19)} +09:00`,
    );
    const inUtc = created.toISOString();
    expect(await exported('no such zone')).toBe(
      `${inUtc.slice(0, 10)} ${inUtc.slice(11, 19)} +00:00`,
    );
  });
});
