import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ERROR_CODES, RELEASE_TOKEN_PREFIX, ROLE_IDS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreServer, tempDir, writeBuild, type StoreServer } from './release-store/support';
import { createTestApp, setUserRole, type TestContext, type TestUser } from './support/app';
import { startS3Server, type TestS3Server } from './support/s3-server';
import { tarGz, type TarEntry } from './support/tar';

/**
 * Publishing with no outage (issue 19): a release manager uploads a built version to the running
 * console (POST release/publish), checked and stored immutably, then pins it; and release tokens,
 * with which the release CLI acts as its release manager.
 */

let t: TestContext;
let cdn: StoreServer;
let builds: string;
let store: string;
let admin: string;
let manager: TestUser;
let roleId: string;

beforeAll(async () => {
  builds = tempDir('publish-builds');
  store = tempDir('publish-store');
  cdn = await startStoreServer(store);
  t = await createTestApp({
    config: {
      remoteStoreDir: store,
      remoteStoreUrl: cdn.url,
      rateLimit: { max: 100_000, windowMs: 60_000 },
    },
  });
  fs.mkdirSync(t.config.hostDistDir, { recursive: true });
  fs.writeFileSync(
    path.join(t.config.hostDistDir, 'shared-manifest.json'),
    JSON.stringify({ schema: 1, shared: [{ package: '@esim/platform', version: '1.1.0' }] }),
  );
  admin = await t.adminToken();
  const role = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name: 'Release managers' },
  });
  roleId = role.json().data.id;
  await t.inject({
    method: 'POST',
    url: '/api/mng/role/permission',
    token: admin,
    payload: {
      roleId,
      permissions: [{ path: '/settings/releases', methods: ['GET', 'PUT', 'POST'] }],
    },
  });
  manager = await t.createUser({ roleId });
});

afterAll(async () => {
  await t?.close();
  await cdn?.close();
  for (const dir of [builds, store]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file of a build directory as tar entries (what `pnpm release publish` sends). */
function entriesOf(dir: string): TarEntry[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { path: path.relative(dir, file), body: fs.readFileSync(file) };
    });
}

function upload(remote: string, version: string, body: Buffer, token: string, query = '') {
  return t.inject({
    method: 'POST',
    url: `/api/mng/release/publish?remote=${remote}&version=${encodeURIComponent(version)}${query}`,
    token,
    headers: { 'content-type': 'application/gzip' },
    payload: body,
  });
}

function errorOf(res: { json(): unknown }) {
  return (res.json() as { errors: { message: string; key?: string; field?: string }[] }).errors[0]!;
}

describe('POST release/publish', () => {
  it('stores an uploaded build immutably, records it, and the console can pin it at once', async () => {
    const dir = writeBuild(builds, 'partners', '1.0.1', {
      shared: [{ name: '@esim/platform', version: '1.1.0' }],
    });
    const res = await upload('partners', '1.0.1', tarGz(entriesOf(dir)), manager.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Release published: partners 1.0.1.',
      data: {
        remote: 'partners',
        version: '1.0.1',
        published: true,
        compatibility: { compatible: true, problems: [] },
      },
    });
    for (const file of fs.readdirSync(dir)) {
      expect(fs.readFileSync(path.join(store, 'partners', '1.0.1', file))).toEqual(
        fs.readFileSync(path.join(dir, file)),
      );
    }
    // Nothing left of the upload's staging directory.
    expect(fs.readdirSync(path.join(store, '.uploads'))).toEqual([]);
    const list = await t.inject({ method: 'GET', url: '/api/mng/release/list', token: admin });
    const partners = list
      .json()
      .data.remotes.find((r: { remote: string }) => r.remote === 'partners');
    expect(partners.versions[0]).toMatchObject({ version: '1.0.1', publishedBy: manager.email });
    const pin = await t.inject({
      method: 'PUT',
      url: '/api/mng/release/pin',
      token: manager.token,
      payload: { remote: 'partners', version: '1.0.1', reason: 'first upload' },
    });
    expect(pin.statusCode, pin.body).toBe(200);

    const audit = await t.inject({
      method: 'GET',
      url: '/api/mng/audit/history?entityType=releaseVersion&entityId=partners%401.0.1',
      token: admin,
    });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'create',
      actor: { email: manager.email },
    });
  });

  it('is idempotent for the same build and refuses other content under the version (409)', async () => {
    const dir = path.join(builds, 'partners', 'dist', '1.0.1');
    const same = await upload('partners', '1.0.1', tarGz(entriesOf(dir)), manager.token);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({
      message: 'partners 1.0.1 is already published with this very build; nothing changed.',
      data: { published: false },
    });
    const other = tempDir('publish-other');
    try {
      const changed = writeBuild(other, 'partners', '1.0.1', {
        shared: [{ name: '@esim/platform', version: '1.1.0' }],
        entry: 'var esim_remote_partners = "changed";\n',
      });
      const res = await upload('partners', '1.0.1', tarGz(entriesOf(changed)), manager.token);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).key).toBe('releases.versionExists');
      expect(fs.readFileSync(path.join(store, 'partners', '1.0.1', 'remoteEntry.js'), 'utf8')).toBe(
        'var esim_remote_partners = "1.0.1";\n',
      );
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses an incompatible build unless forced with a reason', async () => {
    const dir = writeBuild(builds, 'orders', '2.0.0', {
      shared: [{ name: '@esim/platform', version: '2.0.0' }],
    });
    const archive = tarGz(entriesOf(dir));
    const refused = await upload('orders', '2.0.0', archive, manager.token);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(
      'orders 2.0.0 needs @esim/platform ^2.0.0; this console provides 1.1.0.',
    );
    const noReason = await upload('orders', '2.0.0', archive, manager.token, '&force=true');
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).field).toBe('reason');
    const forced = await upload(
      'orders',
      '2.0.0',
      archive,
      manager.token,
      '&force=true&reason=host%202%20next',
    );
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json().data.compatibility.compatible).toBe(false);
  });

  it('checks the build: its remote and version, every file its manifest names, its route manifest', async () => {
    const dir = writeBuild(builds, 'stock', '1.0.0');
    const entries = entriesOf(dir);
    const cases: [string, string, TarEntry[], string][] = [
      ['suppliers', '1.0.0', entries, 'The uploaded build is of remote stock, not suppliers.'],
      ['stock', '1.0.9', entries, 'The uploaded build is version 1.0.0, not 1.0.9.'],
      [
        'stock',
        '1.0.0',
        entries.filter((e) => !e.path.startsWith('routes.')),
        'The uploaded build has no routes.100abcdef12.js, which its mf-manifest.json names.',
      ],
      [
        'stock',
        '1.0.0',
        entries.filter((e) => e.path !== 'mf-manifest.json'),
        'The upload has no mf-manifest.json at its top level.',
      ],
      [
        'stock',
        '1.0.0',
        entries.map((e) =>
          e.path === 'route-manifest.json'
            ? {
                ...e,
                body: JSON.stringify({
                  schema: 1,
                  remote: 'stock',
                  version: '1.0.0',
                  routes: [{ path: 'x' }],
                }),
              }
            : e,
        ),
        "The uploaded route-manifest.json is not valid: x: the path must start with '/'",
      ],
    ];
    for (const [remote, version, archive, message] of cases) {
      const res = await upload(remote, version, tarGz(archive), manager.token);
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res).message.startsWith(message), errorOf(res).message).toBe(true);
    }
    expect(fs.existsSync(path.join(store, 'stock'))).toBe(false);
  });

  it('refuses links, absolute paths, .., hidden or unexpected files, and what is not a tar.gz', async () => {
    const base = entriesOf(writeBuild(builds, 'branches', '1.0.0'));
    const hostile: TarEntry[] = [
      { path: 'evil.js', type: '2', linkpath: '/etc/passwd' },
      { path: 'hard.js', type: '1', linkpath: 'remoteEntry.js' },
      { path: '../escape.js', body: 'x' },
      { path: '/abs.js', body: 'x' },
      { path: 'a/../../b.js', body: 'x' },
      { path: '.hidden.js', body: 'x' },
      { path: 'run.sh', body: '#!/bin/sh' },
      { path: 'dev', type: '3' },
    ];
    for (const entry of hostile) {
      const res = await upload('branches', '1.0.0', tarGz([...base, entry]), manager.token);
      expect(res.statusCode, entry.path).toBe(400);
      expect(errorOf(res).key, entry.path).toBe('releases.uploadBadEntry');
    }
    for (const body of [Buffer.from('not gzip at all'), Buffer.alloc(0), tarGz([])]) {
      const res = await upload('branches', '1.0.0', body, manager.token);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).key).toBe('releases.uploadNotArchive');
    }
    const json = await t.inject({
      method: 'POST',
      url: '/api/mng/release/publish?remote=branches&version=1.0.0',
      token: manager.token,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(fs.existsSync(path.join(store, 'branches'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(store), 'escape.js'))).toBe(false);
    expect(fs.readdirSync(path.join(store, '.uploads'))).toEqual([]);
  });

  it('refuses an upload over the size limit with 413, and staff without the permission', async () => {
    const big = Buffer.alloc(65 * 1024 * 1024, 1);
    const res = await upload('branches', '1.0.0', big, manager.token);
    expect(res.statusCode).toBe(413);
    const staff = await t.createUser({ roleId: ROLE_IDS.staff });
    const denied = await upload('branches', '1.0.0', tarGz([]), staff.token);
    expect(denied.statusCode).toBe(403);
  });
});

describe('release tokens', () => {
  async function createToken(token: string, payload: object = { name: 'laptop CLI' }) {
    return t.inject({ method: 'POST', url: '/api/mng/release/token', token, payload });
  }

  it('is shown once, stored hashed, listed without the token, and acts as its user', async () => {
    const created = await createToken(manager.token, { name: 'laptop CLI', expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const { token, id, prefix } = created.json().data as {
      token: string;
      id: string;
      prefix: string;
    };
    expect(token.startsWith(RELEASE_TOKEN_PREFIX)).toBe(true);
    expect(token.startsWith(prefix)).toBe(true);
    const stored = await t.database.withConnection((q) =>
      q('SELECT token_hash, expires_at FROM release_tokens WHERE id = $1', [id]),
    );
    expect(String(stored[0]!.token_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(String(stored[0]!.token_hash)).not.toContain(token.slice(RELEASE_TOKEN_PREFIX.length));

    const listed = await t.inject({
      method: 'GET',
      url: '/api/mng/release/token',
      token: manager.token,
    });
    expect(listed.json().data.items).toEqual([
      expect.objectContaining({ id, name: 'laptop CLI', prefix, revokedAt: null }),
    ]);
    expect(listed.body).not.toContain(token);

    // The CLI's calls: who pinned is the token's user.
    const list = await t.inject({ method: 'GET', url: '/api/mng/release/list', token });
    expect(list.statusCode).toBe(200);
    const dir = writeBuild(builds, 'partners', '1.0.2', {
      shared: [{ name: '@esim/platform', version: '1.1.0' }],
    });
    expect((await upload('partners', '1.0.2', tarGz(entriesOf(dir)), token)).statusCode).toBe(201);
    const pin = await t.inject({
      method: 'PUT',
      url: '/api/mng/release/pin',
      token,
      payload: { remote: 'partners', version: '1.0.2', reason: 'from the CLI' },
    });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json().data.pinnedBy).toBe(manager.email);
  });

  it('opens the release calls only, makes no tokens, and follows the role as it is now', async () => {
    const { token } = (await createToken(manager.token)).json().data as { token: string };
    for (const [method, url] of [
      ['POST', '/api/mng/role/list'],
      ['GET', '/api/mng/user?id=00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/mng/release/token'],
      ['POST', '/api/mng/release/token'],
    ] as const) {
      const res = await t.inject({
        method,
        url,
        token,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, url).toBe(403);
    }
    await setUserRole(t, manager.id, ROLE_IDS.staff);
    try {
      const res = await t.inject({ method: 'GET', url: '/api/mng/release/list', token });
      expect(res.statusCode).toBe(403);
    } finally {
      await setUserRole(t, manager.id, roleId);
    }
    expect(
      (await t.inject({ method: 'GET', url: '/api/mng/release/list', token })).statusCode,
    ).toBe(200);
  });

  it('stops working when revoked or expired (401), and only its owner revokes it', async () => {
    const { token, id } = (await createToken(manager.token)).json().data as {
      token: string;
      id: string;
    };
    const other = await createToken(admin);
    const foreign = await t.inject({
      method: 'DELETE',
      url: '/api/mng/release/token',
      token: manager.token,
      payload: { id: other.json().data.id },
    });
    expect(foreign.statusCode).toBe(404);
    const revoked = await t.inject({
      method: 'DELETE',
      url: '/api/mng/release/token',
      token: manager.token,
      payload: { id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Release token revoked.');
    const after = await t.inject({ method: 'GET', url: '/api/mng/release/list', token });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toMatchObject({ key: 'errors.unauthenticated' });

    const expiring = (await createToken(manager.token)).json().data as {
      token: string;
      id: string;
    };
    await t.database.withConnection((q) =>
      q(`UPDATE release_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        expiring.id,
      ]),
    );
    const expired = await t.inject({
      method: 'GET',
      url: '/api/mng/release/list',
      token: expiring.token,
    });
    expect(expired.statusCode).toBe(401);
    const forged = await t.inject({
      method: 'GET',
      url: '/api/mng/release/list',
      token: `${RELEASE_TOKEN_PREFIX}${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors[0].code).toBe(ERROR_CODES.unauthenticated);
  });

  it('validates its input', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: 366 },
    ]) {
      expect((await createToken(manager.token, payload)).statusCode).toBe(400);
    }
  });
});

describe('publishing where the store is a bucket (REMOTE_STORE_BUCKET)', () => {
  let s3: TestS3Server;
  let bucketApp: TestContext;
  let bucketAdmin: string;
  let storeDir: string;

  beforeAll(async () => {
    s3 = await startS3Server('esim-remotes');
    storeDir = tempDir('bucket-store');
    bucketApp = await createTestApp({
      config: {
        remoteStoreDir: storeDir,
        remoteStoreBucket: 'esim-remotes',
        files: { ...t.config.files, storage: 's3', s3: s3.config() },
      },
    });
    bucketAdmin = await bucketApp.adminToken();
  });

  afterAll(async () => {
    await bucketApp?.close();
    await s3?.close();
    if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
  });

  async function objectText(key: string): Promise<string | null> {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: 'esim-remotes', Key: key }));
      return await object.Body!.transformToString();
    } catch {
      return null;
    } finally {
      client.destroy();
    }
  }

  it('writes the version to the bucket at <remote>/<version>/ and never overwrites it', async () => {
    const dir = writeBuild(builds, 'tariffs', '1.0.0');
    const res = await bucketApp.inject({
      method: 'POST',
      url: '/api/mng/release/publish?remote=tariffs&version=1.0.0',
      token: bucketAdmin,
      headers: { 'content-type': 'application/gzip' },
      payload: tarGz(entriesOf(dir)),
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'route-manifest.json']) {
      expect(await objectText(`tariffs/1.0.0/${file}`), file).toBe(
        fs.readFileSync(path.join(dir, file), 'utf8'),
      );
    }

    // A bucket that already holds other bytes at a key of the version: refused, nothing recorded.
    const other = tempDir('bucket-other');
    try {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await client.send(
        new PutObjectCommand({
          Bucket: 'esim-remotes',
          Key: 'tariffs/1.0.1/remoteEntry.js',
          Body: 'someone else',
        }),
      );
      client.destroy();
      const build = writeBuild(other, 'tariffs', '1.0.1');
      const refused = await bucketApp.inject({
        method: 'POST',
        url: '/api/mng/release/publish?remote=tariffs&version=1.0.1',
        token: bucketAdmin,
        headers: { 'content-type': 'application/gzip' },
        payload: tarGz(entriesOf(build)),
      });
      expect(refused.statusCode).toBe(409);
      expect(await objectText('tariffs/1.0.1/remoteEntry.js')).toBe('someone else');
      const list = await bucketApp.inject({
        method: 'GET',
        url: '/api/mng/release/list',
        token: bucketAdmin,
      });
      const tariffs = list
        .json()
        .data.remotes.find((r: { remote: string }) => r.remote === 'tariffs');
      expect(tariffs.versions.map((v: { version: string }) => v.version)).toEqual(['1.0.0']);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
