import { ERROR_CODES } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Any signed-in user may read reference data, even one without a role.
  user = await t.createUser({ roleId: null });
});

afterAll(() => t?.close());

const list = (payload: unknown) =>
  t.inject({
    method: 'POST',
    url: '/api/mng/utils/model/list',
    token: user.token,
    payload: payload as object,
  });

describe('utils/model/list', () => {
  it('lists countries with code and nameEnglish', async () => {
    const res = await list({ collection: 'countries', fields: ['code', 'nameEnglish'] });
    expect(res.statusCode).toBe(200);
    const countries = res.json().data as { code: string; nameEnglish: string }[];
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ code: 'JP', nameEnglish: 'Japan' });
    expect(Object.keys(countries[0] ?? {}).sort()).toEqual(['code', 'nameEnglish']);
  });

  it('returns only the asked fields', async () => {
    const res = await list({ collection: 'countries', fields: ['code'] });
    expect(res.json().data[0]).toEqual({ code: expect.any(String) });
  });

  it('lists currencies not deleted, JPY the default with no minor unit', async () => {
    const res = await list({ collection: 'roundCurrency', filters: { deleteFlag: false } });
    expect(res.statusCode).toBe(200);
    const currencies = res.json().data as {
      isoCode: string;
      minorUnits: number;
      isDefault: boolean;
    }[];
    expect(currencies.length).toBeGreaterThan(150);
    expect(currencies.find((c) => c.isoCode === 'JPY')).toEqual({
      isoCode: 'JPY',
      name: 'Japanese Yen',
      minorUnits: 0,
      deleteFlag: false,
      isDefault: true,
    });
    expect(currencies.filter((c) => c.isDefault)).toHaveLength(1);
    expect(currencies.find((c) => c.isoCode === 'USD')?.minorUnits).toBe(2);
  });

  it('lists payment methods, residence countries and tax', async () => {
    const methods = (await list({ collection: 'paymentMethods' })).json().data as {
      name: string;
    }[];
    expect(methods.map((m) => m.name)).toEqual([
      'credit_card',
      'bank_transfer',
      'invoice',
      'paypay',
      'konbini',
    ]);
    const residence = (
      await list({ collection: 'residenceCountries', filters: { code: 'JP' } })
    ).json().data;
    expect(residence).toEqual([{ code: 'JP', nameEnglish: 'Japan' }]);
    const tax = (await list({ collection: 'tax' })).json().data;
    expect(tax).toEqual([{ id: 1, name: 'VAT', rate: 10, isDefault: true }]);
  });

  it.each([
    [{ collection: 'users' }, 'collection'],
    [{ collection: 'roles' }, 'collection'],
    [{ collection: 'countries', fields: ['code', 'password'] }, 'fields'],
    [{ collection: 'countries', fields: ['code; DROP TABLE countries'] }, 'fields'],
    [{ collection: 'roundCurrency', fields: ['nameEnglish'] }, 'fields'],
    [{ collection: 'countries', filters: { nameEnglish: 'Japan' } }, 'filters'],
    [{ collection: 'countries', filters: { '1=1 OR code': 'x' } }, 'filters'],
    [{ collection: 'roundCurrency', filters: { deleteFlag: 'false' } }, 'filters'],
    [{ collection: 'countries', filters: { code: { $ne: null } } }, 'filters.code'],
    [{}, 'collection'],
  ])('rejects %j with 400 on %s', async (payload, field) => {
    const res = await list(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: ERROR_CODES.validation, field });
  });

  it('treats filter values as values, never SQL', async () => {
    const res = await list({ collection: 'countries', filters: { code: "JP' OR '1'='1" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mng/utils/model/list',
      payload: { collection: 'countries' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("utils/model/list: an area's records", () => {
  let admin: string;
  let partnerAdmin: string;
  let ownPartnerId: string;
  let otherPartnerId: string;
  let branchId: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    const post = async (url: string, payload: object) => {
      const res = await t.inject({ method: 'POST', url: `/api/mng/${url}`, token: admin, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string };
    };
    ownPartnerId = (await post('partner', { name: 'Own', code: 'ML-OWN', target: 'affiliate' })).id;
    otherPartnerId = (
      await post('partner', { name: 'Other', code: 'ML-OTHER', target: 'affiliate' })
    ).id;
    await post('partner/account', { partnerId: ownPartnerId, email: 'admin@ml-own.example' });
    partnerAdmin = await t.tokenFor('admin@ml-own.example');
    branchId = (await post('branch', { name: 'Tokyo branch', code: 'ML-TKY', target: 'franchise' }))
      .id;
    await post('branch/item', {
      branchId,
      countryCode: 'jp',
      legalName: 'A2N Japan K.K.',
      address: '1-1 Marunouchi, Chiyoda-ku, Tokyo',
      registrationNumber: 'T7000012050002',
    });
  });

  const listAs = (token: string, payload: object) =>
    t.inject({ method: 'POST', url: '/api/mng/utils/model/list', token, payload });

  it('lists branches and their issuers for those who may read branches', async () => {
    const found = await listAs(admin, { collection: 'branches', filters: { code: 'ML-TKY' } });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      {
        id: branchId,
        code: 'ML-TKY',
        name: 'Tokyo branch',
        target: 'franchise',
        countryCode: 'JP',
      },
    ]);
    const items = await listAs(admin, { collection: 'branchItems', filters: { branchId } });
    expect(items.json().data).toEqual([
      expect.objectContaining({ branchId, countryCode: 'JP', legalName: 'A2N Japan K.K.' }),
    ]);
  });

  it('refuses an area it may not read: 403, not an empty list', async () => {
    for (const collection of ['branches', 'branchItems', 'partners']) {
      const res = await listAs(user.token, { collection });
      expect(res.statusCode, collection).toBe(403);
    }
    expect((await listAs(partnerAdmin, { collection: 'branches' })).statusCode).toBe(403);
  });

  it("lists partners, a partner's staff only their own", async () => {
    const all = await listAs(admin, { collection: 'partners', fields: ['id', 'code'] });
    const ids = (all.json().data as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([ownPartnerId, otherPartnerId]));
    const own = await listAs(partnerAdmin, { collection: 'partners' });
    expect(own.statusCode).toBe(200);
    expect((own.json().data as { id: string }[]).map((row) => row.id)).toEqual([ownPartnerId]);
    const asked = await listAs(partnerAdmin, {
      collection: 'partners',
      filters: { code: 'ML-OTHER' },
    });
    expect(asked.json().data).toEqual([]);
  });
});
