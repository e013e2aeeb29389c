import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleProducts } from '../src/areas/products-sample/sample';
import { SAMPLE_STOCK, seedSampleStock } from '../src/areas/stock/sample';
import { seedSampleData } from '../src/areas/suppliers/sample-data';
import { createTestApp, type TestContext } from './support/app';
import { api, type Api, type Json } from './tariffs-fixtures';

/* The sample stock of a fresh embedded console (SEED_SAMPLE_DATA). */

let t: TestContext;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
});

afterAll(() => t?.close());

describe('sample stock', () => {
  it('is created once for the stock-type sample products, codes readable by reveal', async () => {
    await seedSampleData({ db: t.database.db, config: t.config });
    await seedSampleProducts({ db: t.database.db });
    const expected = Object.values(SAMPLE_STOCK).reduce((sum, [, count]) => sum + count, 0);
    expect(await seedSampleStock({ db: t.database.db, config: t.config })).toEqual({
      stockItemsCreated: expected,
    });
    expect(await seedSampleStock({ db: t.database.db, config: t.config })).toEqual({
      stockItemsCreated: 0,
    });
    const list = await a.post('stock/list', { pageSize: 50 });
    const stocked = list.body.data.items.filter((item: Json) => item.total > 0);
    expect(stocked.map((item: Json) => item.productCode).sort()).toEqual(
      Object.keys(SAMPLE_STOCK).sort(),
    );
    for (const item of stocked) {
      expect(item.expiringSoon).toBeGreaterThan(0);
      expect(item.counts.assigned).toBeGreaterThan(0);
    }
    const detail = await a.post('stock/detail', { productId: stocked[0].productId });
    const reveal = await a.post('stock/activation-code', { id: detail.body.data.items[0].id });
    expect(reveal.body.data.activationCode).toMatch(/^LPA:1\$[a-z.-]+\$[0-9A-F]{20}$/);
  });
});
