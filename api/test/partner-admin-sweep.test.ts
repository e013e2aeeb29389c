import type { PartnerDetail } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedStoreConfig } from './release-store/support';
import { createTestApp, type TestContext } from './support/app';
import { operations, queryString, type Operation } from './support/openapi-operations';
import { createSweepFixtures, type SweepFixtures } from './support/sweep-fixtures';

/*
 * THE PARTNER ADMIN SWEEP (issue 14, decision 0019): signed in as partner A's admin, every
 * operation of the OpenAPI document is called with its plausible baseline request, and again
 * with partner B's id and B's account id in each id field. No answer may carry anything of
 * partner B, none may be a 5xx, and B's record and accounts are the same afterwards.
 */

const SWEEP_TIMEOUT_MS = 300_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let t: TestContext;
let admin: string;
let fixtures: SweepFixtures;
/** The remote store the fixtures' pins check (served over HTTP, like a CDN). */
let releaseStore: Awaited<ReturnType<typeof servedStoreConfig>>;
let a: PartnerDetail;
let b: PartnerDetail;
let aAdmin: string;
let bAccountId: string;
/** The ids of every partner but A (B and the sweep fixtures' partners). */
let otherPartnerIds: string[];

async function partner(code: string): Promise<PartnerDetail> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/partner',
    token: admin,
    payload: {
      name: `Partner ${code}`,
      code,
      target: 'corporate_customer',
      prefix: code,
      slug: code.toLowerCase(),
      phone: '03-0000-0000',
      customFields: [{ name: 'Secret', dataType: 'string', value: `secret-${code}` }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PartnerDetail;
}

async function account(partnerId: string, email: string): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/partner/account',
    token: admin,
    payload: { partnerId, email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** What the staff see of B: must not change. */
async function bAsStaff(): Promise<string> {
  const res = await t.inject({ method: 'GET', url: `/api/mng/partner?id=${b.id}`, token: admin });
  expect(res.statusCode).toBe(200);
  return res.body;
}

beforeAll(async () => {
  releaseStore = await servedStoreConfig();
  t = await createTestApp({ config: releaseStore.config });
  admin = await t.adminToken();
  fixtures = await createSweepFixtures(t, admin);
  a = await partner('SWEEPA');
  b = await partner('SWEEPB');
  await account(a.id, 'admin@sweep-a.example');
  bAccountId = await account(b.id, 'admin@sweep-b.example');
  aAdmin = await t.tokenFor('admin@sweep-a.example');
  const list = await t.inject({
    method: 'POST',
    url: '/api/mng/partner/list',
    token: admin,
    payload: { pageSize: 100 },
  });
  otherPartnerIds = (list.json().data.items as { id: string }[])
    .map((row) => row.id)
    .filter((id) => id !== a.id);
}, SWEEP_TIMEOUT_MS);

afterAll(async () => {
  await fixtures?.close();
  await t?.close();
  await releaseStore?.close();
});

/** B's identifying values and every other partner's id: none may reach A's admin. */
function leaksOfB(body: string): string[] {
  return [
    ...otherPartnerIds,
    bAccountId,
    'SWEEPB',
    'sweepb',
    'secret-SWEEPB',
    'admin@sweep-b.example',
  ].filter((value) => body.includes(value));
}

/** The baseline request, and one per id field with B's id or B's account id in it. */
function requestsOf(operation: Operation): { query: Record<string, unknown>; body: unknown }[] {
  const requests: { query: Record<string, unknown>; body: unknown }[] = [
    { query: operation.baseQuery, body: operation.baseBody },
  ];
  const idFields = (values: Record<string, unknown>) =>
    Object.entries(values).filter(
      ([name, value]) => (typeof value === 'string' && UUID.test(value)) || /id$/i.test(name),
    );
  for (const [name] of idFields(operation.baseQuery)) {
    for (const id of [b.id, bAccountId]) {
      requests.push({ query: { ...operation.baseQuery, [name]: id }, body: operation.baseBody });
    }
  }
  for (const [name] of idFields(operation.baseBody)) {
    for (const id of [b.id, bAccountId]) {
      requests.push({ query: operation.baseQuery, body: { ...operation.baseBody, [name]: id } });
    }
  }
  return requests;
}

describe('a partner admin reaches nothing of another partner, through any route', () => {
  it(
    'answers no route with partner B, changes nothing of B, and never a 5xx',
    async () => {
      const before = await bAsStaff();
      const all = (await operations(t, fixtures)).filter(
        (operation) => !operation.path.includes('/test/'),
      );
      expect(all.length).toBeGreaterThan(80);
      const findings: string[] = [];
      const answered = new Set<string>();
      let calls = 0;
      // Changes last, deletions at the very end (as the bad-input sweep orders them).
      const rank = (method: string) => (method === 'DELETE' ? 2 : method === 'GET' ? 0 : 1);
      for (const operation of [...all].sort((x, y) => rank(x.method) - rank(y.method))) {
        for (const request of requestsOf(operation)) {
          const raw = operation.baseline.raw;
          const res = await t.inject({
            method: operation.method as 'GET',
            url: operation.path + queryString(request.query),
            token: aAdmin,
            ...(raw
              ? { headers: { 'content-type': raw.contentType }, payload: raw.payload }
              : operation.body
                ? { payload: request.body as Record<string, unknown> }
                : {}),
          });
          calls += 1;
          if (res.statusCode < 300) answered.add(operation.key);
          if (res.statusCode >= 500) findings.push(`${operation.key}: ${res.statusCode}`);
          const leaked = leaksOfB(res.body);
          if (leaked.length > 0) {
            findings.push(`${operation.key} ${res.statusCode} shows ${leaked.join(', ')}`);
          }
        }
      }
      expect(findings).toEqual([]);
      expect(calls).toBeGreaterThan(all.length);
      // A's admin did reach its own partner's routes (the sweep is not a wall of 403s).
      expect([...answered]).toEqual(
        expect.arrayContaining(['POST /api/mng/partner/list', 'GET /api/mng/partner/export']),
      );
      expect(otherPartnerIds.length).toBeGreaterThan(1);
      expect(await bAsStaff()).toBe(before);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('fails when a route does show another partner (the sweep can see a leak)', async () => {
    // The staff's answer for B carries B's values: the same check on it must find them.
    expect(leaksOfB(await bAsStaff())).toEqual(
      expect.arrayContaining([b.id, 'SWEEPB', 'secret-SWEEPB']),
    );
  });
});
