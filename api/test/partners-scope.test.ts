import { ROLE_IDS, type PartnerDetail } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/audit';
import { withPartnerScope } from '../src/areas/partners/rls';
import { createTestApp, type TestContext } from './support/app';

/*
 * The partner admin's scope (docs/partners.md, decision 0019): a staff account of partner A
 * reaches partner A only. Every partner route is called as A's admin with B's ids, codes and
 * slugs: none answers B's data or changes it. A new partner route fails the coverage check until
 * it is added here.
 */

let t: TestContext;
let admin: string;
let a: PartnerDetail;
let b: PartnerDetail;
let aToken: string;
let bAccountId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, token = admin) {
  return t.inject({
    method,
    url: `/api/mng/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function partner(code: string, slug: string): Promise<PartnerDetail> {
  const res = await call('POST', 'partner', {
    name: `Partner ${code}`,
    code,
    target: 'affiliate',
    prefix: code,
    slug,
    phone: '03-0000-0000',
    customFields: [{ name: 'Secret', dataType: 'string', value: `secret-${code}` }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PartnerDetail;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = await partner('SCOPEA', 'scope-a');
  b = await partner('SCOPEB', 'scope-b');
  const accountA = await call('POST', 'partner/account', {
    partnerId: a.id,
    email: 'admin@scope-a.example',
  });
  expect(accountA.statusCode).toBe(201);
  const accountB = await call('POST', 'partner/account', {
    partnerId: b.id,
    email: 'admin@scope-b.example',
  });
  bAccountId = accountB.json().data.id as string;
  aToken = await t.tokenFor('admin@scope-a.example');
});

afterAll(() => t?.close());

/** B's identifying values: none may appear in an answer to A's admin. */
const leaks = (body: string) =>
  [b.id, 'SCOPEB', 'scope-b', 'secret-SCOPEB', 'admin@scope-b.example'].filter((value) =>
    body.includes(value),
  );

const bUpdate = () => ({
  name: b.name,
  code: b.code,
  target: b.target,
  phone: '09-9999-9999',
  prefix: b.prefix,
  slug: b.slug,
  customFields: b.customFields,
  id: b.id,
  version: b.version,
});

/** Each partner route with B's values, and the status A's admin must get. */
const PROBES: {
  route: string;
  method: Method;
  url: () => string;
  body?: () => unknown;
  status: number;
}[] = [
  {
    route: 'POST /api/mng/partner/list',
    method: 'POST',
    url: () => 'partner/list',
    body: () => ({}),
    status: 200,
  },
  { route: 'GET /api/mng/partner/export', method: 'GET', url: () => 'partner/export', status: 200 },
  { route: 'GET /api/mng/partner', method: 'GET', url: () => `partner?id=${b.id}`, status: 404 },
  {
    route: 'GET /api/mng/partner/lookup',
    method: 'GET',
    url: () => 'partner/lookup?code=SCOPEB',
    status: 404,
  },
  {
    route: 'GET /api/mng/partner/lookup',
    method: 'GET',
    url: () => 'partner/lookup?prefix=SCOPEB',
    status: 404,
  },
  {
    route: 'GET /api/mng/partner/lookup',
    method: 'GET',
    url: () => 'partner/lookup?slug=scope-b',
    status: 404,
  },
  {
    route: 'POST /api/mng/partner',
    method: 'POST',
    url: () => 'partner',
    body: () => ({ name: 'X', code: 'SCOPEX', target: 'affiliate' }),
    status: 403,
  },
  {
    route: 'PUT /api/mng/partner',
    method: 'PUT',
    url: () => 'partner',
    body: bUpdate,
    status: 404,
  },
  {
    route: 'DELETE /api/mng/partner',
    method: 'DELETE',
    url: () => `partner?id=${b.id}`,
    status: 403,
  },
  {
    route: 'POST /api/mng/partner/account',
    method: 'POST',
    url: () => 'partner/account',
    body: () => ({ partnerId: b.id, email: 'intruder@scope-b.example' }),
    status: 404,
  },
  {
    route: 'DELETE /api/mng/partner/account',
    method: 'DELETE',
    url: () => `partner/account?id=${bAccountId}`,
    status: 404,
  },
  {
    route: 'GET /api/mng/partner/history',
    method: 'GET',
    url: () => `partner/history?id=${b.id}`,
    status: 404,
  },
  {
    route: 'GET /api/mng/audit/history',
    method: 'GET',
    url: () => `audit/history?entityType=partner&entityId=${b.id}`,
    status: 403,
  },
];

describe('a partner admin reaches its own partner only', () => {
  it('every partner route is probed', () => {
    const partnerRoutes = t.app.routeDefinitions
      .filter((route) => /^\/api\/mng\/partner(\/|$)/.test(route.fullUrl))
      .map((route) => `${route.method} ${route.fullUrl}`);
    const probed = new Set(PROBES.map((probe) => probe.route));
    expect(partnerRoutes.filter((route) => !probed.has(route))).toEqual([]);
  });

  for (const probe of PROBES) {
    it(`${probe.method} ${probe.url.toString().slice(6, 60)}: ${probe.status}, nothing of B`, async () => {
      const res = await call(probe.method, probe.url(), probe.body?.(), aToken);
      expect(res.statusCode, res.body).toBe(probe.status);
      expect(leaks(res.body)).toEqual([]);
    });
  }

  it('B is unchanged: its record, accounts and history', async () => {
    const now = (await call('GET', `partner?id=${b.id}`)).json().data as PartnerDetail;
    expect(now.version).toBe(b.version);
    expect(now.phone).toBe(b.phone);
    expect(now.accounts.map((account) => account.email)).toEqual(['admin@scope-b.example']);
  });

  it('sees and changes its own partner: contact details yes, its terms no', async () => {
    const own = await call('GET', `partner?id=${a.id}`, undefined, aToken);
    expect(own.statusCode).toBe(200);
    const list = await call('POST', 'partner/list', {}, aToken);
    expect(list.json().data.items.map((item: { id: string }) => item.id)).toEqual([a.id]);
    const base = {
      name: a.name,
      code: a.code,
      target: a.target,
      prefix: a.prefix,
      slug: a.slug,
      customFields: a.customFields.map((field) => ({ ...field, value: 'changed by A' })),
      id: a.id,
      version: a.version,
    };
    const contact = await call('PUT', 'partner', { ...base, phone: '06-1111-2222' }, aToken);
    expect(contact.statusCode, contact.body).toBe(200);
    const terms = await call(
      'PUT',
      'partner',
      { ...base, planType: 'platinum', commissionValue: 50, version: a.version + 1 },
      aToken,
    );
    expect(terms.statusCode).toBe(403);
    expect(terms.json().errorMessage).toBe(
      "Only the reseller's staff can change planType, commissionValue.",
    );
    // Its own accounts: it may add one (bound to A, role partner admin).
    const added = await call(
      'POST',
      'partner/account',
      { partnerId: a.id, email: 'second@scope-a.example' },
      aToken,
    );
    expect(added.statusCode).toBe(201);
    const permission = await call(
      'GET',
      'permission?email=second@scope-a.example',
      undefined,
      admin,
    );
    expect(permission.json().data.roleId).toBe(ROLE_IDS.partner);
  });

  it('a partner admin bound to no partner reaches none', async () => {
    const loose = await t.createUser({ roleId: ROLE_IDS.partner });
    const list = await call('POST', 'partner/list', {}, loose.token);
    expect(list.json().data).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', `partner?id=${a.id}`, undefined, loose.token)).statusCode).toBe(404);
  });
});

describe('row-level security, the second line (migration 0017)', () => {
  /** Rows a scoped transaction sees and changes with NO filter of its own. */
  async function asScoped<T>(partnerId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withPartnerScope(t.database.db, { all: false, partnerId }, fn);
  }
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

  it("confines an unfiltered query to the transaction's partner", async () => {
    const seen = await asScoped(a.id, async (tx) => ({
      partners: rows<{ id: string }>(await tx.execute(sql`SELECT id FROM partners`)),
      fields: rows<{ partner_id: string }>(
        await tx.execute(sql`SELECT partner_id FROM partner_custom_fields`),
      ),
      slugs: rows<{ partner_id: string }>(
        await tx.execute(sql`SELECT partner_id FROM partner_slugs`),
      ),
      users: rows<{ email: string; partner_id: string }>(
        await tx.execute(sql`SELECT email, partner_id FROM users`),
      ),
    }));
    expect(seen.partners.map((row) => row.id)).toEqual([a.id]);
    expect(new Set(seen.fields.map((row) => row.partner_id))).toEqual(new Set([a.id]));
    expect(seen.slugs.every((row) => row.partner_id === a.id)).toBe(true);
    expect(seen.users.map((row) => row.email)).toContain('admin@scope-a.example');
    expect(seen.users.every((row) => row.partner_id === a.id)).toBe(true);
    // Bound to no partner: nothing at all.
    const none = await asScoped(null, async (tx) =>
      rows(await tx.execute(sql`SELECT id FROM partners`)),
    );
    expect(none).toEqual([]);
  });

  it("refuses to change or write another partner's rows, and ends with the transaction", async () => {
    const updated = await asScoped(a.id, async (tx) =>
      rows(await tx.execute(sql`UPDATE partners SET phone = '1' WHERE id = ${b.id} RETURNING id`)),
    );
    expect(updated).toEqual([]);
    const refused: unknown = await asScoped(a.id, (tx) =>
      tx.execute(sql`INSERT INTO partner_slugs (slug, partner_id) VALUES ('taken-by-a', ${b.id})`),
    ).catch((error: unknown) => error);
    const cause = refused instanceof Error ? (refused.cause ?? refused) : refused;
    expect(cause instanceof Error ? cause.message : String(cause)).toMatch(/row-level security/);
    // The staff's own queries, after a scoped transaction on the same pool, see every partner.
    const all = rows<{ id: string }>(
      await t.database.db.execute(sql`SELECT id FROM partners WHERE id IN (${a.id}, ${b.id})`),
    );
    expect(all).toHaveLength(2);
    const unchanged = await call('GET', `partner?id=${b.id}`);
    expect(unchanged.json().data.phone).toBe(b.phone);
  });
});
