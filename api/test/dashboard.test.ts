import { randomUUID } from 'node:crypto';
import { DASHBOARD_MAX_PERIOD_DAYS, businessToday } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactDashboardAggregates } from '../src/areas/dashboard/compaction';
import { grainRanges } from '../src/areas/dashboard/period';
import { addDays, rowsOf } from '../src/areas/list-helpers';
import { withPartnerScope } from '../src/areas/partners/rls';
import { createTestApp, type TestContext } from './support/app';
import {
  insertOrder,
  insertPartner,
  insertStockProduct,
  partnerAdminToken,
  type OrderInput,
  type StockProduct,
} from './support/order-fixtures';
import {
  addProduct,
  createPurchaseWorld,
  orderBody,
  partnerAccountToken,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * The dashboard's widgets (issue 18, docs/dashboard.md): figures of orders placed through the
 * purchase and of orders written with SQL at chosen instants (Tokyo business days, buckets, empty
 * buckets), failed orders out of the sales, the partner admin's scope, bad input (400, never a
 * 5xx), the exchange rates' trend and the compaction of the aggregates' stripes. The concurrency
 * of the aggregates under purchases is in dashboard-race.pg.test.ts.
 */

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});

afterAll(() => t?.close());

async function get(path: string, token = admin): Promise<{ status: number; body: Json }> {
  const res = await t.inject({ method: 'GET', url: `/api/mng/dashboard/${path}`, token });
  return { status: res.statusCode, body: res.json() };
}

async function data(path: string, token = admin): Promise<Json> {
  const res = await get(path, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

/** The order's use countries (the fixture writes none): the trigger moves its eSIMs. */
async function setUseCountries(orderId: string, countries: string[]): Promise<void> {
  await t.database.db.execute(sql`
    UPDATE orders SET use_countries = ${`{${countries.join(',')}}`}::text[]
    WHERE id = ${orderId}`);
}

async function setStatus(orderId: string, status: string): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE orders SET processing_status = ${status} WHERE id = ${orderId}`,
  );
}

describe('orders placed through the purchase', () => {
  let world: PurchaseWorld;
  let japan: { id: string; name: string };
  let europe: { id: string; name: string };

  beforeAll(async () => {
    world = await createPurchaseWorld(t);
    japan = await addProduct(t, world, { delivery: 'stock', items: 10, coverage: ['JP'] });
    europe = await addProduct(t, world, {
      delivery: 'stock',
      items: 10,
      coverage: ['DE', 'FR', 'IT'],
    });
    const buy = async (body: Record<string, unknown>) => {
      const res = await world.api.purchase(body, randomUUID());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    // Japan x2 (a local plan: counted in JP without use countries) + Europe x3 in FR and DE.
    await buy(orderBody(world, [{ productId: japan.id, quantity: 2 }]));
    await buy(
      orderBody(world, [{ productId: europe.id, quantity: 3 }], { useCountries: ['FR', 'DE'] }),
    );
    // A regional plan without use countries: no country of use to count it in.
    await buy(orderBody(world, [{ productId: europe.id, quantity: 1 }]));
  });

  it('adds up revenue, orders, eSIMs per country and per plan for today', async () => {
    const [revenue] = await query<{ revenue: string; orders: number }>(sql`
      SELECT sum(final_price)::text AS revenue, count(*)::int AS orders FROM orders
      WHERE partner_id = ${world.partnerId}`);
    const today = businessToday();
    const sales = await data(`sales-and-revenue?from=${today}&to=${today}`);
    expect(sales).toEqual([{ period: today, revenue: Number(revenue!.revenue), orders: 3 }]);

    const countries = await data(`user-by-country?from=${today}&to=${today}`);
    expect(countries).toEqual([
      { country: 'DE', countryName: 'Germany', esims: 3 },
      { country: 'FR', countryName: 'France', esims: 3 },
      { country: 'JP', countryName: 'Japan', esims: 2 },
    ]);

    const plans = await data(`ratio-by-package-plan?from=${today}&to=${today}&limit=1`);
    expect(plans).toEqual({
      total: 6,
      plans: [{ productId: europe.id, productName: europe.name, esims: 4 }],
      other: 2,
    });
  });

  it("answers the latest orders with their lines' products, newest first", async () => {
    const recent = await data('recent-purchased?limit=2');
    expect(recent).toHaveLength(2);
    expect(recent[0]).toMatchObject({
      partnerName: world.partnerName,
      customerName: 'Taro Yamada',
      products: [europe.name],
      quantity: 1,
      currency: 'JPY',
      processingStatus: 'success',
      paymentStatus: 'not_yet_paid',
    });
    expect(recent[1]).toMatchObject({ products: [europe.name], quantity: 3 });
    expect(Date.parse(recent[0].purchaseDate)).toBeGreaterThanOrEqual(
      Date.parse(recent[1].purchaseDate),
    );
    expect(recent[0].orderNo).toMatch(/^O\d{6}-\d{6,}$/);
  });

  it("counts a partner's own staff's purchase in its figures and in every partner's", async () => {
    const today = businessToday();
    const before = await data(`sales-and-revenue?from=${today}&to=${today}`);
    const staff = await partnerAccountToken(t, world.api, world.partnerId);
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/order',
      token: staff,
      headers: { 'idempotency-key': randomUUID() },
      payload: orderBody(world, [{ productId: japan.id, quantity: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const price = Number(res.json().data.finalPrice);
    const after = await data(`sales-and-revenue?from=${today}&to=${today}`);
    expect(after[0]).toEqual({
      period: today,
      revenue: before[0].revenue + price,
      orders: before[0].orders + 1,
    });
    const own = await data(`sales-and-revenue?from=${today}&to=${today}`, staff);
    expect(own[0].orders).toBe(4);
  });
});

describe('figures of orders at chosen instants', () => {
  let product: StockProduct;
  let partnerId: string;
  const name = 'Tokyo Edge Travel';

  beforeAll(async () => {
    product = await insertStockProduct(t, 'Japan 7 days');
    partnerId = await insertPartner(t, name);
  });

  const order = (input: Partial<OrderInput> & { purchasedAt: string }) =>
    insertOrder(t, { partnerId, partnerName: name, product, ...input });

  it('puts an order at 23:30 UTC on the next Tokyo day, and includes both ends', async () => {
    // 2024-03-10 23:30 UTC is 2024-03-11 08:30 in Tokyo; 14:59:59 UTC is still the 10th.
    const late = await order({ purchasedAt: '2024-03-10T23:30:00Z', unitPrice: 1000 });
    const early = await order({ purchasedAt: '2024-03-10T14:59:59Z', unitPrice: 2000 });
    await order({ purchasedAt: '2024-03-09T15:00:00Z', unitPrice: 500 });
    expect([late.finalPrice, early.finalPrice]).toEqual([1100, 2200]);
    expect(await data('sales-and-revenue?from=2024-03-10&to=2024-03-11')).toEqual([
      { period: '2024-03-10', revenue: 2750, orders: 2 },
      { period: '2024-03-11', revenue: 1100, orders: 1 },
    ]);
    // A date-time names the Tokyo day of its instant.
    expect(
      await data('sales-and-revenue?from=2024-03-10T16:00:00Z&to=2024-03-10T16:00:00Z'),
    ).toEqual([{ period: '2024-03-11', revenue: 1100, orders: 1 }]);
  });

  it('answers every bucket, empty ones as 0; weeks start on Monday', async () => {
    // 2024-04-03 is a Wednesday; 2024-04-08 a Monday.
    await order({ purchasedAt: '2024-04-03T01:00:00Z', unitPrice: 1000 });
    await order({ purchasedAt: '2024-04-08T01:00:00Z', unitPrice: 1000 });
    await order({ purchasedAt: '2024-05-31T14:00:00Z', unitPrice: 3000 });
    const days = await data('sales-and-revenue?from=2024-04-02&to=2024-04-04&granularity=day');
    expect(days).toEqual([
      { period: '2024-04-02', revenue: 0, orders: 0 },
      { period: '2024-04-03', revenue: 1100, orders: 1 },
      { period: '2024-04-04', revenue: 0, orders: 0 },
    ]);
    const weeks = await data('sales-and-revenue?from=2024-04-03&to=2024-04-21&granularity=week');
    expect(weeks).toEqual([
      { period: '2024-04-01', revenue: 1100, orders: 1 },
      { period: '2024-04-08', revenue: 1100, orders: 1 },
      { period: '2024-04-15', revenue: 0, orders: 0 },
    ]);
    // 2024-05-31 14:00 UTC is 23:00 in Tokyo: still May.
    const months = await data('sales-and-revenue?from=2024-04-05&to=2024-06-30&granularity=month');
    expect(months).toEqual([
      { period: '2024-04-01', revenue: 1100, orders: 1 },
      { period: '2024-05-01', revenue: 3300, orders: 1 },
      { period: '2024-06-01', revenue: 0, orders: 0 },
    ]);
  });

  it('leaves failed orders out, and takes an order out when it fails and back when retried', async () => {
    await order({ purchasedAt: '2024-06-10T03:00:00Z', processingStatus: 'failed' });
    const placed = await order({ purchasedAt: '2024-06-10T04:00:00Z', unitPrice: 1000 });
    await setUseCountries(placed.id, ['KR']);
    const figures = async () => ({
      sales: await data('sales-and-revenue?from=2024-06-10&to=2024-06-10'),
      countries: await data('user-by-country?from=2024-06-10&to=2024-06-10'),
      plans: await data('ratio-by-package-plan?from=2024-06-10&to=2024-06-10'),
    });
    const counted = {
      sales: [{ period: '2024-06-10', revenue: 1100, orders: 1 }],
      countries: [{ country: 'KR', countryName: 'South Korea', esims: 1 }],
      plans: {
        total: 1,
        plans: [{ productId: product.productId, productName: 'Japan 7 days', esims: 1 }],
        other: 0,
      },
    };
    expect(await figures()).toEqual(counted);
    await setStatus(placed.id, 'failed');
    expect(await figures()).toEqual({
      sales: [{ period: '2024-06-10', revenue: 0, orders: 0 }],
      countries: [],
      plans: { total: 0, plans: [], other: 0 },
    });
    await setStatus(placed.id, 'pending');
    expect(await figures()).toEqual(counted);
  });

  it('counts eSIMs in each use country of the order, whole months and partial ones', async () => {
    // Two eSIMs used in US and CA; a long period reads January as a month, the rest as days.
    const jan = await order({
      purchasedAt: '2024-01-15T03:00:00Z',
      items: [{ status: 'delivered' }, { status: 'delivered' }],
    });
    await setUseCountries(jan.id, ['US', 'CA']);
    const feb = await order({ purchasedAt: '2024-02-01T03:00:00Z' });
    await setUseCountries(feb.id, ['US']);
    const dec = await order({ purchasedAt: '2023-12-31T03:00:00Z' });
    await setUseCountries(dec.id, ['CA']);
    expect(await data('user-by-country?from=2023-12-31&to=2024-02-01')).toEqual([
      { country: 'CA', countryName: 'Canada', esims: 3 },
      { country: 'US', countryName: 'United States of America', esims: 3 },
    ]);
    expect(await data('user-by-country?from=2024-01-01&to=2024-01-31&limit=1')).toEqual([
      { country: 'CA', countryName: 'Canada', esims: 2 },
    ]);
  });

  it('reads the same figures after the stripes of past periods are folded', async () => {
    const queries = [
      'sales-and-revenue?from=2023-12-01&to=2024-06-30&granularity=month',
      'user-by-country?from=2023-12-01&to=2024-06-30',
      'ratio-by-package-plan?from=2023-12-01&to=2024-06-30',
    ];
    const before = await Promise.all(queries.map((path) => data(path)));
    const striped = async () =>
      (
        await query<{ rows: number }>(sql`
          SELECT ((SELECT count(*) FROM dashboard_sales WHERE stripe <> 0)
            + (SELECT count(*) FROM dashboard_esims WHERE stripe <> 0))::int AS rows`)
      )[0]!.rows;
    expect(await striped()).toBeGreaterThan(0);
    expect(await compactDashboardAggregates(t.database.db)).toBeGreaterThan(0);
    const [left] = await query<{ rows: number }>(sql`
      SELECT count(*)::int AS rows FROM dashboard_sales
      WHERE stripe <> 0 AND business_day < ${businessToday()}::date`);
    expect(left!.rows).toBe(0);
    expect(await Promise.all(queries.map((path) => data(path)))).toEqual(before);
    // Idempotent.
    await compactDashboardAggregates(t.database.db);
    expect(await Promise.all(queries.map((path) => data(path)))).toEqual(before);
  });
});

describe("a partner admin sees its own partner's figures only", () => {
  let product: StockProduct;
  let alpha: string;
  let bravo: string;
  let alphaToken: string;

  beforeAll(async () => {
    product = await insertStockProduct(t, 'Scope plan');
    alpha = await insertPartner(t, 'Alpha Scope');
    bravo = await insertPartner(t, 'Bravo Scope');
    for (const [partnerId, partnerName, unitPrice] of [
      [alpha, 'Alpha Scope', 1000],
      [bravo, 'Bravo Scope', 5000],
      [bravo, 'Bravo Scope', 5000],
    ] as const) {
      const placed = await insertOrder(t, {
        partnerId,
        partnerName,
        product,
        unitPrice,
        customerName: `${partnerName} customer`,
        purchasedAt: '2023-07-07T03:00:00Z',
      });
      await setUseCountries(placed.id, [partnerId === alpha ? 'TH' : 'VN']);
    }
    // Bravo's latest order is the newest of all.
    await insertOrder(t, {
      partnerId: bravo,
      partnerName: 'Bravo Scope',
      product,
      customerName: 'Bravo newest',
      purchasedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    alphaToken = await partnerAdminToken(t, alpha, 'admin@alpha-scope.example');
  });

  it('answers every widget with the partner alone, the staff with every partner', async () => {
    const period = 'from=2023-07-07&to=2023-07-07';
    expect(await data(`sales-and-revenue?${period}`, alphaToken)).toEqual([
      { period: '2023-07-07', revenue: 1100, orders: 1 },
    ]);
    expect(await data(`sales-and-revenue?${period}`)).toEqual([
      { period: '2023-07-07', revenue: 12100, orders: 3 },
    ]);
    expect(await data(`user-by-country?${period}`, alphaToken)).toEqual([
      { country: 'TH', countryName: 'Thailand', esims: 1 },
    ]);
    expect((await data(`user-by-country?${period}`)).map((c: Json) => c.country)).toEqual([
      'VN',
      'TH',
    ]);
    expect(await data(`ratio-by-package-plan?${period}`, alphaToken)).toMatchObject({
      total: 1,
      plans: [{ productId: product.productId, esims: 1 }],
    });
    const recent = await data('recent-purchased?limit=50', alphaToken);
    expect(recent.length).toBeGreaterThan(0);
    expect(new Set(recent.map((row: Json) => row.partnerName))).toEqual(new Set(['Alpha Scope']));
    expect((await data('recent-purchased?limit=1'))[0].customerName).toBe('Bravo newest');
  });

  it('answers nothing to a partner role bound to no partner', async () => {
    const unbound = await t.createUser({ roleId: 'administrators_partner' });
    expect(await data('recent-purchased', unbound.token)).toEqual([]);
    expect(await data('user-by-country', unbound.token)).toEqual([]);
    expect(await data('ratio-by-package-plan', unbound.token)).toEqual({
      total: 0,
      plans: [],
      other: 0,
    });
    const sales = await data('sales-and-revenue', unbound.token);
    expect(sales).toHaveLength(30);
    expect(sales.every((point: Json) => point.orders === 0 && point.revenue === 0)).toBe(true);
  });

  it('keeps the aggregates of other partners out of a scoped transaction (row-level security)', async () => {
    const seen = await withPartnerScope(
      t.database.db,
      { all: false, partnerId: alpha },
      async (tx) =>
        rowsOf<{ partner_id: string }>(
          await tx.execute(sql`
            SELECT DISTINCT partner_id FROM dashboard_sales
            UNION SELECT DISTINCT partner_id FROM dashboard_esims`),
        ),
    );
    expect(seen.map((row) => row.partner_id)).toEqual([alpha]);
  });
});

describe('the rows a period reads', () => {
  const range = (grain: 'day' | 'month', from: string, to: string, sign: 1 | -1 = 1) => ({
    grain,
    from,
    to,
    sign,
  });

  it.each([
    ['2024-01-01', '2024-01-31', [range('month', '2024-01-01', '2024-01-01')]],
    [
      '2024-01-02',
      '2024-01-30',
      [
        range('month', '2024-01-01', '2024-01-01'),
        range('day', '2024-01-01', '2024-01-01', -1),
        range('day', '2024-01-31', '2024-01-31', -1),
      ],
    ],
    ['2024-01-31', '2024-02-01', [range('day', '2024-01-31', '2024-02-01')]],
    ['2024-02-01', '2024-02-29', [range('month', '2024-02-01', '2024-02-01')]],
    [
      '2024-01-15',
      '2024-03-10',
      [
        range('month', '2024-01-01', '2024-01-01'),
        range('day', '2024-01-01', '2024-01-14', -1),
        range('month', '2024-02-01', '2024-02-01'),
        range('day', '2024-03-01', '2024-03-10'),
      ],
    ],
    ['2023-12-01', '2024-12-31', [range('month', '2023-12-01', '2024-12-01')]],
  ])('%s..%s: month rows, day rows, and days taken away', (from, to, ranges) => {
    expect(grainRanges({ from, to })).toEqual(ranges);
  });

  it('sums to the days of any period, reading at most ~31 days', () => {
    // A value per day of 2023-2026 and per month (the sum of its days), as the aggregates hold.
    const days = new Map<string, number>();
    const months = new Map<string, number>();
    for (let day = '2023-01-01', n = 0; day <= '2026-12-31'; day = addDays(day, 1), n += 1) {
      const value = (n * 7919) % 101;
      days.set(day, value);
      months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + value);
    }
    for (let n = 0; n < 400; n += 1) {
      const from = addDays('2023-01-01', (n * 37) % 600);
      const to = addDays(from, (n * 53) % DASHBOARD_MAX_PERIOD_DAYS);
      let expected = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) expected += days.get(day)!;
      let summed = 0;
      let dayRows = 0;
      for (const r of grainRanges({ from, to })) {
        const next = (d: string) =>
          r.grain === 'day' ? addDays(d, 1) : addDays(`${d.slice(0, 7)}-28`, 7).slice(0, 8) + '01';
        for (let at = r.from; at <= r.to; at = next(at)) {
          summed += r.sign * (r.grain === 'day' ? days.get(at)! : months.get(at.slice(0, 7))!);
          if (r.grain === 'day') dayRows += 1;
        }
      }
      expect(summed, `${from}..${to}`).toBe(expected);
      expect(dayRows).toBeLessThanOrEqual(31);
    }
  });
});

describe('the period and the other parameters', () => {
  it('covers the last 30 days up to today without from/to, as days by default', async () => {
    const today = businessToday();
    const sales = await data('sales-and-revenue');
    expect(sales).toHaveLength(30);
    expect(sales[0].period).toBe(addDays(today, -29));
    expect(sales[29].period).toBe(today);
    const fromOnly = await data(`sales-and-revenue?from=${addDays(today, -2)}`);
    expect(fromOnly.map((point: Json) => point.period)).toEqual([
      addDays(today, -2),
      addDays(today, -1),
      today,
    ]);
  });

  it('refuses a start after the end and a period too long with 400 and a key', async () => {
    const reversed = await get('user-by-country?from=2024-02-02&to=2024-02-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({
      field: 'from',
      key: 'dashboard.periodReversed',
      message: 'The start of the period must be on or before its end.',
    });
    const long = await get(
      `sales-and-revenue?from=2020-01-01&to=${addDays('2020-01-01', DASHBOARD_MAX_PERIOD_DAYS)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({
      field: 'to',
      key: 'dashboard.periodTooLong',
      params: { days: DASHBOARD_MAX_PERIOD_DAYS },
      message: `A period can span at most ${DASHBOARD_MAX_PERIOD_DAYS} days.`,
    });
    // The longest period is fine.
    const longest = await get(
      `sales-and-revenue?from=2020-01-01&to=${addDays('2020-01-01', DASHBOARD_MAX_PERIOD_DAYS - 1)}&granularity=month`,
    );
    expect(longest.status).toBe(200);
    // A start in the future with the default end (today) is reversed.
    expect(
      (await get(`ratio-by-package-plan?from=${addDays(businessToday(), 1)}`)).body.errorMessageKey,
    ).toBe('dashboard.periodReversed');
  });

  it.each([
    'sales-and-revenue?granularity=hour',
    'sales-and-revenue?from=2024-02-30',
    'sales-and-revenue?to=yesterday',
    'sales-and-revenue?from=0001-01-01T00:00:00%2B14:00',
    'sales-and-revenue?from=9999-12-31T23:59:59-14:00&to=9999-12-31',
    'user-by-country?limit=0',
    'user-by-country?limit=51',
    'user-by-country?limit=abc',
    'user-by-country?limit=1.5',
    'ratio-by-package-plan?from=2024-01-01&from=2024-01-02',
    'recent-purchased?limit=-1',
    'recent-purchased?limit=1e9',
  ])('answers %s with a 400, never a 5xx', async (path) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('needs GET on the dashboard', async () => {
    const noRole = await t.createUser({ roleId: null });
    for (const path of [
      'recent-purchased',
      'user-by-country',
      'sales-and-revenue',
      'ratio-by-package-plan',
    ]) {
      expect((await get(path, noRole.token)).status).toBe(403);
    }
  });
});

describe('exchange rates on the dashboard', () => {
  async function addRate(currency: string, rate: string, effectiveDate: string): Promise<void> {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate',
      token: admin,
      payload: { currency, rate, effectiveDate },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('answers the trend: the rate of each of the latest 10 effective dates, oldest first', async () => {
    const today = businessToday();
    for (let day = 12; day >= 1; day -= 1) {
      await addRate('NZD', `${90 + day}`, addDays(today, -day));
    }
    // A correction on the same day: the last entered is the rate of that day.
    await addRate('NZD', '80.5', addDays(today, -1));
    // Not in force yet.
    await addRate('NZD', '70', addDays(today, 3));
    const nzd = (await data('exchange-rate')).find((rate: Json) => rate.currency === 'NZD');
    expect(nzd).toMatchObject({
      rate: '80.5',
      effectiveDate: addDays(today, -1),
      previousRate: '91',
    });
    expect(nzd.trend).toHaveLength(10);
    expect(nzd.trend[0]).toEqual({ effectiveDate: addDays(today, -10), rate: '100' });
    expect(nzd.trend.at(-2)).toEqual({ effectiveDate: addDays(today, -2), rate: '92' });
    expect(nzd.trend.at(-1)).toEqual({ effectiveDate: addDays(today, -1), rate: '80.5' });
  });
});
