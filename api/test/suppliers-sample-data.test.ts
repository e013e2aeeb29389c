import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_RATES,
  SAMPLE_SUPPLIERS,
  sampleDataEnabled,
  seedSampleData,
} from '../src/areas/suppliers/sample-data';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});

afterAll(() => t?.close());

describe('sample data', () => {
  it('is on in the embedded default, off with DATABASE_URL, and SEED_SAMPLE_DATA decides', () => {
    expect(sampleDataEnabled({}, undefined)).toBe(true);
    expect(sampleDataEnabled({}, 'postgres://db/esim')).toBe(false);
    expect(sampleDataEnabled({ SEED_SAMPLE_DATA: 'true' }, 'postgres://db/esim')).toBe(true);
    expect(sampleDataEnabled({ SEED_SAMPLE_DATA: 'false' }, undefined)).toBe(false);
  });

  it('is not in the test database unless asked for', async () => {
    const suppliers = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier/list',
      token: admin,
      payload: {},
    });
    expect(suppliers.json().data.total).toBe(0);
    const rates = await t.inject({
      method: 'GET',
      url: '/api/mng/exchange-rate/current',
      token: admin,
    });
    expect(rates.json().data).toEqual([]);
  });

  it('creates suppliers and rates through the services, audited as the system, once', async () => {
    const first = await seedSampleData({ db: t.database.db, config: t.config });
    expect(first).toEqual({
      suppliersCreated: SAMPLE_SUPPLIERS.length,
      ratesCreated: Object.keys(SAMPLE_RATES).length * 2,
    });
    expect(await seedSampleData({ db: t.database.db, config: t.config })).toEqual({
      suppliersCreated: 0,
      ratesCreated: 0,
    });

    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier/list',
      token: admin,
      payload: { sort: 'name' },
    });
    expect(list.json().data.items.map((s: { name: string }) => s.name)).toEqual([
      'Asia Pacific Data',
      'eSIM Go',
      'EuroConnect Mobile',
      'Nippon Stock SIM',
    ]);
    const esimGo = list.json().data.items.find((s: { name: string }) => s.name === 'eSIM Go');
    expect(esimGo).toMatchObject({ deliveryType: 'api', currency: 'GBP', purchaseCurrency: 'USD' });
    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${esimGo.id}`,
      token: admin,
    });
    expect(history.json().data.items[0]).toMatchObject({
      action: 'create',
      actor: { userId: null, email: 'system' },
    });

    const dashboard = await t.inject({
      method: 'GET',
      url: '/api/mng/dashboard/exchange-rate',
      token: admin,
    });
    const usd = dashboard.json().data.find((r: { currency: string }) => r.currency === 'USD');
    expect(usd).toMatchObject({ rate: SAMPLE_RATES.USD?.[1], previousRate: SAMPLE_RATES.USD?.[0] });
    expect(dashboard.json().data).toHaveLength(Object.keys(SAMPLE_RATES).length);
  });
});
