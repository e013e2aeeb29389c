import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_PRODUCTS,
  SAMPLE_TARIFF,
  seedSampleProducts,
} from '../src/areas/products-sample/sample';
import { seedSampleData } from '../src/areas/suppliers/sample-data';
import { createTestApp, type TestContext } from './support/app';
import { api, type Api, type Json } from './tariffs-fixtures';

/* The sample products and tariff profile of a fresh embedded console (SEED_SAMPLE_DATA). */

let t: TestContext;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
});

afterAll(() => t?.close());

describe('sample products', () => {
  it('are created once for the sample suppliers, priced by the sample tariff codes', async () => {
    await seedSampleData({ db: t.database.db, config: t.config });
    const expected = Object.values(SAMPLE_PRODUCTS).flat().length;
    expect(expected).toBe(30);
    expect(await seedSampleProducts({ db: t.database.db })).toEqual({
      productsCreated: expected,
      tariffCodesCreated: 2,
    });
    expect(await seedSampleProducts({ db: t.database.db })).toEqual({
      productsCreated: 0,
      tariffCodesCreated: 0,
    });

    const retail = await a.post('tariff/product-list', {
      tariffCode: 'STD-RETAIL',
      pageSize: 50,
      sort: 'computedPrice',
      order: 'desc',
    });
    expect(retail.status, JSON.stringify(retail.body)).toBe(200);
    expect(retail.body.data.total).toBe(expected);
    const currencies = new Set(retail.body.data.items.map((item: Json) => item.costCurrency));
    expect([...currencies].sort()).toEqual(['EUR', 'GBP', 'JPY', 'SGD', 'USD']);
    const prices = retail.body.data.items.map((item: Json) => item.computedPrice);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    expect(retail.body.data.items.every((item: Json) => item.sellingPrice > item.costJpy)).toBe(
      true,
    );

    const partner = await a.post('tariff/product-list', {
      tariffCode: SAMPLE_TARIFF.codes[1]!.tariffCode,
    });
    expect(partner.body.data.rule).toEqual({
      baseTariff: 'cost',
      logic1: 25,
      logic2: 300,
      logic3: 0,
    });

    const history = await a.get(`tariff/history?id=${retail.body.data.tariffCodeId}`);
    expect(history.body.data.items[0]).toMatchObject({
      action: 'create',
      actor: { email: 'system' },
    });
  });
});
