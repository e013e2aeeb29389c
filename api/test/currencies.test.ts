import { ERROR_CODES, ROLE_IDS, businessToday } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let staff: TestUser;
let partner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
});

afterAll(() => t?.close());

async function list(payload: Record<string, unknown>, token = admin) {
  return t.inject({ method: 'POST', url: '/api/mng/currency/list', token, payload });
}

async function put(payload: Record<string, unknown>, token = admin) {
  return t.inject({ method: 'PUT', url: '/api/mng/currency', token, payload });
}

describe('POST currency/list', () => {
  it('lists the seeded currencies with minor units, default flag and current rate', async () => {
    await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate',
      token: admin,
      payload: { currency: 'USD', rate: '150.25', effectiveDate: businessToday() },
    });
    const res = await list({ pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThan(100);
    expect(data.items[0].isoCode < data.items[1].isoCode).toBe(true);
    const byCode = await list({ search: 'yen' });
    expect(byCode.json().data.items).toEqual([
      {
        isoCode: 'JPY',
        name: 'Japanese Yen',
        minorUnits: 0,
        deleteFlag: false,
        isDefault: true,
        currentRate: null,
        currentRateDate: null,
      },
    ]);
    const usd = (await list({ search: 'USD' })).json().data.items[0];
    expect(usd).toMatchObject({
      isoCode: 'USD',
      minorUnits: 2,
      currentRate: '150.25',
      currentRateDate: businessToday(),
    });
  });

  it('sorts on whitelisted columns and filters retired ones', async () => {
    const byName = await list({ sort: 'name', order: 'desc', pageSize: 10 });
    const names = byName.json().data.items.map((c: { name: string }) => c.name.toLowerCase());
    expect([...names].sort().reverse()).toEqual(names);
    for (const payload of [
      { sort: 'iso_code; DROP TABLE round_currency' },
      { deleteFlag: 'yes' },
    ]) {
      const res = await list(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await list({ deleteFlag: true })).json().data.total).toBe(0);
  });
});

describe('POST currency and PUT currency', () => {
  it('adds a currency; a code that exists is 409; formats are checked', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/currency',
      token: staff.token,
      payload: { isoCode: 'usdt', name: 'Tether USD' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      data: {
        isoCode: 'USDT',
        name: 'Tether USD',
        minorUnits: 2,
        deleteFlag: false,
        isDefault: false,
        currentRate: null,
        currentRateDate: null,
      },
      message: 'Currency added.',
      messageKey: 'currencies.created',
    });
    const duplicate = await t.inject({
      method: 'POST',
      url: '/api/mng/currency',
      token: admin,
      payload: { isoCode: 'USDT', name: 'Again' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0]).toEqual({
      message: 'Name already existed in the database.',
      code: ERROR_CODES.conflict,
      field: 'isoCode',
      key: 'errors.nameExists',
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ isoCode: '1AB', name: 'x' }, 'isoCode', 'Invalid currency format.'],
      [{ isoCode: 'ABCDEF', name: 'x' }, 'isoCode', 'Enter Currency code within 5 characters.'],
      [{ isoCode: 'ABC' }, 'name', 'Currency name is required.'],
      [
        { isoCode: 'ABC', name: 'x'.repeat(101) },
        'name',
        'Enter Currency name within 100 characters.',
      ],
      [{ isoCode: 'ABC', name: 'x', minorUnits: 5 }, 'minorUnits', 'Invalid minor units format.'],
      [
        { isoCode: 'ABC', name: 'x', minorUnits: 1.5 },
        'minorUnits',
        'Decimal places must be a number with no decimal.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const bad = await t.inject({
        method: 'POST',
        url: '/api/mng/currency',
        token: admin,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors[0], JSON.stringify(payload)).toMatchObject({ field, message });
    }
  });

  it('retires and restores a currency; the currency picker (utils/model/list) follows', async () => {
    const picker = async () =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/mng/utils/model/list',
          token: partner.token,
          payload: {
            collection: 'roundCurrency',
            filters: { deleteFlag: false },
            fields: ['isoCode'],
          },
        })
      )
        .json()
        .data.map((c: { isoCode: string }) => c.isoCode);
    expect(await picker()).toContain('THB');

    const retired = await put({ isoCode: 'thb', deleteFlag: true });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({
      data: { isoCode: 'THB', deleteFlag: true },
      message: 'Currency retired.',
    });
    expect(await picker()).not.toContain('THB');
    expect(
      (await list({ deleteFlag: true }))
        .json()
        .data.items.map((c: { isoCode: string }) => c.isoCode),
    ).toEqual(['THB']);

    const restored = await put({ isoCode: 'THB', deleteFlag: false, name: 'Thai Baht (THB)' });
    expect(restored.json()).toMatchObject({
      data: { deleteFlag: false, name: 'Thai Baht (THB)' },
      message: 'Currency restored.',
    });
    expect(await picker()).toContain('THB');

    const history = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=currency&entityId=THB',
      token: admin,
    });
    expect(history.json().data.items.map((e: { changes: unknown }) => e.changes)).toEqual([
      [
        { field: 'name', before: 'Thai Baht', after: 'Thai Baht (THB)' },
        { field: 'deleteFlag', before: true, after: false },
      ],
      [{ field: 'deleteFlag', before: false, after: true }],
    ]);
  });

  it('never retires JPY, the default currency (422); unknown codes are 404', async () => {
    const res = await put({ isoCode: 'JPY', deleteFlag: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorMessage).toBe('JPY is the default currency and cannot be retired.');
    expect((await put({ isoCode: 'QQQ', deleteFlag: true })).statusCode).toBe(404);
    const missing = await put({ isoCode: 'USD' });
    expect(missing.statusCode).toBe(400);
  });

  it('needs the exchange-rate permission (partner: 403; the list of currencies stays readable)', async () => {
    for (const call of [
      { method: 'POST' as const, url: '/api/mng/currency/list', payload: {} },
      { method: 'POST' as const, url: '/api/mng/currency', payload: { isoCode: 'ABC', name: 'x' } },
      {
        method: 'PUT' as const,
        url: '/api/mng/currency',
        payload: { isoCode: 'USD', deleteFlag: true },
      },
      { method: 'GET' as const, url: '/api/mng/audit/history?entityType=currency&entityId=USD' },
    ]) {
      const res = await t.inject({ ...call, token: partner.token });
      expect(res.statusCode, call.url).toBe(403);
    }
  });
});
