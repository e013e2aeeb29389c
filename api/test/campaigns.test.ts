import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_CODE_ALPHABET,
  RESOURCES,
  ROLE_IDS,
  businessToday,
  campaignDiscounts,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/areas/list-helpers';
import { rolePermissions } from '../src/db/schema';
import { createTestApp, type TestContext } from './support/app';
import {
  addProduct,
  createPartner,
  createPurchaseWorld,
  orderApi,
  orderBody,
  partnerAccountToken,
  unique,
  type OrderApi,
  type PurchaseWorld,
} from './support/order-purchase-fixtures';
import type { Json } from './tariffs-fixtures';

/*
 * Campaign codes (issue 17, docs/campaigns.md): the campaign records and their validation, the
 * partner scope, bulk generation of single-use codes, the discount math, a purchase taking a use,
 * the use given back, and the CSV exports. The race is in campaigns-race.pg.test.ts.
 */

let t: TestContext;
let world: PurchaseWorld;
let api: OrderApi;

beforeAll(async () => {
  t = await createTestApp();
  world = await createPurchaseWorld(t);
  api = world.api;
});

afterAll(() => t?.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

function addDays(days: number): string {
  const date = new Date(`${businessToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function campaignBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: unique('cp').replace(/-/g, ''),
    name: 'Spring sale',
    type: 'coupon',
    discountType: 'percent',
    discountValue: 10,
    useQuantity: 5,
    validFrom: businessToday(),
    validTo: addDays(30),
    partnerIds: [],
    productIds: [],
    ...extra,
  };
}

async function createCampaign(extra: Record<string, unknown> = {}): Promise<Json> {
  const res = await api.call('POST', 'campaign', campaignBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('campaign records', () => {
  it('creates, reads, updates and deletes a campaign, audited', async () => {
    const body = campaignBody({ code: `spring${Date.now()}` });
    const created = await api.call('POST', 'campaign', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Campaign created.');
    const campaign = created.body.data;
    expect(campaign).toMatchObject({
      code: String(body.code).toUpperCase(),
      name: 'Spring sale',
      discountType: 'percent',
      discountValue: 10,
      useQuantity: 5,
      remainingQuantity: 5,
      usedCount: 0,
      status: 'active',
      version: 1,
      partnerIds: [],
    });

    const read = await api.call('GET', `campaign?id=${campaign.id}`);
    expect(read.body.data.code).toBe(campaign.code);

    const updated = await api.call('PUT', 'campaign', {
      ...body,
      id: campaign.id,
      version: 1,
      name: 'Spring sale 2',
      useQuantity: 7,
      partnerIds: [world.partnerId],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Spring sale 2',
      useQuantity: 7,
      remainingQuantity: 7,
      version: 2,
      partnerIds: [world.partnerId],
    });
    const stale = await api.call('PUT', 'campaign', { ...body, id: campaign.id, version: 1 });
    expect(stale.status).toBe(409);

    const listed = await api.call('POST', 'campaign/list', { search: 'Spring sale 2' });
    expect(listed.body.data.items.map((item: Json) => item.id)).toContain(campaign.id);

    const history = await api.call('GET', `campaign/history?id=${campaign.id}`);
    expect(history.status).toBe(200);
    expect(history.body.data.items.map((entry: Json) => entry.action).sort()).toEqual([
      'create',
      'update',
    ]);

    const removed = await api.call('DELETE', `campaign?id=${campaign.id}&version=2`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.message).toBe('Campaign deleted.');
    expect((await api.call('GET', `campaign?id=${campaign.id}`)).status).toBe(404);
  });

  it('refuses a code taken by another campaign, whatever its case', async () => {
    const first = await createCampaign();
    const res = await api.call(
      'POST',
      'campaign',
      campaignBody({ code: first.code.toLowerCase() }),
    );
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ field: 'code', key: 'campaigns.codeTaken' });
  });

  it('says a percent must be within 1 to 100 and new dates may not be past', async () => {
    const percent = await api.call('POST', 'campaign', campaignBody({ discountValue: 150 }));
    expect(percent.status).toBe(400);
    expect(percent.body.errors[0].field).toBe('discountValue');
    expect(percent.body.errors[0].message).toBe('Discount value must be a number within 1 to 100.');

    const price = await api.call(
      'POST',
      'campaign',
      campaignBody({ discountType: 'price', discountValue: 500 }),
    );
    expect(price.status, JSON.stringify(price.body)).toBe(201);

    const past = await api.call(
      'POST',
      'campaign',
      campaignBody({ validFrom: addDays(-3), validTo: addDays(-1) }),
    );
    expect(past.status).toBe(400);
    expect(past.body.errors.map((error: Json) => error.field).sort()).toEqual([
      'validFrom',
      'validTo',
    ]);
    expect(past.body.errors[0].message).toBe(
      'Dates must be equal to or later than the current date.',
    );
  });

  it('keeps the use quantity at or above the uses made', async () => {
    const campaign = await createCampaign({ useQuantity: 3 });
    const product = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const bought = await api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 1 }], { campaignCode: campaign.code }),
      randomUUID(),
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const res = await api.call('PUT', 'campaign', {
      ...campaignBody({ code: campaign.code }),
      id: campaign.id,
      version: campaign.version,
      useQuantity: 0,
    });
    expect(res.status).toBe(400); // useQuantity 0 is not a quantity
    const below = await api.call('PUT', 'campaign', {
      ...campaignBody({ code: campaign.code, useQuantity: 1 }),
      id: campaign.id,
      version: campaign.version,
    });
    expect(below.status, JSON.stringify(below.body)).toBe(200);
    expect(below.body.data).toMatchObject({ useQuantity: 1, remainingQuantity: 0, usedCount: 1 });
    const deleted = await api.call('DELETE', `campaign?id=${campaign.id}`);
    expect(deleted.status).toBe(422);
    expect(deleted.body.errorMessageKey).toBe('campaigns.inUse');
  });
});

describe('partner scope', () => {
  it("shows a partner's staff only the campaigns that apply to its partner, read-only", async () => {
    const other = await createPartner(api, world.tariffCode);
    const mine = await createCampaign({ partnerIds: [world.partnerId] });
    const theirs = await createCampaign({ partnerIds: [other.id] });
    const everyone = await createCampaign();
    await t.database.db
      .insert(rolePermissions)
      .values({ roleId: ROLE_IDS.partner, path: RESOURCES.campaigns, methods: ['GET'] })
      .onConflictDoNothing();
    const staff = orderApi(t, await partnerAccountToken(t, api, world.partnerId));

    const listed = await staff.call('POST', 'campaign/list', { pageSize: 100 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const ids = listed.body.data.items.map((item: Json) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(everyone.id);
    expect(ids).not.toContain(theirs.id);
    expect((await staff.call('GET', `campaign?id=${theirs.id}`)).status).toBe(404);
    expect((await staff.call('GET', `campaign?id=${mine.id}`)).status).toBe(200);

    const csv = await t.inject({
      method: 'GET',
      url: '/api/mng/campaign/export-csv',
      token: await partnerAccountToken(t, api, world.partnerId),
    });
    expect(csv.body).toContain(mine.code);
    expect(csv.body).not.toContain(theirs.code);

    // Row-level security is the second line: the scope role sees none of the other's rows.
    const [seen] = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.partner_id', ${world.partnerId}, true)`);
      await tx.execute(sql.raw('SET LOCAL ROLE esim_partner_scope'));
      return rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM campaigns WHERE id = ${theirs.id}`),
      );
    });
    expect(seen?.n).toBe(0);
  });

  it("lets a partner's staff buy with a code for every partner, under row-level security", async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 2 });
    const everyone = await createCampaign({ useQuantity: 1 });
    const other = await createPartner(api, world.tariffCode);
    const theirs = await createCampaign({ partnerIds: [other.id] });
    const staff = orderApi(t, await partnerAccountToken(t, api, world.partnerId));
    const line = [{ productId: product.id, quantity: 1 }];
    const refused = await staff.purchase(
      orderBody(world, line, { campaignCode: theirs.code }),
      randomUUID(),
    );
    // The other partner's campaign is invisible to this partner's staff.
    expect(refused.status).toBe(404);
    expect(refused.body.errorMessageKey).toBe('campaigns.codeNotFound');
    const bought = await staff.purchase(
      orderBody(world, line, { campaignCode: everyone.code }),
      randomUUID(),
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.data.discount).toBe(140);
    const [row] = await query<{ remaining_quantity: number }>(
      sql`SELECT remaining_quantity FROM campaigns WHERE id = ${everyone.id}`,
    );
    expect(row?.remaining_quantity).toBe(0);
  });

  it('denies the calls to a role without the campaign permission', async () => {
    const user = await t.createUser({ roleId: null });
    const noRole = orderApi(t, await t.tokenFor(user.email));
    expect((await noRole.call('POST', 'campaign/list', {})).status).toBe(403);
    expect((await noRole.call('POST', 'campaign', campaignBody())).status).toBe(403);
  });
});

describe('generated codes', () => {
  it('generates unique single-use codes from the look-alike-free alphabet', async () => {
    const campaign = await createCampaign({ useQuantity: null });
    const res = await api.call('POST', 'campaign/generate-codes', {
      id: campaign.id,
      prefix: 'vip',
      count: 300,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('300 codes generated.');
    expect(res.body.data).toMatchObject({ count: 300, useQuantity: 300 });

    const codes = await query<{ code: string }>(
      sql`SELECT code FROM campaign_codes WHERE campaign_id = ${campaign.id}`,
    );
    expect(codes).toHaveLength(300);
    const pattern = new RegExp(`^VIP[${CAMPAIGN_CODE_ALPHABET}]{8}$`);
    for (const { code } of codes) expect(code).toMatch(pattern);
    expect(new Set(codes.map(({ code }) => code)).size).toBe(300);
    expect(codes.map(({ code }) => code.slice(3)).join('')).not.toMatch(/[01OIL]/);

    const detail = await api.call('GET', `campaign?id=${campaign.id}`);
    expect(detail.body.data).toMatchObject({
      useQuantity: 300,
      remainingQuantity: 300,
      voucherCodeCount: 300,
    });
    const page = await api.call('POST', 'campaign/codes/list', { id: campaign.id, pageSize: 10 });
    expect(page.body.data.total).toBe(300);
    expect(page.body.data.items).toHaveLength(10);

    const more = await api.call('POST', 'campaign/generate-codes', { id: campaign.id, count: 5 });
    expect(more.body.data.useQuantity).toBe(305);
  });

  it('refuses a count beyond 10000 and a prefix beyond 10 characters', async () => {
    const campaign = await createCampaign();
    const tooMany = await api.call('POST', 'campaign/generate-codes', {
      id: campaign.id,
      count: 10_001,
    });
    expect(tooMany.status).toBe(400);
    const longPrefix = await api.call('POST', 'campaign/generate-codes', {
      id: campaign.id,
      prefix: 'ABCDEFGHIJK',
      count: 1,
    });
    expect(longPrefix.status).toBe(400);
  });
});

describe('discount math', () => {
  it('floors a percent per eligible line', () => {
    expect(
      campaignDiscounts({ discountType: 'percent', discountValue: 15 }, [
        { lineTotal: 999, eligible: true },
        { lineTotal: 1000, eligible: false },
        { lineTotal: 7, eligible: true },
      ]),
    ).toEqual([149, 0, 1]);
  });

  it('spreads a price in proportion and never makes a line negative', () => {
    const lines = [
      { lineTotal: 1000, eligible: true },
      { lineTotal: 3000, eligible: true },
      { lineTotal: 500, eligible: false },
    ];
    expect(campaignDiscounts({ discountType: 'price', discountValue: 1001 }, lines)).toEqual([
      250, 751, 0,
    ]);
    // More than the eligible lines cost: each line goes to 0, no further.
    expect(campaignDiscounts({ discountType: 'price', discountValue: 99_999 }, lines)).toEqual([
      1000, 3000, 0,
    ]);
    const odd = campaignDiscounts({ discountType: 'price', discountValue: 10 }, [
      { lineTotal: 3, eligible: true },
      { lineTotal: 3, eligible: true },
      { lineTotal: 3, eligible: true },
    ]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(9);
    for (const share of odd) expect(share).toBeLessThanOrEqual(3);
  });

  it('previews a code on a cart through apply-order (no writes)', async () => {
    const eligible = await addProduct(t, world, { delivery: 'stock', items: 5 });
    const other = await addProduct(t, world, { delivery: 'stock', items: 5 });
    const campaign = await createCampaign({
      discountType: 'price',
      discountValue: 5000,
      productIds: [eligible.id],
    });
    const res = await api.call('POST', 'campaign/apply-order', {
      partnerId: world.partnerId,
      code: campaign.code.toLowerCase(),
      lines: [
        { productId: eligible.id, quantity: 2 },
        { productId: other.id, quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      campaignId: campaign.id,
      discount: 2800,
      lines: [
        { productId: eligible.id, lineTotal: 2800, discount: 2800 },
        { productId: other.id, lineTotal: 1400, discount: 0 },
      ],
    });
    const [row] = await query<{ remaining_quantity: number }>(
      sql`SELECT remaining_quantity FROM campaigns WHERE id = ${campaign.id}`,
    );
    expect(row?.remaining_quantity).toBe(5);

    const onlyOther = await api.call('POST', 'campaign/apply-order', {
      partnerId: world.partnerId,
      code: campaign.code,
      lines: [{ productId: other.id, quantity: 1 }],
    });
    expect(onlyOther.status).toBe(422);
    expect(onlyOther.body.errorMessageKey).toBe('campaigns.notForProducts');

    const missing = await api.call('POST', 'campaign/apply-order', {
      partnerId: world.partnerId,
      code: 'NOSUCHCODE',
      lines: [{ productId: other.id, quantity: 1 }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessage).toBe('Campaign code NOSUCHCODE not found.');
  });

  it('refuses codes not yet valid, inactive or for another partner', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 1 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const later = await createCampaign({ validFrom: addDays(2), validTo: addDays(3) });
    const inactive = await createCampaign({ status: 'inactive' });
    const other = await createPartner(api, world.tariffCode);
    const elsewhere = await createCampaign({ partnerIds: [other.id] });
    const keyOf = async (code: string) =>
      (await api.call('POST', 'campaign/apply-order', { partnerId: world.partnerId, code, lines }))
        .body.errorMessageKey;
    expect(await keyOf(later.code)).toBe('campaigns.notStarted');
    expect(await keyOf(inactive.code)).toBe('campaigns.inactive');
    expect(await keyOf(elsewhere.code)).toBe('campaigns.notForPartner');
  });
});

describe('purchase with a code', () => {
  it('stores the campaign, code and discount on the order and takes one use', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 5 });
    const campaign = await createCampaign({ discountValue: 15, useQuantity: 2 });
    const res = await api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 3 }], {
        campaignCode: campaign.code.toLowerCase(),
      }),
      randomUUID(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    // 3 x 1400 = 4200, 15 % = 630 off.
    expect(order).toMatchObject({ subTotal: 4200, discount: 630, campaignCode: campaign.code });
    const [stored] = await query<{ campaign_id: string; campaign_code: string; discount: string }>(
      sql`SELECT campaign_id, campaign_code, discount::text FROM orders WHERE id = ${order.id}`,
    );
    expect(stored).toEqual({
      campaign_id: campaign.id,
      campaign_code: campaign.code,
      discount: '630',
    });
    const after = await api.call('GET', `campaign?id=${campaign.id}`);
    expect(after.body.data).toMatchObject({ remainingQuantity: 1, usedCount: 1 });
    const uses = await api.call('POST', 'campaign/redemptions/list', { id: campaign.id });
    expect(uses.body.data.items).toMatchObject([
      { orderId: order.id, orderNo: order.orderNo, discount: 630, releasedAt: null },
    ]);
  });

  it('uses a voucher code once, then refuses it with usedUp', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 5 });
    const campaign = await createCampaign({ discountType: 'price', discountValue: 100 });
    await api.call('POST', 'campaign/generate-codes', { id: campaign.id, count: 2 });
    const [voucher] = await query<{ code: string }>(
      sql`SELECT code FROM campaign_codes WHERE campaign_id = ${campaign.id} ORDER BY code LIMIT 1`,
    );
    const body = orderBody(world, [{ productId: product.id, quantity: 1 }], {
      campaignCode: voucher!.code,
    });
    const first = await api.purchase(body, randomUUID());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.discount).toBe(100);
    const codes = await api.call('POST', 'campaign/codes/list', {
      id: campaign.id,
      status: 'used',
    });
    expect(codes.body.data.items).toMatchObject([
      { code: voucher!.code, status: 'used', orderNo: first.body.data.orderNo },
    ]);
    const again = await api.purchase(body, randomUUID());
    expect(again.status).toBe(422);
    expect(again.body.errorMessageKey).toBe('campaigns.usedUp');
    // The campaign's own code does not order anything once it has vouchers.
    const own = await api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 1 }], { campaignCode: campaign.code }),
      randomUUID(),
    );
    expect(own.status).toBe(422);
    expect(own.body.errorMessageKey).toBe('campaigns.voucherCodeNeeded');
  });

  it('gives the use back when every eSIM of the order was returned to stock', async () => {
    const product = await addProduct(t, world, { delivery: 'stock', items: 3 });
    const campaign = await createCampaign({ useQuantity: 1 });
    const bought = await api.purchase(
      orderBody(world, [{ productId: product.id, quantity: 2 }], { campaignCode: campaign.code }),
      randomUUID(),
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const remaining = async () =>
      (await api.call('GET', `campaign?id=${campaign.id}`)).body.data.remainingQuantity;
    expect(await remaining()).toBe(0);
    const items = bought.body.data.items as Json[];
    for (const [index, summary] of items.entries()) {
      const item = (await api.call('GET', `order/item?id=${summary.id}`)).body.data;
      const back = await api.call('POST', 'order/item/return-to-stock', {
        id: item.id,
        version: item.version,
        returnTo: 'on_hand',
        reason: 'customer cancelled',
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      // One eSIM still delivered: the use stays taken.
      expect(await remaining()).toBe(index === items.length - 1 ? 1 : 0);
    }
    const uses = await api.call('POST', 'campaign/redemptions/list', { id: campaign.id });
    expect(uses.body.data.items[0].releasedAt).not.toBeNull();
  });
});

describe('CSV exports', () => {
  it('exports campaigns and codes formula-safe, UTF-8 with BOM', async () => {
    const campaign = await createCampaign({ name: '=HYPERLINK("http://evil")' });
    await api.call('POST', 'campaign/generate-codes', { id: campaign.id, count: 3 });
    const list = await t.inject({
      method: 'GET',
      url: `/api/mng/campaign/export-csv?search=${campaign.code}`,
      token: world.adminToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/csv');
    expect(list.body.startsWith('\uFEFF')).toBe(true);
    expect(list.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(list.body).not.toMatch(/(^|,)=HYPERLINK/m);

    const codes = await t.inject({
      method: 'GET',
      url: `/api/mng/campaign/codes/export-csv?id=${campaign.id}`,
      token: world.adminToken,
    });
    expect(codes.statusCode).toBe(200);
    expect(codes.body.startsWith('\uFEFF')).toBe(true);
    expect(codes.body.trim().split('\r\n')).toHaveLength(4);
  });
});
