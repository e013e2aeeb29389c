import fs from 'node:fs';
import path from 'node:path';
import {
  ERROR_CODES,
  ROLE_IDS,
  type PinnedReleaseDocument,
  type RemoteReleaseItem,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOAD_REPORT_RETENTION_DAYS,
  canaryBucket,
  pruneLoadReports,
  publishRemote,
} from '../src/release-store';
import { startStoreServer, tempDir, writeBuild, type StoreServer } from './release-store/support';
import { createTestApp, type TestContext, type TestUser } from './support/app';

/**
 * Releases that hold in production (issue 19): the compatibility gate against the host's shared
 * manifest, a pin that checks the files the console will load, canary pins, error beacons, and
 * every release change in the audit history with who and why.
 */

let t: TestContext;
let cdn: StoreServer;
let builds: string;
let store: string;
let admin: string;
let staff: TestUser;

/** What the host build provides (host/dist/shared-manifest.json). */
const HOST_SHARED = [
  { package: '@esim/platform', version: '1.1.0' },
  { package: '@esim/ui', version: '1.5.0' },
  { package: 'react', version: '19.3.1' },
  { package: 'react/', version: '19.3.1' },
];
const PLATFORM_1 = { name: '@esim/platform', version: '1.1.0' };
const PLATFORM_2 = { name: '@esim/platform', version: '2.0.0' };
const REACT = { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.1.0' };

async function publish(
  remote: string,
  version: string,
  shared: { name: string; version: string; requiredVersion?: string }[] = [PLATFORM_1, REACT],
) {
  await publishRemote(t.database.db, {
    remote,
    version,
    buildDir: writeBuild(builds, remote, version, { shared }),
    storeDir: store,
    by: 'ci@esim.test',
  });
}

beforeAll(async () => {
  builds = tempDir('safety-builds');
  store = tempDir('safety-store');
  cdn = await startStoreServer(store);
  t = await createTestApp({
    config: {
      remoteStoreDir: store,
      remoteStoreUrl: cdn.url,
      releaseCheckTimeoutMs: 700,
      rateLimit: { max: 100_000, windowMs: 60_000 },
    },
  });
  fs.mkdirSync(t.config.hostDistDir, { recursive: true });
  fs.writeFileSync(
    path.join(t.config.hostDistDir, 'shared-manifest.json'),
    JSON.stringify({ schema: 1, shared: HOST_SHARED }),
  );
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  await publish('orders', '1.0.0');
  await publish('orders', '1.1.0');
  await publish('orders', '2.0.0', [PLATFORM_2, REACT]);
  await publish('stock', '1.0.0', [
    { name: 'react', version: '18.2.0', requiredVersion: '^18.2.0' },
  ]);
  await publish('stock', '1.0.1');
});

afterAll(async () => {
  await t?.close();
  await cdn?.close();
  for (const dir of [builds, store]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  token = admin,
) => t.inject({ method, url: `/api/mng/${url}`, token, ...(payload ? { payload } : {}) });

async function remoteOf(remote: string): Promise<RemoteReleaseItem> {
  const res = await call('GET', 'release/list');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.remotes as RemoteReleaseItem[]).find((r) => r.remote === remote)!;
}

async function pinnedFor(token: string): Promise<PinnedReleaseDocument> {
  const res = await t.inject({ method: 'GET', url: '/api/mng/release/pinned', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function auditOf(entityType: string, entityId: string) {
  const res = await call(
    'GET',
    `audit/history?entityType=${entityType}&entityId=${encodeURIComponent(entityId)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as {
    action: string;
    actor: { email: string };
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
}

describe('compatibility gate', () => {
  it('shows each version against what the console provides', async () => {
    const orders = await remoteOf('orders');
    const byVersion = Object.fromEntries(orders.versions.map((v) => [v.version, v.compatibility]));
    expect(byVersion['1.0.0']).toEqual({ compatible: true, problems: [] });
    expect(byVersion['2.0.0']).toEqual({
      compatible: false,
      problems: [{ package: '@esim/platform', required: '^2.0.0', provided: '1.1.0' }],
    });
    // A third-party range the host's version does not satisfy is a problem too.
    const stock = await remoteOf('stock');
    expect(stock.versions.find((v) => v.version === '1.0.0')?.compatibility).toEqual({
      compatible: false,
      problems: [{ package: 'react', required: '^18.2.0', provided: '19.3.1' }],
    });
  });

  it('refuses to pin a version built for @esim/platform 2.0.0 in words that name it', async () => {
    await call('PUT', 'release/pin', { remote: 'orders', version: '1.0.0', reason: 'first' });
    const res = await call('PUT', 'release/pin', {
      remote: 'orders',
      version: '2.0.0',
      reason: 'new platform',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        message: 'orders 2.0.0 needs @esim/platform ^2.0.0; this console provides 1.1.0.',
        code: ERROR_CODES.businessRule,
        key: 'releases.incompatible',
        params: {
          remote: 'orders',
          version: '2.0.0',
          package: '@esim/platform',
          required: '^2.0.0',
          provided: '1.1.0',
        },
      },
    ]);
    expect((await remoteOf('orders')).pinnedVersion).toBe('1.0.0');
  });

  it('pins it with force and a reason, recorded as forced', async () => {
    const res = await call('PUT', 'release/pin', {
      remote: 'orders',
      version: '2.0.0',
      reason: 'host 2 ships tonight',
      force: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ toVersion: '2.0.0', forced: true, changed: true });
    const orders = await remoteOf('orders');
    expect(orders.history[0]).toMatchObject({ toVersion: '2.0.0', forced: true });
    // Back to a compatible version for what follows.
    expect(
      (await call('POST', 'release/rollback', { remote: 'orders', reason: 'back' })).statusCode,
    ).toBe(200);
  });

  it('treats another major of our own packages as incompatible even when the range allows it', async () => {
    await publish('orders', '1.2.0', [{ ...PLATFORM_2, requiredVersion: '>=1.0.0' }]);
    const version = (await remoteOf('orders')).versions.find((v) => v.version === '1.2.0');
    expect(version?.compatibility).toEqual({ compatible: true, problems: [] });
    await publish('orders', '1.3.0', [{ ...PLATFORM_1, requiredVersion: '>=2.0.0 || ^1.0.0' }]);
    await publish('orders', '1.4.0', [{ name: '@esim/missing', version: '1.0.0' }]);
    const orders = await remoteOf('orders');
    expect(orders.versions.find((v) => v.version === '1.4.0')?.compatibility).toEqual({
      compatible: false,
      problems: [{ package: '@esim/missing', required: '^1.0.0', provided: null }],
    });
    const res = await call('PUT', 'release/pin', {
      remote: 'orders',
      version: '1.4.0',
      reason: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe(
      'orders 1.4.0 needs @esim/missing ^1.0.0; this console does not provide it.',
    );
  });
});

describe('a pin checks what it pins', () => {
  it('refuses when the store serves another manifest or remote entry (409)', async () => {
    cdn.replace.set('/remotes/orders/1.1.0/remoteEntry.js', 'var esim_remote_orders = "evil";');
    try {
      const res = await call('PUT', 'release/pin', {
        remote: 'orders',
        version: '1.1.0',
        reason: 'x',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toMatchObject({
        message:
          'orders 1.1.0 cannot be pinned: the remote store serves a remoteEntry.js that is not the one published.',
        key: 'releases.servedMismatch',
      });
    } finally {
      cdn.replace.clear();
    }
  });

  it('refuses when the store does not have the files (422) or does not answer in time', async () => {
    cdn.replace.clear();
    fs.renameSync(
      path.join(store, 'orders', '1.1.0', 'mf-manifest.json'),
      path.join(store, 'orders', '1.1.0', 'moved.json'),
    );
    try {
      const res = await call('PUT', 'release/pin', {
        remote: 'orders',
        version: '1.1.0',
        reason: 'x',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].message).toBe(
        'orders 1.1.0 cannot be pinned: its mf-manifest.json could not be read from the remote store (HTTP 404).',
      );
    } finally {
      fs.renameSync(
        path.join(store, 'orders', '1.1.0', 'moved.json'),
        path.join(store, 'orders', '1.1.0', 'mf-manifest.json'),
      );
    }
    cdn.hang.add('/remotes/orders/1.1.0/remoteEntry.js');
    const started = Date.now();
    try {
      const res = await call('PUT', 'release/pin', {
        remote: 'orders',
        version: '1.1.0',
        reason: 'x',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].message).toBe(
        'orders 1.1.0 cannot be pinned: the remote store did not send its remoteEntry.js within 0.7 seconds.',
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      cdn.hang.clear();
    }
    expect((await remoteOf('orders')).pinnedVersion).toBe('1.0.0');
  });

  it('reads the store where the API reaches it when RELEASE_CHECK_STORE_URL says so', async () => {
    const checked = await createTestApp({
      config: {
        remoteStoreDir: store,
        // What browsers use cannot be reached from here; the API's own way to the store can.
        remoteStoreUrl: 'http://store.invalid',
        releaseCheckStoreUrl: cdn.url,
      },
    });
    try {
      await publishRemote(checked.database.db, {
        remote: 'suppliers',
        version: '1.0.0',
        buildDir: writeBuild(builds, 'suppliers', '1.0.0'),
        storeDir: path.join(builds, 'other-store'),
        by: 'ci@esim.test',
      });
      // The files are the ones of the shared store directory behind the check URL.
      fs.cpSync(
        path.join(builds, 'suppliers', 'dist', '1.0.0'),
        path.join(store, 'suppliers', '1.0.0'),
        {
          recursive: true,
        },
      );
      const res = await checked.inject({
        method: 'PUT',
        url: '/api/mng/release/pin',
        token: await checked.adminToken(),
        payload: { remote: 'suppliers', version: '1.0.0', reason: 'x' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const doc = await checked.inject({
        method: 'GET',
        url: '/api/mng/release/pinned',
        token: await checked.adminToken(),
      });
      expect(doc.json().data.remotes.suppliers.manifestUrl).toBe(
        'http://store.invalid/remotes/suppliers/1.0.0/mf-manifest.json',
      );
    } finally {
      await checked.close();
    }
  });

  it('pins when the served files are the published ones', async () => {
    const res = await call('PUT', 'release/pin', {
      remote: 'orders',
      version: '1.1.0',
      reason: 'faster list',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('canary pins', () => {
  it('puts everyone with one of its roles on the canary, and marks the channel', async () => {
    const res = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      roleIds: [ROLE_IDS.staff],
      reason: 'staff try it first',
    });
    // Not pinned yet: a canary needs a main pin beside it.
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].key).toBe('releases.canaryNeedsPin');
    await call('PUT', 'release/pin', {
      remote: 'stock',
      version: '1.0.0',
      reason: 'main',
      force: true,
    });
    const set = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      roleIds: [ROLE_IDS.staff],
      reason: 'staff try it first',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Canary set: stock 1.0.1.',
      data: {
        version: '1.0.1',
        percent: null,
        roleIds: [ROLE_IDS.staff],
        reason: 'staff try it first',
      },
    });
    expect((await pinnedFor(staff.token)).remotes.stock).toMatchObject({
      version: '1.0.1',
      channel: 'canary',
    });
    expect((await pinnedFor(admin)).remotes.stock).toEqual({
      version: '1.0.0',
      manifestUrl: `${cdn.url}/remotes/stock/1.0.0/mf-manifest.json`,
    });
    expect((await remoteOf('stock')).canary).toMatchObject({
      version: '1.0.1',
      setBy: 'admin@esim.test',
    });
  });

  it('refuses a canary of the pinned version, an unknown role, a missing reason or audience', async () => {
    const pinned = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.0',
      percent: 10,
      reason: 'x',
      // stock 1.0.0 needs react 18 (the gate applies to a canary too; forced here).
      force: true,
    });
    expect(pinned.statusCode).toBe(422);
    expect(pinned.json().errors[0].key).toBe('releases.canaryIsPinned');
    const role = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      roleIds: ['no-such-role'],
      reason: 'x',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().errors[0].message).toBe('Role no-such-role not found.');
    for (const body of [
      { remote: 'stock', version: '1.0.1', percent: 10 },
      { remote: 'stock', version: '1.0.1', reason: 'no audience' },
      { remote: 'stock', version: '1.0.1', percent: 100, reason: 'x' },
    ]) {
      expect((await call('PUT', 'release/canary', body)).statusCode).toBe(400);
    }
    const noAudience = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      reason: 'no audience',
    });
    // The form shows it under the share field.
    expect(noAudience.json().errors[0].field).toBe('percent');
  });

  it('gives a stable share of users near the percent', async () => {
    const users = Array.from(
      { length: 4000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const share = users.filter((id) => canaryBucket(id, 'stock') < 20).length / users.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
    // The same user always lands in the same place; another remote draws independently.
    expect(users.map((id) => canaryBucket(id, 'stock'))).toEqual(
      users.map((id) => canaryBucket(id, 'stock')),
    );
    const both = users.filter(
      (id) => canaryBucket(id, 'stock') < 20 && canaryBucket(id, 'orders') < 20,
    );
    expect(both.length / users.length).toBeLessThan(0.07);

    const set = await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      percent: 50,
      reason: 'half',
    });
    expect(set.statusCode, set.body).toBe(200);
    const people = await Promise.all(
      Array.from({ length: 12 }, () => t.createUser({ roleId: ROLE_IDS.partner })),
    );
    for (const person of people) {
      const expected = canaryBucket(person.id, 'stock') < 50 ? '1.0.1' : '1.0.0';
      for (let i = 0; i < 2; i += 1)
        expect((await pinnedFor(person.token)).remotes.stock?.version).toBe(expected);
    }
  });

  it('ends with a reason; pinning the canary version ends it too', async () => {
    const ended = await call('DELETE', 'release/canary', { remote: 'stock', reason: 'errors up' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toBe('Canary ended: everyone gets stock 1.0.0 again.');
    expect((await remoteOf('stock')).canary).toBeNull();
    const again = await call('DELETE', 'release/canary', { remote: 'stock', reason: 'x' });
    expect(again.statusCode).toBe(422);

    await call('PUT', 'release/canary', {
      remote: 'stock',
      version: '1.0.1',
      percent: 5,
      reason: 'x',
    });
    await call('PUT', 'release/pin', { remote: 'stock', version: '1.0.1', reason: 'promote' });
    expect((await remoteOf('stock')).canary).toBeNull();
  });
});

describe('error beacons', () => {
  it('counts loads and failures per version and shows the error rate', async () => {
    const events = [
      ...Array.from({ length: 6 }, () => ({ remote: 'orders', version: '1.1.0', kind: 'loaded' })),
      { remote: 'orders', version: '1.1.0', kind: 'load-failed', message: 'RUNTIME-008' },
      { remote: 'orders', version: '1.1.0', kind: 'render-failed' },
      // Not published: dropped, never stored.
      { remote: 'orders', version: '9.9.9', kind: 'load-failed' },
      { remote: 'nosuch', version: '1.0.0', kind: 'loaded' },
    ];
    const res = await call('POST', 'release/beacon', { events }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ counted: 8 });
    const version = (await remoteOf('orders')).versions.find((v) => v.version === '1.1.0');
    expect(version?.errorRate).toEqual({ loads: 6, failures: 2, rate: 0.25 });
    expect(
      (await remoteOf('orders')).versions.find((v) => v.version === '1.0.0')?.errorRate,
    ).toEqual({
      loads: 0,
      failures: 0,
      rate: null,
    });
  });

  it('keeps hour buckets, not events, and prunes them after the retention', async () => {
    const rows = await t.database.withConnection((q) =>
      q("SELECT loads, failures, last_failure FROM remote_load_reports WHERE remote = 'orders'"),
    );
    expect(rows).toEqual([{ loads: 6, failures: 2, last_failure: 'RUNTIME-008' }]);
    expect(await pruneLoadReports(t.database.db, new Date())).toBe(0);
    const later = new Date(Date.now() + (LOAD_REPORT_RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    expect(await pruneLoadReports(t.database.db, later)).toBe(1);
    // Counted again for what follows.
    await call(
      'POST',
      'release/beacon',
      {
        events: [
          ...Array.from({ length: 6 }, () => ({
            remote: 'orders',
            version: '1.1.0',
            kind: 'loaded',
          })),
          { remote: 'orders', version: '1.1.0', kind: 'load-failed' },
          { remote: 'orders', version: '1.1.0', kind: 'render-failed' },
        ],
      },
      admin,
    );
  });

  it('refuses bad input with 400, anonymous callers with 401, and a flood with 429', async () => {
    for (const payload of [
      {},
      { events: [] },
      { events: [{ remote: 'orders', version: '1.1.0', kind: 'exploded' }] },
      { events: [{ remote: '../x', version: '1.1.0', kind: 'loaded' }] },
      { events: 'nope' },
    ]) {
      expect((await call('POST', 'release/beacon', payload, staff.token)).statusCode).toBe(400);
    }
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/mng/release/beacon',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const flooder = await t.createUser({ roleId: ROLE_IDS.staff });
    const body = { events: [{ remote: 'orders', version: '1.1.0', kind: 'loaded' }] };
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1)
      statuses.push((await call('POST', 'release/beacon', body, flooder.token)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('audit', () => {
  it('records pins, rollbacks, canaries and preview starts with who and why', async () => {
    const pins = await auditOf('releasePin', 'orders');
    expect(pins.length).toBeGreaterThanOrEqual(4);
    expect(
      pins.find((e) =>
        e.changes.some((c) => c.field === 'reason' && c.after === 'host 2 ships tonight'),
      ),
    ).toMatchObject({
      actor: { email: 'admin@esim.test' },
    });
    const rollback = pins.find((e) =>
      e.changes.some((c) => c.field === 'change' && c.after === 'rollback'),
    );
    expect(rollback?.changes).toEqual(
      expect.arrayContaining([{ field: 'reason', before: null, after: 'back' }]),
    );
    const canary = await auditOf('releaseCanary', 'stock');
    expect(canary.map((e) => e.changes.find((c) => c.field === 'reason')?.after)).toEqual(
      expect.arrayContaining(['staff try it first', 'half', 'errors up']),
    );

    // A preview start, once per user and version within the hour (the host reads it per load).
    for (let i = 0; i < 3; i += 1) await pinnedFor(admin).then(() => undefined);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/mng/release/pinned?preview=orders@1.0.0',
        token: admin,
      });
      expect(res.statusCode).toBe(200);
    }
    const previews = await auditOf('releasePreview', 'orders@1.0.0');
    expect(previews).toHaveLength(1);
    expect(previews[0]).toMatchObject({ action: 'create', actor: { email: 'admin@esim.test' } });
  });
});
