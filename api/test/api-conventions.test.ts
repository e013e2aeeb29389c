import { Writable } from 'node:stream';
import { ERROR_CODES, ROLE_IDS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnglishCatalog, missingValidationTexts, renderMessage } from '../src/http/messages';
import { createTestApp, type TestContext, type TestUser } from './support/app';
import { fieldLabel } from './support/locale';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestContext;
let admin: string;
let partner: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    logStream,
    extend(app) {
      // Public on purpose, so the test reaches the failure without signing in.
      app.get('/api/mng/test/explode', { config: { permission: 'public' } }, async () => {
        await t.database.withConnection((query) =>
          query('SELECT secret_column FROM table_that_does_not_exist WHERE id = 1'),
        );
        return { data: null };
      });
    },
  });
  admin = await t.adminToken();
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
});

afterAll(() => t?.close());

describe('success envelope', () => {
  it('lists roles as { data: { items, total, page, pageSize } }', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.page).toBe(1);
    expect(body.data.pageSize).toBe(10);
    expect(body.data.total).toBeGreaterThanOrEqual(3);
    const administrators = body.data.items.find(
      (r: { id: string }) => r.id === ROLE_IDS.administrators,
    );
    expect(administrators).toMatchObject({ name: 'Administrators', userCount: 1, version: 1 });
  });

  it('carries the message the console toasts after a write', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: 'Envelope check' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      data: { name: 'Envelope check', version: 1 },
      message: 'Role created.',
      messageKey: 'access.roleCreated',
    });
  });
});

describe('error envelope', () => {
  it('answers an unknown API route with 404 in the error shape', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/no/such/call',
      token: admin,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ message: 'Route not found', code: ERROR_CODES.notFound, key: 'notFound.route' }],
      errorMessage: 'Route not found',
      errorMessageKey: 'notFound.route',
    });
  });

  it('answers a missing token with 401', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/mng/role/list', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      errors: [
        {
          message: 'Session expired, log in again.',
          code: ERROR_CODES.unauthenticated,
          key: 'errors.unauthenticated',
        },
      ],
      errorMessage: 'Session expired, log in again.',
      errorMessageKey: 'errors.unauthenticated',
    });
  });

  it('renders validation messages in English with the field', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/mng/role', token: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    const expected = `${fieldLabel('roleName')} is required.`;
    expect(res.json()).toEqual({
      errors: [
        {
          message: expected,
          code: ERROR_CODES.validation,
          field: 'name',
          key: 'validation.required',
          params: { name: 'roleName' },
        },
      ],
      errorMessage: expected,
      errorMessageKey: 'validation.required',
      errorMessageParams: { name: 'roleName' },
    });
  });

  it('reports every invalid field once, with nested paths', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/permission',
      token: admin,
      payload: {
        roleId: ROLE_IDS.staff,
        permissions: [
          { path: '/no-such-area', methods: ['GET'] },
          { path: '/orders', methods: ['FETCH'] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors).toEqual([
      {
        field: 'permissions.0.path',
        message: 'Invalid permission path format.',
        code: ERROR_CODES.validation,
        key: 'validation.invalidFormat',
        params: { format: 'permission path' },
      },
      {
        field: 'permissions.1.methods.0',
        message: 'Invalid method format.',
        code: ERROR_CODES.validation,
        key: 'validation.invalidFormat',
        params: { format: 'method' },
      },
    ]);
  });

  it('renders maxLength with its parameters', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      message: `Enter ${fieldLabel('roleName')} within 100 characters.`,
      code: ERROR_CODES.validation,
      field: 'name',
      key: 'validation.maxLength',
      params: { name: 'roleName', length: 100 },
    });
  });

  it('answers malformed JSON with 400 without echoing it', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "<script>oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        {
          message: 'The request is not valid.',
          code: ERROR_CODES.validation,
          key: 'errors.invalidRequest',
        },
      ],
      errorMessage: 'The request is not valid.',
      errorMessageKey: 'errors.invalidRequest',
    });
  });

  it('answers an unexpected failure with 500 and the default text, never SQL or a stack', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/mng/test/explode',
      headers: { 'x-request-id': 'req-explode-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errors: [
        {
          message: 'Something went wrong. Please try again.',
          code: ERROR_CODES.internal,
          key: 'errors.default',
        },
      ],
      errorMessage: 'Something went wrong. Please try again.',
      errorMessageKey: 'errors.default',
    });
    expect(res.body).not.toMatch(
      /table_that_does_not_exist|secret_column|SELECT|\bat\s+\S+\s+\(|\.ts:\d+/,
    );
    expect(res.headers['x-request-id']).toBe('req-explode-1');
    // ...the details are in the log, under the request id.
    const logged = logLines
      .map(
        (line) =>
          JSON.parse(line) as {
            reqId?: string;
            level: number;
            err?: { message?: string; stack?: string };
          },
      )
      .find((entry) => entry.reqId === 'req-explode-1' && entry.level >= 50);
    expect(logged?.err?.message).toMatch(/table_that_does_not_exist/);
    expect(logged?.err?.stack).toBeTruthy();
  });
});

describe('roles: conflicts', () => {
  it("refuses a duplicate name (any case) with 409 'Name already existed in the database.'", async () => {
    const first = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: 'Regional managers' },
    });
    expect(first.statusCode).toBe(201);
    for (const name of ['Regional managers', '  regional MANAGERS ', 'Administrators']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/role',
        token: admin,
        payload: { name },
      });
      expect(res.statusCode, name).toBe(409);
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
    }
  });

  it('refuses a rename onto another role’s name with 409', async () => {
    const created = (
      await t.inject({
        method: 'POST',
        url: '/api/mng/role',
        token: admin,
        payload: { name: 'Rename source' },
      })
    ).json().data;
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/role',
      token: admin,
      payload: { id: created.id, name: 'administrators staff', version: created.version },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe('Name already existed in the database.');
  });

  it('updates with the current version and refuses a stale one with 409', async () => {
    const created = (
      await t.inject({
        method: 'POST',
        url: '/api/mng/role',
        token: admin,
        payload: { name: 'Versioned' },
      })
    ).json().data;
    const first = await t.inject({
      method: 'PUT',
      url: '/api/mng/role',
      token: admin,
      payload: { id: created.id, name: 'Versioned (renamed)', version: 1 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      data: { name: 'Versioned (renamed)', version: 2 },
      message: 'Role updated.',
    });

    const stale = await t.inject({
      method: 'PUT',
      url: '/api/mng/role',
      token: admin,
      payload: { id: created.id, name: 'Lost update', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: ERROR_CODES.conflict, field: 'version' });
    const detail = await t.inject({
      method: 'GET',
      url: `/api/mng/role?id=${created.id}`,
      token: admin,
    });
    expect(detail.json().data).toMatchObject({ name: 'Versioned (renamed)', version: 2 });
  });

  it("answers an unknown role with 404 'Role not found'", async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/role',
      token: admin,
      payload: { id: 'no-such-role', name: 'Whatever', version: 1 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toEqual({
      message: 'Role not found',
      code: ERROR_CODES.notFound,
      key: 'notFound.role',
    });
  });
});

describe('list queries: sort and filter are whitelisted, never SQL', () => {
  const list = (payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/mng/role/list', token: admin, payload });

  it('sorts by a whitelisted column in either direction', async () => {
    const asc = (await list({ sort: 'userCount', order: 'asc', pageSize: 100 })).json().data
      .items as { userCount: number }[];
    const desc = (await list({ sort: 'userCount', order: 'desc', pageSize: 100 })).json().data
      .items as { userCount: number }[];
    expect(asc.map((r) => r.userCount)).toEqual(
      [...asc.map((r) => r.userCount)].sort((a, b) => a - b),
    );
    expect(desc[0]?.userCount).toBeGreaterThanOrEqual(desc.at(-1)?.userCount ?? 0);
  });

  it('rejects an unknown sort column', async () => {
    const res = await list({ sort: 'password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      message: 'Invalid sort format.',
      code: ERROR_CODES.validation,
      field: 'sort',
      key: 'validation.invalidFormat',
      params: { format: 'sort' },
    });
  });

  it.each([
    { sort: 'name; DROP TABLE roles; --' },
    { sort: 'name DESC, (SELECT 1)' },
    { sort: 'name', order: 'asc; DELETE FROM users' },
    { sort: 'name', pageSize: '10; DROP TABLE users' },
    { page: '1 OR 1=1' },
    { from: "2024-01-01' OR '1'='1" },
  ])('rejects injection in the list query %j', async (payload) => {
    const res = await list(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe(ERROR_CODES.validation);
  });

  it('treats search text as text', async () => {
    for (const search of ["'; DROP TABLE roles; --", '%', '_', "' OR '1'='1"]) {
      const res = await list({ search });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ items: [], total: 0 });
    }
    const still = await list({ search: 'Administrators' });
    expect(still.json().data.total).toBe(3);
  });

  it('pages and filters by date', async () => {
    const page = (await list({ page: 2, pageSize: 10, sort: 'name' })).json().data;
    expect(page.page).toBe(2);
    const future = (await list({ from: '2999-01-01' })).json().data;
    expect(future.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = (await list({ to: today })).json().data;
    expect(upToToday.total).toBeGreaterThanOrEqual(3);
  });
});

describe('GET permission?email=', () => {
  it("returns the caller's own role and permissions", async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/permission?email=${encodeURIComponent(partner.email.toUpperCase())}`,
      token: partner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roleId).toBe(ROLE_IDS.partner);
    expect(res.json().data.permissions).toContainEqual({
      path: '/orders',
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
    });
  });

  it("refuses someone else's e-mail without GET on /roles, allows it with", async () => {
    const denied = await t.inject({
      method: 'GET',
      url: `/api/mng/permission?email=${t.config.seedAdminEmail}`,
      token: partner.token,
    });
    expect(denied.statusCode).toBe(403);
    const allowed = await t.inject({
      method: 'GET',
      url: `/api/mng/permission?email=${partner.email}`,
      token: admin,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.roleId).toBe(ROLE_IDS.partner);
  });

  it('answers 404 for an unknown user and 400 for a malformed e-mail', async () => {
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/mng/permission?email=nobody@esim.test',
      token: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('User not found');
    const malformed = await t.inject({
      method: 'GET',
      url: '/api/mng/permission?email=not-an-email',
      token: admin,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toEqual({
      message: 'Invalid email format.',
      code: ERROR_CODES.validation,
      field: 'email',
      key: 'validation.invalidFormat',
      params: { format: 'email' },
    });
  });
});

describe('OpenAPI document', () => {
  it('is public and generated from the route schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/mng/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/api/mng/role'].post;
    expect(create['x-permission']).toEqual({ resource: '/roles', action: 'POST' });
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 100 } },
      required: ['name'],
    });
    const permission = doc.paths['/api/mng/permission'].get;
    expect(permission.parameters).toContainEqual(
      expect.objectContaining({ name: 'email', in: 'query', required: true }),
    );
    expect(doc.paths['/api/mng/utils/model/list'].post['x-permission']).toBe('signedIn');
    expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
  });
});

describe('English message catalog', () => {
  it('has a text for every validation key (locales/en/validation.json)', () => {
    const catalog = loadEnglishCatalog();
    expect(missingValidationTexts(catalog)).toEqual([]);
    expect(renderMessage(catalog, 'required|{"name":"someUnknownField"}')).toBe(
      'someUnknownField is required.',
    );
    expect(renderMessage(catalog, 'invalidFormat|{"format":"email"}')).toBe(
      'Invalid email format.',
    );
    expect(renderMessage(catalog, 'Plain text stays as it is')).toBe('Plain text stays as it is');
  });
});
