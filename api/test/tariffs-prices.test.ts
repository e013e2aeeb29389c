import {
  TARIFF_PRODUCT_SORT_COLUMNS,
  businessToday,
  computePrice,
  type PricingRule,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { fieldLabel } from './support/locale';
import {
  api,
  expectFieldError,
  insertProduct,
  insertRate,
  insertSupplier,
  unique,
  type Api,
  type Json,
} from './tariffs-fixtures';

/*
 * A tariff code's products and prices: product-list (cost at the current rate, computed, manual
 * and selling prices, gross profit; sorted and paged in the database), manual prices,
 * copy-product, recomputation when a rate changes, and the missing-rate 422.
 */

let t: TestContext;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  await insertRate(t, 'USD', '150.5');
  await insertRate(t, 'EUR', '160.25');
  await insertRate(t, 'GBP', '190.123456');
});

afterAll(() => t?.close());

async function setup(rule: Record<string, unknown> = {}, groupBody: Record<string, unknown> = {}) {
  const group = await a.post('tariff/group', {
    tariffGroup: unique('G'),
    name: 'Group',
    ...groupBody,
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const code = await a.post('tariff', {
    tariffGroup: group.body.data.tariffGroup,
    tariffCode: unique('C'),
    ...rule,
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  const supplier = await insertSupplier(t);
  return { group: group.body.data, code: code.body.data, supplier };
}

async function list(tariffCode: string, body: Record<string, unknown> = {}) {
  const res = await a.post('tariff/product-list', { tariffCode, pageSize: 100, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('tariff/product-list', () => {
  it('prices each product: cost in JPY at the current rate, computed, manual, selling price, profit', async () => {
    const { code, supplier } = await setup();
    const usd = await insertProduct(t, {
      supplierId: supplier.id,
      productCode: unique('USD'),
      name: 'Japan 1GB 7 days',
      costMinor: 1234, // 12.34 USD x 150.5 = 1857.17 -> 1857
      costCurrency: 'USD',
      priceMinor: 1999,
      dataMb: 1024,
      coverage: ['JP'],
    });
    const jpy = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      costCurrency: 'JPY',
    });
    const data = await list(code.tariffCode, { supplierId: supplier.id, sort: 'costJpy' });
    expect(data).toMatchObject({
      tariffCode: code.tariffCode,
      rule: { baseTariff: 'cost', logic1: 40, logic2: 0, logic3: 0 },
      inputMode: 'auto',
      total: 2,
      page: 1,
      pageSize: 100,
    });
    const [first, second] = data.items;
    expect(first).toMatchObject({
      productId: jpy.id,
      costJpy: 1000,
      exchangeRate: '1',
      computedPrice: 1400,
      manualPrice: null,
      sellingPrice: 1400,
      priceSource: 'computed',
      grossProfit: 400,
      grossProfitPercent: 28.57,
    });
    expect(second).toMatchObject({
      productId: usd.id,
      productCode: usd.productCode,
      name: 'Japan 1GB 7 days',
      supplierId: supplier.id,
      supplierName: supplier.name,
      costMinor: 1234,
      costCurrency: 'USD',
      priceMinor: 1999,
      exchangeRate: '150.5',
      costJpy: 1857,
      priceJpy: 3008, // 19.99 x 150.5 = 3008.495
      computedPrice: 2600, // 1857 x 1.4 = 2599.8, up
      sellingPrice: 2600,
      grossProfit: 743,
      grossProfitPercent: 28.58,
      dataMb: 1024,
      coverage: ['JP'],
      type: 'package',
      network: 'local',
      status: 'active',
    });
  });

  it('recomputes prices when a newer exchange rate takes effect (and ignores future ones)', async () => {
    const { code, supplier } = await setup();
    await insertProduct(t, { supplierId: supplier.id, costMinor: 1000, costCurrency: 'EUR' }); // 10.00 EUR
    const before = (await list(code.tariffCode, { supplierId: supplier.id })).items[0];
    expect(before).toMatchObject({ exchangeRate: '160.25', costJpy: 1603, computedPrice: 2245 });

    await insertRate(t, 'EUR', '170', '2999-01-01');
    const future = (await list(code.tariffCode, { supplierId: supplier.id })).items[0];
    expect(future.costJpy).toBe(1603);

    await insertRate(t, 'EUR', '175.5', businessToday());
    const after = (await list(code.tariffCode, { supplierId: supplier.id })).items[0];
    expect(after).toMatchObject({
      exchangeRate: '175.5',
      costJpy: 1755,
      computedPrice: 2457,
      sellingPrice: 2457,
    });
  });

  it('applies the code overrides: base list price, logic 2 and logic 3', async () => {
    const { code, supplier } = await setup({
      baseTariff: 'price',
      logic1: 10,
      logic2: 500,
      logic3: 1,
    });
    await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      priceMinor: 3000,
      costCurrency: 'JPY',
      productCode: unique('A'),
    });
    await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      priceMinor: 8000,
      costCurrency: 'JPY',
      productCode: unique('B'),
    });
    await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      priceMinor: null,
      costCurrency: 'JPY',
      productCode: unique('C'),
    });
    const items = (await list(code.tariffCode, { supplierId: supplier.id, sort: 'computedPrice' }))
      .items;
    // 3000: max(3300, 3500) = 3500; 8000: max(8800, 8500) = 8800; no list price: none
    expect(
      items.map((item: Json) => [item.priceJpy, item.computedPrice, item.priceSource]),
    ).toEqual([
      [3000, 3500, 'computed'],
      [8000, 8800, 'computed'],
      [null, null, 'none'],
    ]);
  });

  it('sorts by any column in the database, computed price included, and pages', async () => {
    const { code, supplier } = await setup({ logic1: 25, logic2: 150, logic3: 0 });
    const currencies = ['USD', 'EUR', 'GBP', 'JPY'];
    for (let index = 0; index < 24; index += 1) {
      await insertProduct(t, {
        supplierId: supplier.id,
        productCode: unique(`S${index}`),
        name: `Product ${String.fromCharCode(65 + ((index * 7) % 24))}`,
        costMinor: 100 + ((index * 7919) % 5000),
        costCurrency: currencies[index % 4] as string,
        dataMb: index % 5 === 0 ? null : index * 100,
      });
    }
    const all = (await list(code.tariffCode, { supplierId: supplier.id })).items as Json[];
    expect(all).toHaveLength(24);
    const rule: PricingRule = { baseTariff: 'cost', logic1: 25, logic2: 150, logic3: 0 };
    for (const item of all) {
      expect(item.computedPrice).toBe(computePrice({ costJpy: item.costJpy }, rule));
    }
    const byPrice = [...all].sort(
      (x, y) =>
        y.computedPrice - x.computedPrice ||
        x.productCode.toLowerCase().localeCompare(y.productCode.toLowerCase()),
    );
    const pages: Json[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const data = await list(code.tariffCode, {
        supplierId: supplier.id,
        sort: 'computedPrice',
        order: 'desc',
        pageSize: 10,
        page,
      });
      expect(data.total).toBe(24);
      pages.push(...data.items);
    }
    expect(pages.map((item) => item.computedPrice)).toEqual(
      byPrice.map((item) => item.computedPrice),
    );
    expect(new Set(pages.map((item) => item.productId)).size).toBe(24);

    for (const sort of [
      'grossProfit',
      'grossProfitPercent',
      'costJpy',
      'name',
      'dataMb',
      'cost',
      'sellingPrice',
    ]) {
      const data = await list(code.tariffCode, { supplierId: supplier.id, sort, order: 'asc' });
      const key = sort === 'cost' ? 'costMinor' : sort;
      const values = data.items.map((item: Json) => item[key]);
      const present = values.filter((value: unknown) => value !== null);
      const sorted = [...present].sort((x, y) =>
        typeof x === 'string' ? x.toLowerCase().localeCompare(y.toLowerCase()) : x - y,
      );
      if (sort !== 'cost') expect(present, sort).toEqual(sorted);
      // NULLs last, whatever the direction.
      expect(values.slice(present.length).every((value: unknown) => value === null)).toBe(true);
    }
    const beyond = await list(code.tariffCode, { supplierId: supplier.id, pageSize: 10, page: 9 });
    expect(beyond).toMatchObject({ items: [], total: 24, page: 9 });
  });

  it('pages consistently by every sort column, both directions, with manual prices', async () => {
    const { code, supplier } = await setup({ baseTariff: 'price', logic1: 15 });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const product = await insertProduct(t, {
        supplierId: supplier.id,
        name: `Sort ${index % 4}`,
        costMinor: 300 + ((index * 37) % 11) * 100,
        priceMinor: index % 3 === 0 ? null : 2000 + index * 10,
        costCurrency: index % 2 ? 'USD' : 'JPY',
        dataMb: index % 3 === 0 ? null : index,
      });
      ids.push(product.id);
    }
    for (const productId of ids.slice(0, 4)) {
      const res = await a.put('tariff/product-price', {
        tariffCode: code.tariffCode,
        productId,
        sellingPriceJpy: 90_000,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const sort of TARIFF_PRODUCT_SORT_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        const body = { supplierId: supplier.id, sort, order };
        const all = (await list(code.tariffCode, body)).items.map((item: Json) => item.productId);
        expect(all).toHaveLength(12);
        const first = await list(code.tariffCode, { ...body, pageSize: 10, page: 1 });
        const second = await list(code.tariffCode, { ...body, pageSize: 10, page: 2 });
        expect(first.total).toBe(12);
        expect(
          [...first.items, ...second.items].map((item: Json) => item.productId),
          `${sort} ${order}`,
        ).toEqual(all);
      }
    }
    const manual = await list(code.tariffCode, {
      supplierId: supplier.id,
      priceSource: 'manual',
      sort: 'grossProfit',
    });
    expect(manual.total).toBe(4);
    const none = await list(code.tariffCode, {
      supplierId: supplier.id,
      priceSource: 'none',
      sort: 'priceJpy',
    });
    expect(
      none.items.every((item: Json) => item.priceJpy === null && item.sellingPrice === null),
    ).toBe(true);
  });

  it('filters by price source, currency, type, network and search', async () => {
    const { code, supplier } = await setup();
    const manual = await insertProduct(t, {
      supplierId: supplier.id,
      productCode: unique('KOREA'),
      name: 'Korea 3GB',
      costMinor: 500,
      costCurrency: 'USD',
      type: 'daypass',
    });
    await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 700,
      costCurrency: 'JPY',
      network: 'round',
    });
    const set = await a.put('tariff/product-price', {
      tariffCode: code.tariffCode,
      productId: manual.id,
      sellingPriceJpy: 2000,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const ids = async (body: Record<string, unknown>) =>
      (await list(code.tariffCode, { supplierId: supplier.id, ...body })).items.map(
        (item: Json) => item.productId,
      );
    expect(await ids({ priceSource: 'manual' })).toEqual([manual.id]);
    expect(await ids({ priceSource: 'computed' })).not.toContain(manual.id);
    expect(await ids({ priceSource: 'none' })).toEqual([]);
    expect(await ids({ costCurrency: 'usd' })).toEqual([manual.id]);
    expect(await ids({ type: 'daypass' })).toEqual([manual.id]);
    expect(await ids({ network: 'round' })).not.toContain(manual.id);
    expect(await ids({ search: 'korea 3' })).toEqual([manual.id]);
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({ status: 'inactive' })).toEqual([]);
  });

  it('refuses injections in sort, order and filters, and an unknown code (404)', async () => {
    const { code } = await setup();
    const bad = [
      [{ sort: 'computed_price; DROP TABLE products' }, 'sort'],
      [{ sort: 'cost_jpy' }, 'sort'],
      [{ order: 'asc, (SELECT 1)' }, 'order'],
      [{ priceSource: "manual' OR 1=1" }, 'priceSource'],
      [{ supplierId: "1' OR '1'='1" }, 'supplierId'],
      [{ costCurrency: "USD';--" }, 'costCurrency'],
      [{ type: 'x' }, 'type'],
      [{ pageSize: 51 }, 'pageSize'],
    ] as const;
    for (const [body, field] of bad) {
      expectFieldError(
        await a.post('tariff/product-list', { tariffCode: code.tariffCode, ...body }),
        field,
      );
    }
    expectFieldError(
      await a.post('tariff/product-list', {}),
      'tariffCode',
      `${fieldLabel('tariffCode')} is required.`,
    );
    const unknown = await a.post('tariff/product-list', { tariffCode: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Tariff code not found');
  });

  it("answers 422 naming the pair when a product's currency has no rate", async () => {
    const { code, supplier } = await setup();
    const product = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 10000,
      costCurrency: 'THB',
    });
    const res = await a.post('tariff/product-list', {
      tariffCode: code.tariffCode,
      supplierId: supplier.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Exchange rate for a currency pair not available: THB/JPY',
      code: 'BUSINESS_RULE',
    });
    const price = await a.put('tariff/product-price', {
      tariffCode: code.tariffCode,
      productId: product.id,
      sellingPriceJpy: 5000,
    });
    expect(price.status).toBe(422);
    expect(price.body.errors[0].message).toBe(
      'Exchange rate for a currency pair not available: THB/JPY',
    );
    await insertRate(t, 'THB', '4.25');
    const fixed = await list(code.tariffCode, { supplierId: supplier.id });
    expect(fixed.items[0]).toMatchObject({ costJpy: 425, computedPrice: 595 });
  });
});

describe('manual prices', () => {
  it("sets, refuses at or below cost ('Selling Price must be greater than Cost Price.') and clears", async () => {
    const { code, supplier } = await setup();
    const product = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      costCurrency: 'USD',
    }); // 1505 JPY
    const body = { tariffCode: code.tariffCode, productId: product.id };
    for (const price of [1, 1505]) {
      expectFieldError(
        await a.put('tariff/product-price', { ...body, sellingPriceJpy: price }),
        'sellingPriceJpy',
        'Selling Price must be greater than Cost Price.',
      );
    }
    const set = await a.put('tariff/product-price', { ...body, sellingPriceJpy: 1506 });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Selling price saved.');
    expect(set.body.data).toMatchObject({
      manualPrice: 1506,
      sellingPrice: 1506,
      computedPrice: 2107,
      priceSource: 'manual',
      grossProfit: 1,
      grossProfitPercent: 0.07,
    });
    const cleared = await a.put('tariff/product-price', { ...body, sellingPriceJpy: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('Selling price cleared.');
    expect(cleared.body.data).toMatchObject({
      manualPrice: null,
      sellingPrice: 2107,
      priceSource: 'computed',
    });

    const history = await a.get(`tariff/history?id=${code.id}`);
    const fields = history.body.data.items
      .filter((entry: Json) => entry.action === 'update')
      .map((entry: Json) => entry.changes);
    expect(fields).toEqual([
      [{ field: `price.${product.productCode}`, before: 1506, after: null }],
      [{ field: `price.${product.productCode}`, before: null, after: 1506 }],
    ]);
  });

  it('validates the body', async () => {
    const { code } = await setup();
    const base = { tariffCode: code.tariffCode, productId: '00000000-0000-4000-8000-000000000000' };
    expectFieldError(
      await a.put('tariff/product-price', { ...base, sellingPriceJpy: -5 }),
      'sellingPriceJpy',
      'Invalid selling price format.',
    );
    expectFieldError(
      await a.put('tariff/product-price', { ...base, sellingPriceJpy: 10.5 }),
      'sellingPriceJpy',
      `${fieldLabel('sellingPriceJpy')} must be a number with no decimal.`,
    );
    expectFieldError(
      await a.put('tariff/product-price', { ...base, sellingPriceJpy: '1000' }),
      'sellingPriceJpy',
    );
    expectFieldError(await a.put('tariff/product-price', { ...base }), 'sellingPriceJpy');
    expectFieldError(
      await a.put('tariff/product-price', { ...base, productId: 'abc', sellingPriceJpy: 1 }),
      'productId',
    );
    const unknown = await a.put('tariff/product-price', { ...base, sellingPriceJpy: 1000 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Product not found');
  });

  it('in input mode manual, only manual prices sell', async () => {
    const { code, supplier } = await setup({}, { inputMode: 'manual' });
    const product = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 1000,
      costCurrency: 'JPY',
    });
    const [item] = (await list(code.tariffCode, { supplierId: supplier.id })).items;
    expect(item).toMatchObject({
      computedPrice: 1400,
      sellingPrice: null,
      priceSource: 'none',
      grossProfit: null,
    });
    await a.put('tariff/product-price', {
      tariffCode: code.tariffCode,
      productId: product.id,
      sellingPriceJpy: 1200,
    });
    const [priced] = (await list(code.tariffCode, { supplierId: supplier.id })).items;
    expect(priced).toMatchObject({ sellingPrice: 1200, priceSource: 'manual', grossProfit: 200 });
  });
});

describe('tariff/copy-product', () => {
  it('copies all manual prices, or the selected products (clearing those the source lacks)', async () => {
    const { group, code: source, supplier } = await setup();
    const target = (
      await a.post('tariff', { tariffGroup: group.tariffGroup, tariffCode: unique('T') })
    ).body.data;
    const p1 = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 100,
      costCurrency: 'JPY',
    });
    const p2 = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 100,
      costCurrency: 'JPY',
    });
    const p3 = await insertProduct(t, {
      supplierId: supplier.id,
      costMinor: 100,
      costCurrency: 'JPY',
    });
    const put = (tariffCode: string, productId: string, sellingPriceJpy: number | null) =>
      a.put('tariff/product-price', { tariffCode, productId, sellingPriceJpy });
    await put(source.tariffCode, p1.id, 300);
    await put(source.tariffCode, p2.id, 400);
    await put(target.tariffCode, p3.id, 500);

    const all = await a.post('tariff/copy-product', {
      sourceTariffCode: source.tariffCode,
      targetTariffCode: target.tariffCode,
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ message: 'Prices copied.', data: { copied: 2, cleared: 0 } });
    const manual = async () =>
      Object.fromEntries(
        (await list(target.tariffCode, { supplierId: supplier.id })).items.map((item: Json) => [
          item.productId,
          item.manualPrice,
        ]),
      );
    expect(await manual()).toEqual({ [p1.id]: 300, [p2.id]: 400, [p3.id]: 500 });

    await put(source.tariffCode, p1.id, 350);
    const some = await a.post('tariff/copy-product', {
      sourceTariffCode: source.tariffCode,
      targetTariffCode: target.tariffCode,
      productIds: [p1.id, p3.id],
    });
    expect(some.body.data).toEqual({
      sourceTariffCode: source.tariffCode,
      targetTariffCode: target.tariffCode,
      copied: 1,
      cleared: 1,
    });
    expect(await manual()).toEqual({ [p1.id]: 350, [p2.id]: 400, [p3.id]: null });

    const same = await a.post('tariff/copy-product', {
      sourceTariffCode: source.tariffCode,
      targetTariffCode: source.tariffCode,
    });
    expect(same.status).toBe(422);
    expect(same.body.errors[0].message).toBe('Choose a different tariff code to copy to.');
    const unknown = await a.post('tariff/copy-product', {
      sourceTariffCode: source.tariffCode,
      targetTariffCode: target.tariffCode,
      productIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
    expectFieldError(
      await a.post('tariff/copy-product', { sourceTariffCode: source.tariffCode }),
      'targetTariffCode',
    );
    expectFieldError(
      await a.post('tariff/copy-product', {
        sourceTariffCode: source.tariffCode,
        targetTariffCode: target.tariffCode,
        productIds: ['x'],
      }),
      'productIds.0',
    );
  });
});
