import { ERROR_CODES } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';

/**
 * Bad input is a 400 with the spec's message, never a crash: impossible dates, NUL and other
 * control characters, unbounded pages; names are one name whatever their Unicode form; and a value
 * only the database refuses is still a 400 that does not quote the database.
 */

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // Public on purpose: stands for a route whose contract let an impossible date through.
      app.get('/api/mng/test/bad-date', { config: { permission: 'public' } }, async () => {
        await t.database.withConnection((query) => query("SELECT '2024-13-01'::date AS d"));
        return { data: null };
      });
    },
  });
  admin = await t.adminToken();
});

afterAll(() => t?.close());

function expectValidation(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errorMessage: string; errors: { code: string }[] };
  expect(body.errorMessage).toBe(message);
  expect(body.errors[0]?.code).toBe(ERROR_CODES.validation);
}

describe('impossible dates', () => {
  it.each(['2024-13-01', '2025-02-30', '0000-00-00', '2024-01-01T99:99:99Z'])(
    'refuses %s in a list body and a list query',
    async (date) => {
      const body = await t.inject({
        method: 'POST',
        url: '/api/mng/product/list',
        token: admin,
        payload: { from: date },
      });
      expectValidation(body, 'Invalid date format.');
      expect(body.json().errors[0].field).toBe('from');
      const query = await t.inject({
        method: 'GET',
        url: `/api/mng/supplier/export?to=${encodeURIComponent(date)}`,
        token: admin,
      });
      expectValidation(query, 'Invalid date format.');
    },
  );

  it('accepts a real leap day', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/product/list',
      token: admin,
      payload: { from: '2024-02-29', to: '2024-03-01' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('control characters', () => {
  it('refuses NUL in a name with the format message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: 'Ops\u0000team' },
    });
    expectValidation(res, 'Invalid text format.');
    expect(res.json().errors[0].field).toBe('name');
  });

  it('refuses NUL, escape sequences and lone surrogates in a search', async () => {
    for (const search of ['\u0000', 'a\u001b[2J', '\ud800']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/role/list',
        token: admin,
        payload: { search },
      });
      expectValidation(res, 'Invalid text format.');
    }
  });

  it('refuses NUL in an id query parameter', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/mng/role?id=%00', token: admin });
    expectValidation(res, 'Invalid text format.');
  });
});

describe('paging', () => {
  it.each([1e308, 2 ** 63, '9223372036854775808'])('refuses page %s', async (page) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: { page },
    });
    expectValidation(res, 'Invalid page format.');
  });

  it('refuses a non-UUID tariff history id', async () => {
    const res = await t.inject({
      method: 'GET',
      url: "/api/mng/tariff/history?id=%25'%20OR%201%3D1%20--",
      token: admin,
    });
    expectValidation(res, 'Invalid id format.');
  });
});

describe('names in two Unicode forms', () => {
  it("treats 'Café' composed and decomposed as one name", async () => {
    const composed = 'Caf\u00e9 team';
    const decomposed = 'Cafe\u0301 team';
    const first = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: decomposed },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.name).toBe(composed);

    const second = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: composed },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorMessage).toBe('Name already existed in the database.');
  });
});

describe('values only the database refuses', () => {
  it('answers 400 with the generic text, not the database message', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/mng/test/bad-date' });
    expectValidation(res, 'The request is not valid.');
    expect(res.body).not.toMatch(/2024-13-01|out of range|date\/time|SELECT/i);
  });
});
