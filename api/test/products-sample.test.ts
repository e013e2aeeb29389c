import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCTS, seedSampleProducts } from '../src/areas/products-sample/sample';
import { seedSampleData } from '../src/areas/suppliers/sample-data';
import { createTestApp, type TestContext } from './support/app';
import { api, type Api, type Json } from './tariffs-fixtures';

/* The sample catalogue of a fresh embedded console: the product and price lists have data. */

let t: TestContext;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  await seedSampleData({ db: t.database.db, config: t.config });
  await seedSampleProducts({ db: t.database.db });
});

afterAll(() => t?.close());

describe('sample products', () => {
  it('carry display names, labels, selling and active special prices, and list priced', async () => {
    const total = Object.values(SAMPLE_PRODUCTS).flat().length;
    const list = await a.post('product/list', { pageSize: 50, sort: 'grossProfit', order: 'desc' });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(total);
    const items: Json[] = list.body.data.items;
    expect(items.every((item) => item.costJpy !== null && item.display)).toBe(true);
    expect(items.filter((item) => item.sellingPriceJpy !== null).length).toBeGreaterThan(0);
    expect(items.filter((item) => item.specialActive).length).toBe(2);
    const labels = await a.get('product/label/list');
    expect(labels.body.data.items.map((item: Json) => item.label)).toContain('Best seller');
    const special = items.find((item) => item.specialActive);
    const history = await a.get(`product/history?id=${special.id}`);
    expect(history.body.data.items[0].changes.map((c: Json) => c.field)).toEqual([
      'specialPriceJpy',
      'specialFrom',
      'specialTo',
    ]);
    const prices = await a.post('product/price/list', { pageSize: 50 });
    expect(prices.status).toBe(200);
    expect(prices.body.data.total).toBe(total);
  });
});
