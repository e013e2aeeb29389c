/**
 * The session cache of the API's access check (api/src/identity/session-cache.ts, decision 0013):
 * every way access can be taken away drops the cached session at once in this process, so the
 * very next request is refused. Each test first makes a request that fills the cache, so a
 * missing invalidation would serve the stale permissions and fail the test. A second app on the
 * same database plays another replica: there a change shows after at most the cache's TTL.
 */
import { RESOURCES } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AMZ_JSON, createIdentity } from '../src/identity';
import { SessionCache } from '../src/identity/session-cache';
import type { IdentityModule, SessionAccess } from '../src/identity/types';
import { createLogger } from '../src/logger';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});

afterAll(() => t?.close());

const stockList = (token: string, app?: FastifyInstance) =>
  (app ?? t.app).inject({
    method: 'POST',
    url: '/api/mng/stock/list',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });

const identityCall = (operation: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': AMZ_JSON,
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(body),
  });

async function adminCall(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const res = await t.inject({ method, url: `/api/mng/${url}`, token: admin, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: string; version: number };
}

let roleCounter = 0;

/** A new role, with GET on the stock area unless `stock` is false. */
async function createRole(stock = true) {
  roleCounter += 1;
  const role = await adminCall('POST', 'role', { name: `Cache role ${roleCounter}` });
  if (!stock) return role;
  return adminCall('POST', 'role/permission', {
    roleId: role.id,
    version: role.version,
    permissions: [{ path: RESOURCES.stock, methods: ['GET'] }],
  });
}

/** A user of a stock role whose session is in the cache (two allowed requests). */
async function cachedStockUser() {
  const role = await createRole();
  const user = await t.createUser({ roleId: role.id });
  const tokens = await t.identity.issueSessionTokens(user.email);
  expect((await stockList(tokens.idToken)).statusCode).toBe(200);
  expect((await stockList(tokens.idToken)).statusCode).toBe(200);
  return { role, user, tokens };
}

describe('a change of access is seen on the very next request', () => {
  it("a role's permissions taken away (role/permission), and given back", async () => {
    const { role, tokens } = await cachedStockUser();
    const emptied = await adminCall('POST', 'role/permission', {
      roleId: role.id,
      version: role.version,
      permissions: [],
    });
    expect((await stockList(tokens.idToken)).statusCode).toBe(403);
    await adminCall('POST', 'role/permission', {
      roleId: role.id,
      version: emptied.version,
      permissions: [{ path: RESOURCES.stock, methods: ['GET'] }],
    });
    expect((await stockList(tokens.idToken)).statusCode).toBe(200);
  });

  it('a user taken out of the role (role/user)', async () => {
    const { role, tokens } = await cachedStockUser();
    await adminCall('POST', 'role/user', { roleId: role.id, userIds: [] });
    expect((await stockList(tokens.idToken)).statusCode).toBe(403);
  });

  it('a user given a role without the permission (role/assign)', async () => {
    const { user, tokens } = await cachedStockUser();
    const other = await createRole(false);
    await adminCall('POST', 'role/assign', { roleId: other.id, userIds: [user.id], emails: [] });
    expect((await stockList(tokens.idToken)).statusCode).toBe(403);
  });

  it("a disabled user (user/status) is told 'Account disabled' at once", async () => {
    const { user, tokens } = await cachedStockUser();
    await adminCall('PUT', 'user/status', { id: user.id, status: 'inactive' });
    const res = await stockList(tokens.idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorMessage: 'Account disabled, contact the administrator',
      errorMessageKey: 'errors.accountDisabled',
    });
  });

  it('sign-out everywhere (GlobalSignOut)', async () => {
    const { tokens } = await cachedStockUser();
    const res = await identityCall('GlobalSignOut', { AccessToken: tokens.accessToken });
    expect(res.statusCode).toBe(200);
    expect((await stockList(tokens.idToken)).statusCode).toBe(401);
  });

  it("sign-out of this session (RevokeToken, Amplify's signOut)", async () => {
    const { tokens } = await cachedStockUser();
    const res = await identityCall('RevokeToken', {
      Token: tokens.refreshToken,
      ClientId: t.config.identity.clientId,
    });
    expect(res.statusCode).toBe(200);
    expect((await stockList(tokens.idToken)).statusCode).toBe(401);
  });

  it('revocation of every session (identity.revokeAllSessions)', async () => {
    const { user, tokens } = await cachedStockUser();
    await t.identity.revokeAllSessions(user.id);
    expect((await stockList(tokens.idToken)).statusCode).toBe(401);
  });

  it('a reused refresh token revokes its session', async () => {
    const { tokens } = await cachedStockUser();
    const refresh = () =>
      identityCall('GetTokensFromRefreshToken', {
        RefreshToken: tokens.refreshToken,
        ClientId: t.config.identity.clientId,
      });
    expect((await refresh()).statusCode).toBe(200);
    // Presented again after the retry grace period (docs/decisions/0026): theft.
    await t.database.db.execute(
      sql`UPDATE identity_refresh_tokens SET rotated_at = rotated_at - interval '1 hour' WHERE rotated_at IS NOT NULL`,
    );
    expect((await refresh()).statusCode).toBe(400);
    expect((await stockList(tokens.idToken)).statusCode).toBe(401);
  });
});

describe('another process (a replica on the same database)', () => {
  let replica: FastifyInstance;
  let replicaIdentity: IdentityModule;

  beforeAll(async () => {
    const config = { ...t.config, identity: { ...t.config.identity, sessionCacheSeconds: 1 } };
    const logger = createLogger(config);
    replicaIdentity = await createIdentity({ config, database: t.database, log: logger });
    replica = await buildApp({ config, database: t.database, identity: replicaIdentity, logger });
    await replica.ready();
  });

  afterAll(async () => {
    await replica?.close();
    await replicaIdentity?.close();
  });

  it('keeps a session at most its TTL after a change made elsewhere', async () => {
    const { role, tokens } = await cachedStockUser();
    expect((await stockList(tokens.idToken, replica)).statusCode).toBe(200);
    const started = Date.now();
    // Through the first app: its cache is dropped, the replica's is not.
    await adminCall('POST', 'role/permission', {
      roleId: role.id,
      version: role.version,
      permissions: [],
    });
    expect((await stockList(tokens.idToken)).statusCode).toBe(403);
    const stale = await stockList(tokens.idToken, replica);
    if (Date.now() - started < 900) expect(stale.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await stockList(tokens.idToken, replica)).statusCode).toBe(403);
  });
});

describe('SessionCache', () => {
  const access = (expiresAt = Number.MAX_SAFE_INTEGER): SessionAccess => ({
    userId: 'u',
    email: 'u@esim.test',
    roleId: null,
    partnerId: null,
    permissions: [],
    expiresAt,
  });

  it('answers from the cache until the TTL or the token expiry, whichever comes first', async () => {
    let now = 1_000;
    const cache = new SessionCache<SessionAccess>(5_000, 100, () => now);
    let loads = 0;
    const load = (expiresAt?: number) => async () => {
      loads += 1;
      return access(expiresAt);
    };
    await cache.get('a', load());
    await cache.get('a', load());
    expect(loads).toBe(1);
    now += 5_001;
    await cache.get('a', load());
    expect(loads).toBe(2);
    await cache.get('b', load(now + 1_000));
    now += 1_001;
    await cache.get('b', load());
    expect(loads).toBe(4);
  });

  it('shares one load between concurrent misses and never stores a failure', async () => {
    const cache = new SessionCache<SessionAccess>(5_000);
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return access();
    };
    await Promise.all([cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)]);
    expect(loads).toBe(1);
    const failing = async () => {
      loads += 1;
      throw new Error('disabled');
    };
    await expect(cache.get('x', failing)).rejects.toThrow('disabled');
    await expect(cache.get('x', failing)).rejects.toThrow('disabled');
    expect(loads).toBe(3);
  });

  it('does not store what was loaded before a clear()', async () => {
    const cache = new SessionCache<SessionAccess>(5_000);
    let release: () => void = () => undefined;
    const pending = cache.get(
      'a',
      () =>
        new Promise<SessionAccess>((resolve) => {
          release = () => resolve(access());
        }),
    );
    cache.clear();
    release();
    await pending;
    expect(cache.size).toBe(0);
    let loads = 0;
    await cache.get('a', async () => {
      loads += 1;
      return access();
    });
    expect(loads).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxEntries sessions, and none with a TTL of 0', async () => {
    const cache = new SessionCache<SessionAccess>(5_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => access());
    expect(cache.size).toBe(2);
    const off = new SessionCache<SessionAccess>(0);
    await off.get('a', async () => access());
    expect(off.size).toBe(0);
  });
});
