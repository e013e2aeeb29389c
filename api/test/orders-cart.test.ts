import { randomUUID } from 'node:crypto';
import { RESOURCES, ROLE_IDS, businessToday } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  addBranch,
  addProduct,
  addStockItems,
  createPartner,
  createPurchaseWorld,
  createTariffCode,
  orderApi,
  orderBody,
  partnerAccountToken,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * The purchase wizard's cart, bundles and price review (docs/orders.md): what staff see before
 * they buy. Prices are checked against the tariff code's own product list.
 */

let t: TestContext;
let world: PurchaseWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await createPurchaseWorld(t);
});

afterAll(() => t?.close());

const sellingPrices = async (tariffCode: string): Promise<Map<string, number | null>> => {
  const res = await world.api.call('POST', 'tariff/product-list', { tariffCode, pageSize: 100 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(
    res.body.data.items.map((item: Json) => [item.productId, item.sellingPrice as number | null]),
  );
};

describe('cart', () => {
  it('is created empty with a fresh key, saved as given, and survives a reload', async () => {
    const first = await world.api.cart();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      partnerId: null,
      partnerName: null,
      lines: [],
      customerName: null,
      useCountries: [],
      notes: null,
      campaignCode: null,
    });
    const key = first.body.data.idempotencyKey as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const product = await addProduct(t, world, { delivery: 'stock' });
    const vanished = randomUUID();
    const saved = await world.api.putCart({
      partnerId: world.partnerId,
      lines: [
        { productId: product.id, quantity: 2 },
        { productId: vanished, quantity: 1 },
      ],
      customerName: '  Hanako ',
      useCountries: ['jp', 'KR', 'JP'],
      notes: 'for the trip',
      campaignCode: 'spring',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      partnerId: world.partnerId,
      partnerName: world.partnerName,
      lines: [
        {
          productId: product.id,
          quantity: 2,
          productCode: product.productCode,
          name: product.name,
        },
        { productId: vanished, quantity: 1, productCode: null, name: null },
      ],
      customerName: 'Hanako',
      useCountries: ['JP', 'KR'],
      notes: 'for the trip',
      campaignCode: 'SPRING',
      idempotencyKey: key,
    };
    expect(saved.body.data).toMatchObject(expected);
    expect((await world.api.cart()).body.data).toMatchObject(expected);

    const cleared = await world.api.clearCart();
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ partnerId: null, lines: [], customerName: null });
    expect(cleared.body.data.idempotencyKey).not.toBe(key);
    expect((await world.api.cart()).body.data.idempotencyKey).toBe(
      cleared.body.data.idempotencyKey,
    );
  });

  it("is the caller's own: another staff member has a separate cart", async () => {
    await world.api.putCart({ partnerId: world.partnerId, lines: [], customerName: 'Mine' });
    const other = await t.createUser({ roleId: ROLE_IDS.staff });
    const theirs = orderApi(t, other.token);
    const cart = await theirs.cart();
    expect(cart.status).toBe(200);
    expect(cart.body.data).toMatchObject({ partnerId: null, customerName: null });
    expect(cart.body.data.idempotencyKey).not.toBe(
      (await world.api.cart()).body.data.idempotencyKey,
    );
    expect((await world.api.cart()).body.data.customerName).toBe('Mine');
  });

  it('refuses a partner that does not exist or is out of reach (404)', async () => {
    const unknown = await world.api.putCart({ partnerId: randomUUID(), lines: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('Partner not found');

    const other = await createPartner(world.api, world.tariffCode);
    const partnerStaff = orderApi(t, await partnerAccountToken(t, world.api, world.partnerId));
    const foreign = await partnerStaff.putCart({ partnerId: other.id, lines: [] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorMessage).toBe('Partner not found');
    const own = await partnerStaff.putCart({ partnerId: world.partnerId, lines: [] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.partnerName).toBe(world.partnerName);
  });
});

describe('cart/partners', () => {
  /** A staff member whose role has only these permissions. */
  const staffWith = async (permissions: { path: string; methods: string[] }[]) => {
    const role = await world.api.call('POST', 'role', { name: `Sellers ${randomUUID()}` });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const set = await world.api.call('POST', 'role/permission', {
      roleId: role.body.data.id,
      permissions,
    });
    expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    return orderApi(t, (await t.createUser({ roleId: role.body.data.id })).token);
  };

  it('answers every partner (id, code, name) by name to staff who may sell, without the partners area', async () => {
    const zeta = await createPartner(world.api, world.tariffCode);
    const alpha = await createPartner(world.api, null);
    await t.database.db.execute(
      sql`UPDATE partners SET name = CASE id WHEN ${zeta.id}::uuid THEN 'zeta Tours' ELSE 'Alpha Travel' END WHERE id IN (${zeta.id}::uuid, ${alpha.id}::uuid)`,
    );
    const seller = await staffWith([{ path: RESOURCES.orders, methods: ['GET', 'POST'] }]);
    // What the wizard used to read is refused to this seller.
    const viaModel = await seller.call('POST', 'utils/model/list', { collection: 'partners' });
    expect(viaModel.status).toBe(403);

    const res = await seller.call('GET', 'cart/partners');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = res.body.data as Json[];
    // Every partner, exactly as the partners area lists them to the admin.
    const all = await world.api.call('POST', 'utils/model/list', {
      collection: 'partners',
      fields: ['id', 'code', 'name'],
    });
    const byId = (a: Json, b: Json) => String(a.id).localeCompare(String(b.id));
    expect([...answered].sort(byId)).toEqual([...(all.body.data as Json[])].sort(byId));
    expect(answered).toContainEqual({ id: alpha.id, code: alpha.code, name: 'Alpha Travel' });
    expect(answered).toContainEqual({ id: zeta.id, code: zeta.code, name: 'zeta Tours' });
    const names = answered.map((partner) => String(partner.name).toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(answered.findIndex((p) => p.id === alpha.id)).toBeLessThan(
      answered.findIndex((p) => p.id === zeta.id),
    );
  });

  it("answers a partner's own staff their partner only (none when bound to no partner)", async () => {
    await createPartner(world.api, world.tariffCode);
    const partnerStaff = orderApi(t, await partnerAccountToken(t, world.api, world.partnerId));
    const res = await partnerStaff.call('GET', 'cart/partners');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = await world.api.call('POST', 'utils/model/list', {
      collection: 'partners',
      fields: ['id', 'code', 'name'],
    });
    expect((all.body.data as Json[]).length).toBeGreaterThan(1);
    const own = (all.body.data as Json[]).find((partner) => partner.id === world.partnerId);
    expect(res.body.data).toEqual([
      { id: world.partnerId, code: own?.code, name: world.partnerName },
    ]);
    const unbound = await t.createUser({ roleId: ROLE_IDS.partner });
    const none = await orderApi(t, unbound.token).call('GET', 'cart/partners');
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('is refused (403) without GET on orders', async () => {
    const partnersOnly = await staffWith([{ path: RESOURCES.partners, methods: ['GET'] }]);
    const res = await partnersOnly.call('GET', 'cart/partners');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(world.partnerName);
    const sellers = await staffWith([{ path: RESOURCES.orders, methods: ['GET'] }]);
    expect((await sellers.call('GET', 'cart/partners')).status).toBe(200);
  });
});

describe('cart/product-purchase/list', () => {
  it("lists the partner's purchasable bundles at its tariff code's selling price", async () => {
    const code = await createTariffCode(world.api);
    const partner = await createPartner(world.api, code);
    const forPartner = { partnerId: partner.id };
    const stock = await addProduct(t, world, { delivery: 'stock', costMinor: 1000, items: 4 });
    await addStockItems(t, stock.id, 2, { expiresInDays: -3 });
    const usd = await addProduct(t, world, {
      delivery: 'api',
      costMinor: 1234,
      costCurrency: 'USD',
      coverage: ['JP', 'KR'],
    });
    const manual = await addProduct(t, world, { delivery: 'api', costMinor: 500 });
    const inactive = await addProduct(t, world, { delivery: 'api', status: 'inactive' });
    const priced = await world.api.call('PUT', 'tariff/product-price', {
      tariffCode: code,
      productId: manual.id,
      sellingPriceJpy: 999,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);

    const res = await world.api.purchasable({ ...forPartner, pageSize: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.items as Json[];
    const byId = new Map(items.map((item) => [item.productId, item]));
    const selling = await sellingPrices(code);
    for (const product of [stock, usd, manual]) {
      expect(byId.get(product.id)?.unitPrice).toBe(selling.get(product.id));
    }
    expect(byId.get(manual.id)?.unitPrice).toBe(999);
    // cost 1,000 JPY + 40 % = 1,400; USD 12.34 at 150 = 1,851 JPY + 40 % = 2,592 (rounded up).
    expect(byId.get(stock.id)).toMatchObject({
      unitPrice: 1400,
      deliveryType: 'stock',
      available: 4,
      coverage: ['JP'],
      productCode: stock.productCode,
      type: 'package',
      durationDays: 7,
    });
    expect(byId.get(usd.id)).toMatchObject({
      unitPrice: 2592,
      deliveryType: 'api',
      available: null,
    });
    expect(byId.has(inactive.id)).toBe(false);
    expect(res.body.data.total).toBe(items.length);

    const korea = await world.api.purchasable({ ...forPartner, country: 'kr', pageSize: 100 });
    expect(korea.body.data.items.map((item: Json) => item.productId)).toEqual([usd.id]);
    const searched = await world.api.purchasable({ ...forPartner, search: manual.productCode });
    expect(searched.body.data.items.map((item: Json) => item.productId)).toEqual([manual.id]);
    const dearest = await world.api.purchasable({
      ...forPartner,
      sort: 'unitPrice',
      order: 'desc',
      pageSize: 10,
    });
    const prices = dearest.body.data.items.map((item: Json) => item.unitPrice as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const pastEnd = await world.api.purchasable({ ...forPartner, page: 50, pageSize: 10 });
    expect(pastEnd.body.data).toMatchObject({ items: [], total: items.length });
  });

  it('applies an active special price when it is lower than the tariff price', async () => {
    const product = await addProduct(t, world, { delivery: 'api', costMinor: 1000 });
    const special = await world.api.call('PUT', 'product/edit-special-price', {
      id: product.id,
      version: product.version,
      specialPriceJpy: 1200,
    });
    expect(special.status, JSON.stringify(special.body)).toBe(200);
    const res = await world.api.purchasable({
      partnerId: world.partnerId,
      search: product.productCode,
    });
    expect(res.body.data.items[0]?.unitPrice).toBe(1200);
  });

  it('answers 422 without a tariff code and 404 for a partner out of reach', async () => {
    const bare = await createPartner(world.api, null);
    const none = await world.api.purchasable({ partnerId: bare.id });
    expect(none.status).toBe(422);
    expect(none.body.errorMessageKey).toBe('orders.noTariffCode');
    const unknown = await world.api.purchasable({ partnerId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('Partner not found');
    const partnerStaff = orderApi(t, await partnerAccountToken(t, world.api, bare.id));
    const foreign = await partnerStaff.purchasable({ partnerId: world.partnerId });
    expect(foreign.status).toBe(404);
  });
});

describe('cart/review', () => {
  it('prices lines, rounds tax once per rate per order, and names the rates used', async () => {
    const code = await createTariffCode(world.api);
    const partner = await createPartner(world.api, code);
    await addBranch(t, partner.id, { name: 'Old VAT', rate: 5 });
    await addBranch(t, partner.id, { name: 'JCT', rate: 8, main: true });
    const a = await addProduct(t, world, { delivery: 'api' });
    const b = await addProduct(t, world, { delivery: 'api' });
    const usd = await addProduct(t, world, {
      delivery: 'api',
      costMinor: 1000,
      costCurrency: 'USD',
    });
    for (const product of [a, b]) {
      await world.api.call('PUT', 'tariff/product-price', {
        tariffCode: code,
        productId: product.id,
        sellingPriceJpy: 1006,
      });
    }
    const res = await world.api.review({
      partnerId: partner.id,
      lines: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Per line the tax would be 160 + 80 = 240; once per order it is floor(3,018 x 8 %) = 241.
    expect(res.body.data).toMatchObject({
      partnerId: partner.id,
      partnerName: partner.name,
      tariffCode: code,
      currency: 'JPY',
      subTotal: 3018,
      discount: 0,
      taxes: [{ name: 'JCT', rate: 8, taxable: 3018, tax: 241 }],
      taxTotal: 241,
      totalAmount: 3259,
      finalPrice: 3259,
      exchangeRates: [],
      campaignCode: null,
    });
    expect(res.body.data.lines).toMatchObject([
      { productId: a.id, quantity: 2, unitPrice: 1006, lineTotal: 2012, discount: 0, taxRate: 8 },
      { productId: b.id, quantity: 1, unitPrice: 1006, lineTotal: 1006, taxRate: 8 },
    ]);

    // A campaign code (docs/campaigns.md), entered in lower case: 10 % off the USD bundle.
    const welcome = await world.api.call('POST', 'campaign', {
      code: 'WELCOME',
      name: 'Welcome',
      type: 'coupon',
      discountType: 'percent',
      discountValue: 10,
      validFrom: businessToday(),
      validTo: businessToday(),
      productIds: [usd.id],
    });
    expect(welcome.status, JSON.stringify(welcome.body)).toBe(201);
    const withUsd = await world.api.review({
      partnerId: world.partnerId,
      lines: [{ productId: usd.id, quantity: 3 }],
      campaignCode: 'welcome',
    });
    expect(withUsd.status, JSON.stringify(withUsd.body)).toBe(200);
    // USD 10.00 at 150 = 1,500 JPY + 40 % = 2,100; 10 % off; no branch: VAT 10 % on the rest.
    expect(withUsd.body.data).toMatchObject({
      subTotal: 6300,
      discount: 630,
      taxes: [{ name: 'VAT', rate: 10, taxable: 5670, tax: 567 }],
      finalPrice: 6237,
      exchangeRates: [{ currency: 'USD', rate: '150', effectiveDate: '2000-01-01' }],
      campaignCode: 'WELCOME',
    });
  });

  it('refuses what cannot be bought, with the business errors of the spec', async () => {
    const review = (lines: { productId: string; quantity: number }[], extra = {}) =>
      world.api.review({ partnerId: world.partnerId, lines, ...extra });
    const stock = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const euro = await addProduct(t, world, { delivery: 'api', costCurrency: 'EUR' });
    const inactive = await addProduct(t, world, { delivery: 'api', status: 'inactive' });

    const empty = await review([]);
    expect(empty.status).toBe(422);
    expect(empty.body.errorMessage).toBe('Cart is empty.');

    const missingRate = await review([{ productId: euro.id, quantity: 1 }]);
    expect(missingRate.status).toBe(422);
    expect(missingRate.body.errorMessage).toBe(
      'Exchange rate for a currency pair not available: EUR/JPY',
    );

    const unmatched = await review([{ productId: stock.id, quantity: 1 }], {
      useCountries: ['JP', 'KR'],
    });
    expect(unmatched.status).toBe(422);
    expect(unmatched.body.errorMessage).toBe(
      `Unmatched country: ${stock.productCode} cannot be used in KR.`,
    );
    expect(
      (await review([{ productId: stock.id, quantity: 1 }], { useCountries: ['jp'] })).status,
    ).toBe(200);

    const tooMany = await review([{ productId: stock.id, quantity: 3 }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errorMessage).toBe(
      `Current products not available for purchase: only 2 of ${stock.productCode} on hand.`,
    );

    const unavailable = await review([{ productId: inactive.id, quantity: 1 }]);
    expect(unavailable.status).toBe(422);
    expect(unavailable.body.errorMessage).toBe(
      `Current products not available for purchase: ${inactive.productCode}.`,
    );

    const unknown = await review([{ productId: randomUUID(), quantity: 1 }]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('Product not found');
  });

  it('leaves out products without a price at a manual-input code', async () => {
    const group = `MAN-${randomUUID().slice(0, 6)}`.toUpperCase();
    await world.api.call('POST', 'tariff/group', {
      tariffGroup: group,
      name: group,
      inputMode: 'manual',
    });
    const code = `${group}-C`;
    await world.api.call('POST', 'tariff', { tariffGroup: group, tariffCode: code });
    const partner = await createPartner(world.api, code);
    const product = await addProduct(t, world, { delivery: 'api' });
    const list = await world.api.purchasable({
      partnerId: partner.id,
      search: product.productCode,
    });
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
    const res = await world.api.review(
      orderBody({ partnerId: partner.id }, [{ productId: product.id, quantity: 1 }]),
    );
    expect(res.status).toBe(422);
    expect(res.body.errorMessageKey).toBe('orders.notAvailable');
  });
});
