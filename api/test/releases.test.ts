import fs from 'node:fs';
import path from 'node:path';
import {
  ERROR_CODES,
  RELEASE_VERSION_PATTERN,
  REMOTE_NAME_PATTERN,
  ROLE_IDS,
  releasePreviewQuery,
  type PinnedReleaseDocument,
  type ReleaseListData,
} from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteStoreBaseUrl } from '../src/areas/releases/service';
import { loadConfig } from '../src/config';
import { contentSecurityPolicy } from '../src/http/security';
import {
  VERSION_PATTERN,
  REMOTE_NAME_PATTERN as STORE_REMOTE_NAME_PATTERN,
  defaultStoreDir,
  publishRemote,
} from '../src/release-store';
import { startStoreServer, tempDir, writeBuild, type StoreServer } from './release-store/support';
import { ADMIN_EMAIL, createTestApp, type TestContext, type TestUser } from './support/app';

/**
 * Release pinning over HTTP: the pinned release document the host loads (with a release manager's
 * per-request preview override), the Releases screen's list / pin / rollback, and the remote store
 * served at /remotes/.
 */

let t: TestContext;
let builds: string;
let store: string;
let outside: string;
let admin: string;
let staff: TestUser;
let partner: TestUser;
let releaseManager: TestUser;
/** The store as the console loads it (a CDN in front of the store directory). */
let cdn: StoreServer;

const PINNED = '/api/mng/release/pinned';
const SECRET = 'top secret, outside the store';

beforeAll(async () => {
  builds = tempDir('release-builds');
  outside = tempDir('release-outside');
  // The store sits inside a directory that also holds something it must never serve.
  store = path.join(outside, 'store');
  fs.mkdirSync(store);
  fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);

  cdn = await startStoreServer(store);
  t = await createTestApp({ config: { remoteStoreDir: store, remoteStoreUrl: cdn.url } });
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });

  // A role holding only the release permission (what a "release managers" role would get).
  const role = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name: 'Release managers' },
  });
  expect(role.statusCode).toBe(201);
  const roleId = role.json().data.id as string;
  const granted = await t.inject({
    method: 'POST',
    url: '/api/mng/role/permission',
    token: admin,
    payload: {
      roleId,
      permissions: [{ path: '/settings/releases', methods: ['GET', 'PUT', 'POST'] }],
    },
  });
  expect(granted.statusCode).toBe(200);
  releaseManager = await t.createUser({ roleId });

  for (const [remote, version] of [
    ['suppliers', '1.0.0'],
    ['suppliers', '1.0.1'],
    ['dashboard', '2.0.0'],
  ] as const) {
    await publishRemote(t.database.db, {
      remote,
      version,
      buildDir: writeBuild(builds, remote, version),
      storeDir: t.config.remoteStoreDir,
      by: 'ci@esim.test',
    });
  }

  // A host build, so a wrong SPA fallback would show up as index.html.
  fs.mkdirSync(t.config.hostDistDir, { recursive: true });
  fs.writeFileSync(path.join(t.config.hostDistDir, 'index.html'), '<div id="root"></div>');
});

afterAll(async () => {
  await t?.close();
  await cdn?.close();
  for (const dir of [builds, outside]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function manifest(remote: string, version: string): string {
  return `${cdn.url}/remotes/${remote}/${version}/mf-manifest.json`;
}

async function pinnedDocument(token: string, query = ''): Promise<PinnedReleaseDocument> {
  const res = await t.inject({ method: 'GET', url: `${PINNED}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
}

async function pin(token: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'PUT', url: '/api/mng/release/pin', token, payload });
}

async function rollback(token: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: '/api/mng/release/rollback', token, payload });
}

async function list(token: string): Promise<ReleaseListData> {
  const res = await t.inject({ method: 'GET', url: '/api/mng/release/list', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function errorOf(res: { json(): unknown }) {
  return (res.json() as { errors: { message: string; code: string; field?: string }[] }).errors[0]!;
}

describe('the pinned release document', () => {
  it('is empty before anything is pinned, never cached, and needs a signed-in user', async () => {
    expect(await pinnedDocument(admin)).toEqual({ remotes: {} });
    const anonymous = await t.inject({ method: 'GET', url: PINNED });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists each pinned remote with its manifest URL, for every signed-in user', async () => {
    expect(
      (await pin(admin, { remote: 'suppliers', version: '1.0.0', reason: 'test' })).statusCode,
    ).toBe(200);
    expect(
      (await pin(admin, { remote: 'dashboard', version: '2.0.0', reason: 'test' })).statusCode,
    ).toBe(200);
    const expected = {
      remotes: {
        dashboard: { version: '2.0.0', manifestUrl: manifest('dashboard', '2.0.0') },
        suppliers: { version: '1.0.0', manifestUrl: manifest('suppliers', '1.0.0') },
      },
    };
    for (const token of [admin, staff.token, partner.token, releaseManager.token]) {
      expect(await pinnedDocument(token)).toEqual(expected);
    }
  });

  it('points manifests at REMOTE_STORE_URL when the store has its own origin, and the CSP allows it', () => {
    expect(
      remoteStoreBaseUrl({ consoleOrigin: 'http://localhost:3000', remoteStoreUrl: undefined }),
    ).toBe('http://localhost:3000/remotes');
    // Embedded default (no PUBLIC_URL): same-origin, whatever origin the console is reached at.
    expect(remoteStoreBaseUrl({ consoleOrigin: undefined, remoteStoreUrl: undefined })).toBe(
      '/remotes',
    );
    expect(
      remoteStoreBaseUrl({
        consoleOrigin: 'http://localhost:3000',
        remoteStoreUrl: 'https://cdn.example.com/',
      }),
    ).toBe('https://cdn.example.com/remotes');
    const csp = contentSecurityPolicy(loadConfig({ REMOTE_STORE_URL: 'https://cdn.example.com' }));
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
  });
});

describe('preview override', () => {
  it('replaces that remote for this request only, marked as a preview', async () => {
    const previewed = await pinnedDocument(admin, '?preview=suppliers@1.0.1');
    expect(previewed.remotes.suppliers).toEqual({
      version: '1.0.1',
      manifestUrl: manifest('suppliers', '1.0.1'),
      preview: true,
    });
    expect(previewed.remotes.dashboard).toEqual({
      version: '2.0.0',
      manifestUrl: manifest('dashboard', '2.0.0'),
    });

    // The next request without the parameter (and anyone else's) gets the pinned version.
    expect((await pinnedDocument(admin)).remotes.suppliers?.version).toBe('1.0.0');
    expect((await pinnedDocument(staff.token)).remotes.suppliers?.version).toBe('1.0.0');
    const [current] = (await list(admin)).remotes.filter((r) => r.remote === 'suppliers');
    expect(current?.pinnedVersion).toBe('1.0.0');
  });

  it('accepts several overrides, repeated or comma-separated, from anyone with the release permission', async () => {
    for (const query of [
      '?preview=suppliers@1.0.1,dashboard@2.0.0',
      '?preview=suppliers@1.0.1&preview=dashboard@2.0.0',
      `?${releasePreviewQuery([
        { remote: 'suppliers', version: '1.0.1' },
        { remote: 'dashboard', version: '2.0.0' },
      ])}`,
    ]) {
      const doc = await pinnedDocument(releaseManager.token, query);
      expect(doc.remotes.suppliers).toMatchObject({ version: '1.0.1', preview: true });
      expect(doc.remotes.dashboard).toMatchObject({ version: '2.0.0', preview: true });
    }
  });

  it('is refused (403) to staff and partner users', async () => {
    for (const user of [staff, partner]) {
      const res = await t.inject({
        method: 'GET',
        url: `${PINNED}?preview=suppliers@1.0.1`,
        token: user.token,
      });
      expect(res.statusCode, user.email).toBe(403);
      expect(errorOf(res)).toEqual({
        message: 'Access Denied',
        code: ERROR_CODES.forbidden,
        key: 'errors.forbidden',
      });
    }
  });

  it('refuses a version that is not published (422) and a malformed or duplicate override (400)', async () => {
    const unpublished = await t.inject({
      method: 'GET',
      url: `${PINNED}?preview=suppliers@9.9.9`,
      token: admin,
    });
    expect(unpublished.statusCode).toBe(422);
    expect(errorOf(unpublished)).toEqual({
      message: 'suppliers 9.9.9 is not published, so it cannot be previewed.',
      code: ERROR_CODES.businessRule,
      key: 'releases.previewNotPublished',
      params: { remote: 'suppliers', version: '9.9.9' },
    });

    for (const value of [
      'suppliers',
      'suppliers@latest',
      '../x@1.0.0',
      'suppliers@1.0.1,suppliers@1.0.0',
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: `${PINNED}?preview=${encodeURIComponent(value)}`,
        token: admin,
      });
      expect(res.statusCode, value).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.validation, field: 'preview' });
    }
  });
});

describe('pin and rollback', () => {
  it('refuses to pin a version that is not published (422) or a remote never published (404)', async () => {
    const res = await pin(admin, { remote: 'suppliers', version: '3.0.0', reason: 'test' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.businessRule);
    expect(errorOf(res).message).toMatch(/^suppliers 3\.0\.0 is not published/);
    expect(errorOf(res).message).toContain('Published versions of suppliers: 1.0.0, 1.0.1.');
    expect(errorOf(res)).toMatchObject({
      key: 'releases.notPublished',
      params: { remote: 'suppliers', version: '3.0.0', versions: '1.0.0, 1.0.1' },
    });

    const unknown = await pin(admin, { remote: 'orders', version: '1.0.0', reason: 'test' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({
      message: 'Remote orders not found: no version of it is published.',
      code: ERROR_CODES.notFound,
      key: 'releases.unknownRemote',
      params: { remote: 'orders' },
    });
    expect((await rollback(admin, { remote: 'orders', reason: 'test' })).statusCode).toBe(404);

    // Nothing changed.
    expect((await pinnedDocument(admin)).remotes.suppliers?.version).toBe('1.0.0');
  });

  it('validates the body (400 with the field)', async () => {
    const missing = await pin(admin, { remote: 'suppliers' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ field: 'version', code: ERROR_CODES.validation });
    const bad = await pin(admin, { remote: 'Suppliers/..', version: '1.0.0', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'remote' });
    // Why is required: a pin or a rollback without a reason is refused.
    for (const res of [
      await pin(admin, { remote: 'suppliers', version: '1.0.1' }),
      await pin(admin, { remote: 'suppliers', version: '1.0.1', reason: '   ' }),
      await rollback(admin, { remote: 'suppliers' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ field: 'reason', key: 'validation.required' });
    }
  });

  it('pins and rolls back with a history of who, when, from, to and why', async () => {
    const before = Date.now();
    const pinned = await pin(releaseManager.token, {
      remote: 'suppliers',
      version: '1.0.1',
      reason: '  faster list  ',
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({
      message: 'Release pinned: suppliers 1.0.1.',
      data: {
        remote: 'suppliers',
        fromVersion: '1.0.0',
        toVersion: '1.0.1',
        action: 'pin',
        pinnedBy: releaseManager.email,
        reason: 'faster list',
        changed: true,
      },
    });
    expect(Date.parse(pinned.json().data.pinnedAt)).toBeGreaterThanOrEqual(before - 5000);
    expect((await pinnedDocument(staff.token)).remotes.suppliers).toEqual({
      version: '1.0.1',
      manifestUrl: manifest('suppliers', '1.0.1'),
    });

    const again = await pin(admin, { remote: 'suppliers', version: '1.0.1', reason: 'test' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'suppliers is already pinned to 1.0.1; nothing changed.',
      data: { changed: false },
    });

    // An earlier pin exists: the list names the version a rollback goes back to.
    const offered = (await list(releaseManager.token)).remotes.find(
      (r) => r.remote === 'suppliers',
    );
    expect(offered?.rollbackVersion).toBe('1.0.0');

    const back = await rollback(admin, { remote: 'suppliers', reason: 'errors on save' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: 'Release rolled back: suppliers 1.0.1 -> 1.0.0.',
      data: {
        fromVersion: '1.0.1',
        toVersion: '1.0.0',
        action: 'rollback',
        pinnedBy: ADMIN_EMAIL,
        reason: 'errors on save',
        changed: true,
      },
    });
    expect((await pinnedDocument(partner.token)).remotes.suppliers?.version).toBe('1.0.0');

    // Nothing earlier than the first pin: refused in words the screen can show (no remote
    // name, a template of the API message catalogue), and nothing changes.
    const nothing = await rollback(admin, { remote: 'suppliers', reason: 'test' });
    expect(nothing.statusCode).toBe(422);
    expect(errorOf(nothing)).toEqual({
      message: 'This area has no earlier pinned version to roll back to. Pin a version instead.',
      code: ERROR_CODES.businessRule,
      key: 'releases.noPreviousPin',
    });
    expect(errorOf(nothing).message).not.toContain('suppliers');
    expect((await pinnedDocument(admin)).remotes.suppliers?.version).toBe('1.0.0');

    const releases = await list(releaseManager.token);
    const suppliers = releases.remotes.find((r) => r.remote === 'suppliers');
    expect(suppliers).toMatchObject({
      remote: 'suppliers',
      pinnedVersion: '1.0.0',
      pinnedBy: ADMIN_EMAIL,
      rollbackVersion: null,
    });
    expect(suppliers?.versions.map((v) => [v.version, v.pinned, v.publishedBy])).toEqual([
      ['1.0.1', false, 'ci@esim.test'],
      ['1.0.0', true, 'ci@esim.test'],
    ]);
    expect(suppliers?.versions[0]?.manifestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(suppliers?.versions[0]?.publishedAt ?? ''))).toBe(false);
    expect(
      suppliers?.history.map((h) => [h.action, h.fromVersion, h.toVersion, h.pinnedBy, h.reason]),
    ).toEqual([
      ['rollback', '1.0.1', '1.0.0', ADMIN_EMAIL, 'errors on save'],
      ['pin', '1.0.0', '1.0.1', releaseManager.email, 'faster list'],
      ['pin', null, '1.0.0', ADMIN_EMAIL, 'test'],
    ]);
    const dashboard = releases.remotes.find((r) => r.remote === 'dashboard');
    expect(dashboard?.pinnedVersion).toBe('2.0.0');
    expect(dashboard?.history).toHaveLength(1);
    // Pinned once: nothing to roll back to.
    expect(dashboard?.rollbackVersion).toBeNull();
  });

  it('refuses a rollback of a remote that is not pinned (422)', async () => {
    await publishRemote(t.database.db, {
      remote: 'orders',
      version: '1.0.0',
      buildDir: writeBuild(builds, 'orders', '1.0.0'),
      storeDir: t.config.remoteStoreDir,
      by: 'ci@esim.test',
    });
    const res = await rollback(admin, { remote: 'orders', reason: 'test' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toEqual({
      message: 'This area is not pinned to any version, so there is nothing to roll back.',
      code: ERROR_CODES.businessRule,
      key: 'releases.notPinned',
    });
  });

  it('is refused (403) to staff and partner users: list, pin, rollback', async () => {
    for (const user of [staff, partner]) {
      const calls = [
        t.inject({ method: 'GET', url: '/api/mng/release/list', token: user.token }),
        pin(user.token, { remote: 'suppliers', version: '1.0.1', reason: 'test' }),
        rollback(user.token, { remote: 'suppliers', reason: 'test' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${user.email} ${res.body}`).toBe(403);
        expect(errorOf(res)).toEqual({
          message: 'Access Denied',
          code: ERROR_CODES.forbidden,
          key: 'errors.forbidden',
        });
      }
    }
    expect((await pinnedDocument(admin)).remotes.suppliers?.version).toBe('1.0.0');
  });
});

describe('the remote store at /remotes/', () => {
  it('serves published files with the immutable cache header', async () => {
    const entry = await t.app.inject({
      method: 'GET',
      url: '/remotes/suppliers/1.0.1/remoteEntry.js',
    });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect(entry.body).toBe('var esim_remote_suppliers = "1.0.1";\n');

    const manifestRes = await t.app.inject({
      method: 'GET',
      url: '/remotes/suppliers/1.0.0/mf-manifest.json',
    });
    expect(manifestRes.statusCode).toBe(200);
    expect(manifestRes.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(manifestRes.json()).toMatchObject({ name: 'suppliers' });

    const chunk = await t.app.inject({
      method: 'GET',
      url: '/remotes/suppliers/1.0.0/routes.100abcdef12.js',
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('suppliers@1.0.0');
  });

  it('answers a missing chunk with an uncached 404, never the console page', async () => {
    for (const url of [
      '/remotes/suppliers/1.0.0/routes.ffffffff.js',
      '/remotes/suppliers/9.9.9/mf-manifest.json',
      '/remotes/orders/1.0.0/missing/chunk.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).not.toContain('id="root"');
      expect(res.json().errors[0].code).toBe(ERROR_CODES.notFound);
    }
  });

  it('lists no directories', async () => {
    for (const url of [
      '/remotes',
      '/remotes/',
      '/remotes/suppliers',
      '/remotes/suppliers/',
      '/remotes/suppliers/1.0.0',
      '/remotes/suppliers/1.0.0/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('id="root"');
      expect(res.body, url).not.toContain('remoteEntry');
    }
  });

  it('refuses path traversal', async () => {
    for (const url of [
      '/remotes/..%2fsecret.txt',
      '/remotes/suppliers/..%2f..%2fsecret.txt',
      '/remotes/suppliers/1.0.0/..%2f..%2f..%2fsecret.txt',
      '/remotes/suppliers/1.0.0/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/remotes/suppliers/1.0.0/..%5c..%5c..%5csecret.txt',
      '/remotes/suppliers/1.0.0/../../../secret.txt',
      '/remotes/suppliers/1.0.0/%2fetc%2fpasswd',
      '/remotes/suppliers/1.0.0/remoteEntry.js%00.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain(SECRET);
      expect(res.body, url).not.toContain('root:');
    }
  });
});

describe('configuration', () => {
  it('keeps the store where the release CLI publishes: REMOTE_STORE_DIR, else <DATA_DIR>/remote-store', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/esim' });
    expect(defaults.remoteStoreDir).toBe(defaultStoreDir(defaults));
    expect(defaults.remoteStoreDir).toBe(path.resolve('/srv/esim/remote-store'));
    expect(loadConfig({ REMOTE_STORE_DIR: '/mnt/store' }).remoteStoreDir).toBe('/mnt/store');
  });

  it('validates remote names and versions as the release store does', () => {
    expect(REMOTE_NAME_PATTERN.source).toBe(STORE_REMOTE_NAME_PATTERN.source);
    expect(RELEASE_VERSION_PATTERN.source).toBe(VERSION_PATTERN.source);
  });
});
