import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ERROR_CODES, RESOURCES, ROLE_IDS, type SupplierDetail } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupplierService } from '../src/areas/suppliers/service';
import { CSV_BOM, readAllCsv } from '../src/csv';
import { createTestApp, type TestContext, type TestUser } from './support/app';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestContext;
let admin: string;
let staff: TestUser;
let partner: TestUser;
let reader: TestUser;

/** API keys used in this file: none of them may ever appear in a response, a log line or the DB in clear. */
const SECRETS = ['sk_live_Esim-Go-7f3a9c1d2b', 'gen-key-0b7e55aa', 'rotated-key-99c1f0'];

beforeAll(async () => {
  // The test servers below listen on 127.0.0.1: allow-listed, as OUTBOUND_ALLOW_LIST would.
  t = await createTestApp({ logStream, config: { outboundAllowList: ['127.0.0.1'] } });
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
  // A read-only role: GET on suppliers only.
  const role = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name: 'Supplier readers' },
  });
  const roleId = role.json().data.id as string;
  await t.inject({
    method: 'POST',
    url: '/api/mng/role/permission',
    token: admin,
    payload: { roleId, permissions: [{ path: RESOURCES.suppliers, methods: ['GET'] }] },
  });
  reader = await t.createUser({ roleId });
});

afterAll(() => t?.close());

let counter = 0;
function stockSupplier(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Stock supplier ${counter}`, deliveryType: 'stock', ...overrides };
}

async function create(payload: Record<string, unknown>, token = admin): Promise<SupplierDetail> {
  const res = await t.inject({ method: 'POST', url: '/api/mng/supplier', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SupplierDetail;
}

async function rawQuery(text: string, params?: unknown[]) {
  return t.database.withConnection((query) => query(text, params));
}

function errorsOf(body: { errors: { field?: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map((error) => [error.field ?? '', error.message]));
}

describe('POST supplier', () => {
  it('creates a supplier with every field, defaults and the message to toast', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {
        name: '  eSIM Go  ',
        target: 'Travellers',
        type: 'Wholesaler',
        abbreviation: 'ESIMGO',
        companyName: 'eSIM Go Ltd',
        contactName: 'Partner desk',
        email: 'Partners@ESIMGO.example',
        phone: '+44 20 7946 0000',
        mobile: '+44 7700 900000',
        address: '1 Example Street',
        officeAddress: '2 Example Street',
        countryCode: 'gb',
        postalCode: 'SW1A 1AA',
        remark: 'Main API supplier',
        currency: 'usd',
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl: 'https://api.esim-go.com/v2.4',
        apiKey: SECRETS[0],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Supplier created.');
    expect(body.data).toMatchObject({
      name: 'eSIM Go',
      abbreviation: 'ESIMGO',
      status: 'active',
      email: 'partners@esimgo.example',
      countryCode: 'GB',
      postalCode: 'SW1A 1AA',
      currency: 'USD',
      purchaseCurrency: 'USD',
      deliveryType: 'api',
      connectorKind: 'esimgo',
      baseUrl: 'https://api.esim-go.com/v2.4',
      apiKeySet: true,
      version: 1,
      createdBy: t.config.seedAdminEmail,
      updatedBy: t.config.seedAdminEmail,
    });
    expect(body.data).not.toHaveProperty('apiKey');
    expect(res.body).not.toContain(SECRETS[0]);

    // At rest: AES-256-GCM sealed, not the key.
    const [row] = await rawQuery('SELECT connector_api_key FROM suppliers WHERE id = $1', [
      body.data.id,
    ]);
    expect(String(row?.connector_api_key)).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(String(row?.connector_api_key)).not.toContain(SECRETS[0]);
  });

  it('defaults currency to JPY, status to active; a stock supplier drops connector settings', async () => {
    const created = await create(
      stockSupplier({ connectorKind: 'generic', baseUrl: 'https://x.example', apiKey: 'abc' }),
    );
    expect(created).toMatchObject({
      currency: 'JPY',
      purchaseCurrency: 'JPY',
      status: 'active',
      connectorKind: null,
      baseUrl: null,
      apiKeySet: false,
      target: null,
    });
  });

  it("refuses a name already taken, whatever its case: 409 'Name already existed in the database.'", async () => {
    await create(stockSupplier({ name: 'Nippon Stock SIM' }));
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: stockSupplier({ name: 'NIPPON stock sim' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errors: [
        {
          message: 'Name already existed in the database.',
          code: ERROR_CODES.conflict,
          field: 'name',
          key: 'errors.nameExists',
        },
      ],
      errorMessage: 'Name already existed in the database.',
      errorMessageKey: 'errors.nameExists',
    });
  });

  it('answers missing fields with the spec messages', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.json());
    expect(errors.name).toBe('Supplier name is required.');
    expect(errors.deliveryType).toBe('Delivery type is required.');
    const blank = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: { name: '   ', deliveryType: 'stock' },
    });
    expect(errorsOf(blank.json()).name).toBe('Supplier name is required.');
  });

  it('enforces the max lengths of spec section 5', async () => {
    const cases: [string, unknown, string][] = [
      ['name', 'x'.repeat(101), 'Enter Supplier name within 100 characters.'],
      ['abbreviation', 'ABCDEFGHIJK', 'Enter Abbreviation within 10 characters.'],
      ['phone', '1'.repeat(21), 'Enter Phone within 20 characters.'],
      ['mobile', '1'.repeat(21), 'Enter Mobile within 20 characters.'],
      ['countryCode', 'ABCDEFG', 'Enter Country code within 6 characters.'],
      ['postalCode', '12345678901', 'Enter Postal code within 10 characters.'],
      ['remark', 'r'.repeat(1001), 'Enter Remark within 1000 characters.'],
      ['address', 'a'.repeat(256), 'Enter Address within 255 characters.'],
      ['companyName', 'c'.repeat(101), 'Enter Company name within 100 characters.'],
      ['currency', 'ABCDEF', 'Enter Currency within 5 characters.'],
      ['email', `${'e'.repeat(250)}@x.example`, 'Enter Email within 255 characters.'],
    ];
    for (const [field, value, message] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/supplier',
        token: admin,
        payload: stockSupplier({ [field]: value }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(errorsOf(res.json())[field], field).toBe(message);
    }
    // Exactly at the limit is fine.
    await create(stockSupplier({ abbreviation: 'ABCDEFGHIJ', remark: 'r'.repeat(1000) }));
  });

  it('checks formats: e-mail (spec rule), phone, postal code per country, URL, API key, picklists', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'no-at-sign.example' }, 'email', 'Invalid email format.'],
      [{ email: 'a@b@c.example' }, 'email', 'Invalid email format.'],
      [{ email: 'a@domain' }, 'email', 'Invalid email format.'],
      [{ phone: '03-1234-ABCD' }, 'phone', 'Invalid phone format.'],
      [{ countryCode: 'JP', postalCode: '12-34567' }, 'postalCode', 'Invalid postal code format.'],
      [{ countryCode: 'JP', postalCode: '1234' }, 'postalCode', 'Invalid postal code format.'],
      [{ countryCode: 'US', postalCode: '1234#' }, 'postalCode', 'Invalid postal code format.'],
      [{ status: 'deleted' }, 'status', 'Invalid status format.'],
      [{ deliveryType: 'fax' }, 'deliveryType', 'Delivery type is required.'],
      [{ currency: 'U$D' }, 'currency', 'Invalid currency format.'],
      [
        { deliveryType: 'api', connectorKind: 'esimgo', baseUrl: 'ftp://files.example' },
        'baseUrl',
        'Invalid URL format.',
      ],
      [
        { deliveryType: 'api', connectorKind: 'esimgo', baseUrl: 'https://user:pw@api.example' },
        'baseUrl',
        'Invalid URL format.',
      ],
      [
        {
          deliveryType: 'api',
          connectorKind: 'esimgo',
          baseUrl: 'https://a.example',
          apiKey: 'has space',
        },
        'apiKey',
        'API key must not contain any spaces.',
      ],
      [
        { deliveryType: 'api', baseUrl: 'https://a.example' },
        'connectorKind',
        'Connector is required.',
      ],
      [{ deliveryType: 'api', connectorKind: 'generic' }, 'baseUrl', 'Base URL is required.'],
      [
        { deliveryType: 'api', connectorKind: 'ftp', baseUrl: 'https://a.example' },
        'connectorKind',
        'Invalid connector format.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/supplier',
        token: admin,
        payload: stockSupplier(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorsOf(res.json())[field], JSON.stringify(overrides)).toBe(message);
    }
    // Valid variants.
    await create(stockSupplier({ countryCode: 'JP', postalCode: '105-0014' }));
    await create(stockSupplier({ countryCode: 'JP', postalCode: '1050014' }));
    await create(stockSupplier({ countryCode: 'SG', postalCode: '018989', email: '' }));
  });

  it('refuses a country that does not exist and a currency that is unknown or retired', async () => {
    const country = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: stockSupplier({ countryCode: 'ZZ' }),
    });
    expect(country.statusCode).toBe(400);
    expect(errorsOf(country.json()).countryCode).toBe('Invalid country code format.');

    const unknown = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: stockSupplier({ currency: 'XYZ' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.json()).currency).toBe('Invalid currency format.');

    await rawQuery(`UPDATE round_currency SET delete_flag = true WHERE iso_code = 'ZMW'`);
    const retired = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: stockSupplier({ purchaseCurrency: 'ZMW' }),
    });
    expect(retired.statusCode).toBe(400);
    expect(errorsOf(retired.json()).purchaseCurrency).toBe('Invalid currency format.');
  });
});

describe('GET supplier and PUT supplier', () => {
  it('reads one supplier; unknown ids are 404, malformed ones 400', async () => {
    const created = await create(stockSupplier());
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(created);

    const missing = await t.inject({
      method: 'GET',
      url: '/api/mng/supplier?id=00000000-0000-4000-8000-000000000000',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe('Supplier not found');

    const malformed = await t.inject({
      method: 'GET',
      url: "/api/mng/supplier?id=1' OR '1'='1",
      token: admin,
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorsOf(malformed.json()).id).toBe('Invalid id format.');
  });

  it('updates with the loaded version, bumps it, and refuses a stale version with 409', async () => {
    const created = await create(stockSupplier({ remark: 'first' }));
    const first = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...created, remark: 'second', status: 'inactive' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Supplier updated.');
    expect(first.json().data).toMatchObject({ remark: 'second', status: 'inactive', version: 2 });

    // Someone else's form still holds version 1.
    const stale = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: staff.token,
      payload: { ...created, remark: 'overwrite attempt' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toEqual({
      message: 'This record was changed by someone else. Reload it and try again.',
      code: ERROR_CODES.conflict,
      field: 'version',
      key: 'errors.staleVersion',
    });
    const now = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(now.json().data).toMatchObject({ remark: 'second', version: 2 });

    const missingVersion = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...created, version: undefined },
    });
    expect(missingVersion.statusCode).toBe(400);
    expect(errorsOf(missingVersion.json()).version).toBe('Version is required.');
  });

  it('refuses renaming onto a taken name (409) but allows changing the case of its own', async () => {
    await create(stockSupplier({ name: 'Taken Name' }));
    const mine = await create(stockSupplier({ name: 'My Name' }));
    const clash = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...mine, name: 'taken name' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].field).toBe('name');
    const recase = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...mine, name: 'MY NAME' },
    });
    expect(recase.statusCode).toBe(200);
  });

  it('keeps, replaces or clears the API key as asked; stock drops the connector', async () => {
    const created = await create({
      name: 'Key rotation supplier',
      deliveryType: 'api',
      connectorKind: 'generic',
      baseUrl: 'https://api.rotation.example',
      apiKey: SECRETS[1],
    });
    const sealedOf = async () =>
      String(
        (await rawQuery('SELECT connector_api_key FROM suppliers WHERE id = $1', [created.id]))[0]
          ?.connector_api_key,
      );
    const original = await sealedOf();

    // Absent (the form re-sends the detail, which has no apiKey): kept.
    const kept = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...created, remark: 'kept' },
    });
    expect(kept.json().data).toMatchObject({ apiKeySet: true, version: 2 });
    expect(await sealedOf()).toBe(original);

    const replaced = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...kept.json().data, apiKey: SECRETS[2] },
    });
    expect(replaced.json().data.apiKeySet).toBe(true);
    expect(await sealedOf()).not.toBe(original);

    const cleared = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...replaced.json().data, apiKey: null },
    });
    expect(cleared.json().data.apiKeySet).toBe(false);

    const toStock = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...cleared.json().data, apiKey: 'another-one', deliveryType: 'stock' },
    });
    expect(toStock.json().data).toMatchObject({
      deliveryType: 'stock',
      connectorKind: null,
      baseUrl: null,
      apiKeySet: false,
    });
    for (const res of [kept, replaced, cleared, toStock]) {
      for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    }
  });

  it('keeps a currency retired since it was chosen, but refuses choosing it anew', async () => {
    await rawQuery(`UPDATE round_currency SET delete_flag = false WHERE iso_code = 'BHD'`);
    const created = await create(stockSupplier({ currency: 'BHD' }));
    await rawQuery(`UPDATE round_currency SET delete_flag = true WHERE iso_code = 'BHD'`);
    const kept = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...created, remark: 'still BHD' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = await create(stockSupplier());
    const chosen = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...other, currency: 'BHD' },
    });
    expect(chosen.statusCode).toBe(400);
    expect(errorsOf(chosen.json()).currency).toBe('Invalid currency format.');
    await rawQuery(`UPDATE round_currency SET delete_flag = false WHERE iso_code = 'BHD'`);
  });
});

describe('POST supplier/list', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = `List${Date.now().toString(36)}`;
    await create({
      name: `${prefix} Alpha`,
      deliveryType: 'stock',
      currency: 'USD',
      status: 'inactive',
    });
    await create({
      name: `${prefix} Bravo`,
      deliveryType: 'api',
      connectorKind: 'generic',
      baseUrl: 'https://bravo.example',
      currency: 'EUR',
    });
    await create({ name: `${prefix} Charlie 100%_off`, deliveryType: 'stock', currency: 'USD' });
  });

  async function list(payload: Record<string, unknown>, token = admin) {
    return t.inject({ method: 'POST', url: '/api/mng/supplier/list', token, payload });
  }

  it('pages, sorts and filters on the server', async () => {
    const all = await list({ search: prefix, sort: 'name', order: 'asc' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(all.json().data.items.map((s: { name: string }) => s.name)).toEqual([
      `${prefix} Alpha`,
      `${prefix} Bravo`,
      `${prefix} Charlie 100%_off`,
    ]);
    const desc = await list({ search: prefix, sort: 'name', order: 'desc', pageSize: 10, page: 1 });
    expect(desc.json().data.items[0].name).toBe(`${prefix} Charlie 100%_off`);

    const filtered = await list({ search: prefix, status: 'active', currency: 'usd' });
    expect(filtered.json().data.items.map((s: { name: string }) => s.name)).toEqual([
      `${prefix} Charlie 100%_off`,
    ]);
    const api = await list({ search: prefix, deliveryType: 'api' });
    expect(api.json().data.total).toBe(1);
    expect(api.json().data.items[0]).not.toHaveProperty('apiKey');

    const second = await list({ search: prefix, sort: 'name', pageSize: 10, page: 2 });
    expect(second.json().data).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await list({ search: '100%_' });
    expect(res.json().data.items.map((s: { name: string }) => s.name)).toEqual([
      `${prefix} Charlie 100%_off`,
    ]);
    expect((await list({ search: '%' })).json().data.total).toBe(1);
  });

  it('filters the created date with an inclusive range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ search: prefix, from: today, to: today })).json().data.total).toBe(3);
    expect((await list({ search: prefix, to: '2000-01-01' })).json().data.total).toBe(0);
    expect((await list({ search: prefix, from: '2999-01-01' })).json().data.total).toBe(0);
  });

  it('refuses injection attempts in sort and filters; the table is intact afterwards', async () => {
    const attempts: [Record<string, unknown>, string][] = [
      [{ sort: 'name; DROP TABLE suppliers; --' }, 'sort'],
      [{ sort: 'connector_api_key' }, 'sort'],
      [{ order: 'asc, (SELECT 1)' }, 'order'],
      [{ status: "active' OR '1'='1" }, 'status'],
      [{ deliveryType: 'api OR 1=1' }, 'deliveryType'],
      [{ currency: "USD'--" }, 'currency'],
      [{ pageSize: 1000 }, 'pageSize'],
      [{ from: "2020-01-01' OR 1=1 --" }, 'from'],
    ];
    for (const [payload, field] of attempts) {
      const res = await list(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const search = await list({ search: "'; DROP TABLE suppliers; --" });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.total).toBe(0);
    expect((await list({ search: prefix })).json().data.total).toBe(3);
  });
});

describe('GET supplier/export', () => {
  it('answers a formula-safe UTF-8 CSV with BOM of the current filter', async () => {
    await create(
      stockSupplier({ name: '=HYPERLINK("http://evil.example")', remark: '@SUM(A1:A9)' }),
    );
    await create(stockSupplier({ name: 'エクスポート東京', address: '東京都港区, 1-2-3' }));
    await create({
      name: 'Export API supplier',
      deliveryType: 'api',
      connectorKind: 'esimgo',
      baseUrl: 'https://api.esim-go.com/v2.4',
      apiKey: SECRETS[0],
    });
    const res = await t.inject({
      method: 'GET',
      url: '/api/mng/supplier/export?sort=name&order=asc',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="suppliers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const raw = res.rawPayload;
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = raw.toString('utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toContain('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const records = await readAllCsv(text);
    const header = records[0]?.values ?? [];
    expect(header.slice(0, 4)).toEqual([
      'Supplier name',
      'Abbreviation',
      'Status',
      'Delivery type',
    ]);
    expect(header).not.toContain('API key');
    const names = records.slice(1).map((record) => record.values[0]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example")`);
    expect(names).toContain('エクスポート東京');
    const remarkColumn = header.indexOf('Remark');
    const evil = records.find((record) => record.values[0]?.includes('HYPERLINK'));
    expect(evil?.values[remarkColumn]).toBe("'@SUM(A1:A9)");
    const tokyo = records.find((record) => record.values[0] === 'エクスポート東京');
    expect(tokyo?.values[header.indexOf('Address')]).toBe('東京都港区, 1-2-3');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/v1:[\w-]+:[\w-]+:/);

    const filtered = await t.inject({
      method: 'GET',
      url: '/api/mng/supplier/export?deliveryType=api&search=Export%20API',
      token: admin,
    });
    const rows = await readAllCsv(filtered.rawPayload.toString('utf8'));
    expect(rows.map((record) => record.values[0])).toEqual([
      'Supplier name',
      'Export API supplier',
    ]);

    const bad = await t.inject({
      method: 'GET',
      url: '/api/mng/supplier/export?sort=1;DROP',
      token: admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE supplier', () => {
  it('deletes an unreferenced supplier (audited), then it is gone', async () => {
    const created = await create(stockSupplier());
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/mng/supplier?id=${created.id}&version=1`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { id: created.id },
      message: 'Supplier deleted.',
      messageKey: 'suppliers.deleted',
    });
    const gone = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(gone.statusCode).toBe(404);
    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${created.id}`,
      token: admin,
    });
    expect(history.json().data.items.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'create',
    ]);
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a stale version with 409', async () => {
    const created = await create(stockSupplier());
    await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: admin,
      payload: { ...created, remark: 'x' },
    });
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/mng/supplier?id=${created.id}&version=1`,
      token: admin,
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses (422, clear message) when products reference the supplier; it stays', async () => {
    const created = await create(stockSupplier());
    await rawQuery(
      `INSERT INTO products (supplier_id, name, product_code, cost_minor, cost_currency,
         duration_days, type, network, created_by, updated_by)
       VALUES ($1, 'Japan 5GB 7 days', $2, 1200, 'USD', 7, 'package', 'local', 'test', 'test')`,
      [created.id, `JP-5GB-${created.id.slice(0, 8)}`],
    );
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({
      message:
        'This supplier cannot be deleted: products or other records refer to it. Set it to inactive instead.',
      code: ERROR_CODES.businessRule,
      key: 'suppliers.referenced',
    });
    const still = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(still.statusCode).toBe(200);
    // Nothing was audited for the refused delete.
    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${created.id}`,
      token: admin,
    });
    expect(history.json().data.items.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('refuses any other referencing record the same way (any foreign key)', async () => {
    const created = await create(stockSupplier());
    await rawQuery(
      'CREATE TABLE IF NOT EXISTS supplier_contract_refs (supplier_id uuid NOT NULL REFERENCES suppliers (id))',
    );
    await rawQuery('INSERT INTO supplier_contract_refs (supplier_id) VALUES ($1)', [created.id]);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/mng/supplier?id=${created.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST supplier/test-connection', () => {
  interface Seen {
    url: string;
    headers: http.IncomingHttpHeaders;
  }
  const seen: Seen[] = [];
  let server: http.Server;
  let elsewhere: http.Server;
  let elsewhereHits = 0;
  let base: string;

  beforeAll(async () => {
    elsewhere = http.createServer((_req, res) => {
      elsewhereHits += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const elsewherePort = (elsewhere.address() as AddressInfo).port;
    server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (req.url?.startsWith('/denied')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `bad key ${req.headers['x-api-key']}` }));
      } else if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: `http://127.0.0.1:${elsewherePort}/steal` });
        res.end();
      } else if (req.url?.startsWith('/hang')) {
        // never answers
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"bundles":[]}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  async function apiSupplier(
    baseUrl: string,
    connectorKind = 'esimgo',
    apiKey: string | undefined = SECRETS[0],
  ) {
    return create({
      name: `Connector ${++counter}`,
      deliveryType: 'api',
      connectorKind,
      baseUrl,
      apiKey,
    });
  }

  async function probe(id: string, token = admin) {
    return t.inject({
      method: 'POST',
      url: `/api/mng/supplier/test-connection?id=${id}`,
      token,
      payload: {},
    });
  }

  it("probes eSIM Go's catalogue with the key in X-API-Key and reports ok, status and latency", async () => {
    const supplier = await apiSupplier(`${base}/v2.4/`);
    const res = await probe(supplier.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      url: `${base}/v2.4/catalogue?perPage=1`,
    });
    expect(data.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)?.url).toBe('/v2.4/catalogue?perPage=1');
    expect(seen.at(-1)?.headers['x-api-key']).toBe(SECRETS[0]);
    expect(res.body).not.toContain(SECRETS[0]);
  });

  it('sends a generic connector key as a bearer token', async () => {
    const supplier = await apiSupplier(`${base}/generic/health`, 'generic', SECRETS[1]);
    const res = await probe(supplier.id);
    expect(res.json().data).toMatchObject({ ok: true, status: 200 });
    expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${SECRETS[1]}`);
  });

  it('reports a refused answer without echoing what the supplier said', async () => {
    const supplier = await apiSupplier(`${base}/denied`);
    const res = await probe(supplier.id);
    expect(res.json().data).toMatchObject({ ok: false, status: 401, error: 'HTTP 401' });
    expect(res.body).not.toContain(SECRETS[0]);
  });

  it('does not follow a redirect (the key must not travel elsewhere)', async () => {
    const supplier = await apiSupplier(`${base}/redirect`);
    const res = await probe(supplier.id);
    expect(res.json().data).toMatchObject({ ok: false, status: 302 });
    expect(elsewhereHits).toBe(0);
  });

  it('reports an unreachable host', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const supplier = await apiSupplier(`http://127.0.0.1:${port}/api`);
    const res = await probe(supplier.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: false, status: null, error: 'Not reachable' });
  });

  it('gives up after the timeout', async () => {
    const supplier = await apiSupplier(`${base}/hang`);
    const service = createSupplierService(
      { db: t.database.db, config: t.config },
      { connectionTimeoutMs: 300 },
    );
    const result = await service.testConnection(supplier.id);
    expect(result).toMatchObject({ ok: false, status: null, error: 'Not reachable' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(250);
  });

  it('is refused for a stock supplier (422) and for a read-only role (403)', async () => {
    const stock = await create(stockSupplier());
    const res = await probe(stock.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errorMessage).toBe(
      'Only suppliers with delivery type api have a connection to test.',
    );
    const supplier = await apiSupplier(`${base}/v2.4`);
    expect((await probe(supplier.id, reader.token)).statusCode).toBe(403);
    expect((await probe(supplier.id, partner.token)).statusCode).toBe(403);
  });
});

describe('history and permissions', () => {
  it("shows a supplier's field-level history, newest first, with secrets redacted", async () => {
    const created = await create({
      name: 'History supplier',
      deliveryType: 'api',
      connectorKind: 'generic',
      baseUrl: 'https://history.example',
      apiKey: SECRETS[1],
    });
    const updated = await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: staff.token,
      payload: { ...created, name: 'History supplier renamed', apiKey: SECRETS[2] },
    });
    expect(updated.statusCode).toBe(200);
    // No change at all: no entry.
    await t.inject({
      method: 'PUT',
      url: '/api/mng/supplier',
      token: staff.token,
      payload: { ...updated.json().data },
    });
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/supplier/history?id=${created.id}`,
      token: reader.token,
    });
    expect(res.statusCode).toBe(200);
    const history = res.json().data;
    expect(history.total).toBe(2);
    const [update, creation] = history.items;
    expect(update).toMatchObject({
      entityType: 'supplier',
      entityId: created.id,
      action: 'update',
      actor: { userId: staff.id, email: staff.email },
    });
    expect(update.changes).toEqual([
      { field: 'name', before: 'History supplier', after: 'History supplier renamed' },
      { field: 'apiKey', before: '[redacted]', after: '[redacted]' },
    ]);
    expect(creation.action).toBe('create');
    expect(creation.actor.email).toBe(t.config.seedAdminEmail);
    expect(creation.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'History supplier' },
        { field: 'deliveryType', before: null, after: 'api' },
        { field: 'apiKey', before: null, after: '[redacted]' },
      ]),
    );
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/v1:[\w-]+:[\w-]+:/);
  });

  it('lets staff do everything, a read-only role only read, the partner role nothing', async () => {
    const created = await create(stockSupplier(), staff.token);
    const calls = (id: string) => [
      { method: 'POST' as const, url: '/api/mng/supplier/list', payload: {} },
      { method: 'GET' as const, url: `/api/mng/supplier?id=${id}` },
      { method: 'GET' as const, url: '/api/mng/supplier/export' },
      { method: 'GET' as const, url: `/api/mng/supplier/history?id=${id}` },
      { method: 'POST' as const, url: '/api/mng/supplier', payload: stockSupplier() },
      { method: 'PUT' as const, url: '/api/mng/supplier', payload: { ...created } },
      { method: 'DELETE' as const, url: `/api/mng/supplier?id=${id}` },
    ];
    for (const call of calls(created.id)) {
      const res = await t.inject({ ...call, token: partner.token });
      expect(res.statusCode, `${call.method} ${call.url} as partner`).toBe(403);
    }
    for (const [index, call] of calls(created.id).entries()) {
      const res = await t.inject({ ...call, token: reader.token });
      expect(res.statusCode, `${call.method} ${call.url} as reader`).toBe(index < 4 ? 200 : 403);
    }
    for (const call of calls(created.id)) {
      const res = await t.inject({ ...call, token: staff.token });
      expect([200, 201], `${call.method} ${call.url} as staff`).toContain(res.statusCode);
    }
  });

  it('never writes an API key to the log', () => {
    expect(logLines.length).toBeGreaterThan(10);
    const all = logLines.join('\n');
    for (const secret of SECRETS) expect(all).not.toContain(secret);
  });
});
