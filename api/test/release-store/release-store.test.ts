import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remotePinHistory, remotePins, remoteVersions } from '../../src/db/schema';
import {
  ReleaseError,
  listPinHistory,
  listReleases,
  pinRemote,
  pinnedReleaseDocument,
  publishRemote,
  rollbackRemote,
  type PinChange,
} from '../../src/release-store';
import type { Database } from '../../src/db/client';
import { createTestDatabase, tempDir, writeBuild, type TestDatabase } from './support';

let testDb: TestDatabase;
let database: Database;
let builds: string;
let store: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  builds = tempDir('builds');
  store = tempDir('store');
});

afterAll(async () => {
  await testDb?.close();
  for (const dir of [builds, store]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The ReleaseError a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReleaseError);
  return error as ReleaseError;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

describe('publishing a remote version', () => {
  it('copies the build to <store>/<remote>/<version>/ and records the manifest hash and publisher', async () => {
    const buildDir = writeBuild(builds, 'suppliers', '1.0.0');
    const before = Date.now();

    const published = await publishRemote(database.db, {
      remote: 'suppliers',
      buildDir,
      storeDir: store,
      by: 'release.manager@esim.test',
    });

    const target = path.join(store, 'suppliers', '1.0.0');
    expect(published.dir).toBe(target);
    expect(fs.readdirSync(target).sort()).toEqual(fs.readdirSync(buildDir).sort());
    for (const file of fs.readdirSync(buildDir)) {
      expect(fs.readFileSync(path.join(target, file))).toEqual(
        fs.readFileSync(path.join(buildDir, file)),
      );
    }
    // Nothing but the version directory was written (no staging leftovers).
    expect(fs.readdirSync(path.join(store, 'suppliers'))).toEqual(['1.0.0']);

    const hash = sha256(path.join(buildDir, 'mf-manifest.json'));
    expect(published.manifestHash).toBe(hash);
    const rows = await database.db.select().from(remoteVersions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      remote: 'suppliers',
      version: '1.0.0',
      manifestHash: hash,
      publishedBy: 'release.manager@esim.test',
    });
    expect(rows[0]!.publishedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('refuses to publish a version again and leaves the published files untouched', async () => {
    const buildDir = path.join(builds, 'suppliers', 'dist', '1.0.0');
    const published = path.join(store, 'suppliers', '1.0.0', 'remoteEntry.js');
    const original = fs.readFileSync(published, 'utf8');
    // A rebuild under the same version with different code.
    fs.writeFileSync(
      path.join(buildDir, 'remoteEntry.js'),
      'var esim_remote_suppliers = "tampered";\n',
    );

    const error = await refusal(
      publishRemote(database.db, {
        remote: 'suppliers',
        buildDir,
        storeDir: store,
        by: 'someone.else@esim.test',
      }),
    );
    expect(error.code).toBe('version_exists');
    expect(error.message).toContain('suppliers 1.0.0 is already published');
    expect(fs.readFileSync(published, 'utf8')).toBe(original);
    expect(await database.db.select().from(remoteVersions)).toHaveLength(1);
  });

  it('refuses a version whose directory already exists in the store, even without a record', async () => {
    const buildDir = writeBuild(builds, 'orders', '2.0.0');
    const existing = path.join(store, 'orders', '2.0.0');
    fs.mkdirSync(existing, { recursive: true });
    fs.writeFileSync(path.join(existing, 'remoteEntry.js'), '// copied by hand\n');

    const error = await refusal(
      publishRemote(database.db, { remote: 'orders', buildDir, storeDir: store, by: 'ops' }),
    );
    expect(error.code).toBe('version_exists');
    expect(fs.readFileSync(path.join(existing, 'remoteEntry.js'), 'utf8')).toBe(
      '// copied by hand\n',
    );
    expect(fs.existsSync(path.join(existing, 'mf-manifest.json'))).toBe(false);
    const rows = await database.db.select().from(remoteVersions);
    expect(rows.map((row) => row.remote)).not.toContain('orders');
  });

  it('lets exactly one of two simultaneous publishes of the same version through', async () => {
    const buildDir = writeBuild(builds, 'roles', '1.0.0');
    const results = await Promise.allSettled(
      ['ci-1', 'ci-2'].map((by) =>
        publishRemote(database.db, { remote: 'roles', buildDir, storeDir: store, by }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as ReleaseError).code).toBe('version_exists');
    expect(fs.readdirSync(path.join(store, 'roles'))).toEqual(['1.0.0']);
    expect(fs.readdirSync(path.join(store, 'roles', '1.0.0')).sort()).toEqual(
      fs.readdirSync(buildDir).sort(),
    );
  });

  it('refuses a missing build and a build of another remote', async () => {
    const missing = await refusal(
      publishRemote(database.db, {
        remote: 'stock',
        buildDir: path.join(builds, 'stock', 'dist', '1.0.0'),
        storeDir: store,
        by: 'ops',
      }),
    );
    expect(missing.code).toBe('build_invalid');
    expect(missing.message).toContain('mf-manifest.json is missing');

    const otherRemote = writeBuild(builds, 'partners', '1.0.0');
    const mismatch = await refusal(
      publishRemote(database.db, {
        remote: 'stock',
        buildDir: otherRemote,
        storeDir: store,
        by: 'ops',
      }),
    );
    expect(mismatch.code).toBe('build_invalid');
    expect(mismatch.message).toContain('is of remote "partners"');
    expect(fs.existsSync(path.join(store, 'stock'))).toBe(false);
  });
});

describe('pinning and rolling back', () => {
  beforeAll(async () => {
    for (const version of ['1.1.0', '1.2.0']) {
      await publishRemote(database.db, {
        remote: 'suppliers',
        buildDir: writeBuild(builds, 'suppliers', version),
        storeDir: store,
        by: 'ci@esim.test',
      });
    }
  });

  it('refuses to pin a version that is not published, with a clear error, and changes nothing', async () => {
    const error = await refusal(
      pinRemote(database.db, {
        remote: 'suppliers',
        version: '9.9.9',
        by: 'rm@esim.test',
        reason: 'typo',
      }),
    );
    expect(error.code).toBe('not_published');
    expect(error.message).toBe(
      'suppliers 9.9.9 is not published, so it cannot be pinned. Published versions of suppliers: 1.0.0, 1.1.0, 1.2.0.',
    );
    const never = await refusal(
      pinRemote(database.db, { remote: 'campaigns', version: '1.0.0', by: 'rm@esim.test' }),
    );
    expect(never.code).toBe('not_published');
    expect(never.message).toContain('No version of campaigns is published yet');

    expect(await database.db.select().from(remotePins)).toEqual([]);
    expect(await database.db.select().from(remotePinHistory)).toEqual([]);
  });

  it('pins a published version, and the pinned release document points at its manifest', async () => {
    const change = await pinRemote(database.db, {
      remote: 'suppliers',
      version: '1.0.0',
      by: 'alice@esim.test',
      reason: 'first release',
    });
    expect(change).toMatchObject({
      fromVersion: null,
      toVersion: '1.0.0',
      action: 'pin',
      changed: true,
    });

    expect(await pinnedReleaseDocument(database.db, 'https://cdn.example.test/remotes/')).toEqual({
      remotes: {
        suppliers: {
          version: '1.0.0',
          manifestUrl: 'https://cdn.example.test/remotes/suppliers/1.0.0/mf-manifest.json',
        },
      },
    });
  });

  it('rollback returns to the previously pinned version, and again to the one before', async () => {
    await pinRemote(database.db, {
      remote: 'suppliers',
      version: '1.1.0',
      by: 'alice@esim.test',
      reason: 'new list',
    });
    await pinRemote(database.db, {
      remote: 'suppliers',
      version: '1.2.0',
      by: 'alice@esim.test',
      reason: 'filters',
    });

    const first = await rollbackRemote(database.db, {
      remote: 'suppliers',
      by: 'bob@esim.test',
      reason: 'filters broken',
    });
    expect(first).toMatchObject({
      fromVersion: '1.2.0',
      toVersion: '1.1.0',
      action: 'rollback',
      changed: true,
    });
    expect((await pinnedReleaseDocument(database.db, '/remotes')).remotes.suppliers?.version).toBe(
      '1.1.0',
    );

    const second = await rollbackRemote(database.db, {
      remote: 'suppliers',
      by: 'bob@esim.test',
      reason: 'list slow',
    });
    expect(second).toMatchObject({ fromVersion: '1.1.0', toVersion: '1.0.0' });
    expect((await pinnedReleaseDocument(database.db, '/remotes')).remotes.suppliers).toEqual({
      version: '1.0.0',
      manifestUrl: '/remotes/suppliers/1.0.0/mf-manifest.json',
    });

    const none = await refusal(
      rollbackRemote(database.db, { remote: 'suppliers', by: 'bob@esim.test' }),
    );
    expect(none.code).toBe('no_previous_pin');
    expect(none.message).toContain('no earlier pinned version');

    // A new pin after rollbacks rolls back to the version pinned before it.
    await pinRemote(database.db, {
      remote: 'suppliers',
      version: '1.2.0',
      by: 'alice@esim.test',
      reason: 'fixed',
    });
    const third = await rollbackRemote(database.db, { remote: 'suppliers', by: 'bob@esim.test' });
    expect(third).toMatchObject({ fromVersion: '1.2.0', toVersion: '1.0.0', reason: null });
  });

  it('refuses to roll back a remote that was never pinned', async () => {
    const error = await refusal(
      rollbackRemote(database.db, { remote: 'partners', by: 'bob@esim.test' }),
    );
    expect(error.code).toBe('not_pinned');
  });

  it('pinning the version already pinned records nothing', async () => {
    const historyBefore = await listPinHistory(database.db, { remote: 'suppliers' });
    const change: PinChange = await pinRemote(database.db, {
      remote: 'suppliers',
      version: '1.0.0',
      by: 'carol@esim.test',
    });
    expect(change.changed).toBe(false);
    expect(await listPinHistory(database.db, { remote: 'suppliers' })).toEqual(historyBefore);
  });

  it('the history records who, when, from, to and why for every pin change, newest first', async () => {
    const history = await listPinHistory(database.db, { remote: 'suppliers' });
    expect(
      history.map(({ fromVersion, toVersion, action, pinnedBy, reason }) => ({
        fromVersion,
        toVersion,
        action,
        pinnedBy,
        reason,
      })),
    ).toEqual([
      {
        fromVersion: '1.2.0',
        toVersion: '1.0.0',
        action: 'rollback',
        pinnedBy: 'bob@esim.test',
        reason: null,
      },
      {
        fromVersion: '1.0.0',
        toVersion: '1.2.0',
        action: 'pin',
        pinnedBy: 'alice@esim.test',
        reason: 'fixed',
      },
      {
        fromVersion: '1.1.0',
        toVersion: '1.0.0',
        action: 'rollback',
        pinnedBy: 'bob@esim.test',
        reason: 'list slow',
      },
      {
        fromVersion: '1.2.0',
        toVersion: '1.1.0',
        action: 'rollback',
        pinnedBy: 'bob@esim.test',
        reason: 'filters broken',
      },
      {
        fromVersion: '1.1.0',
        toVersion: '1.2.0',
        action: 'pin',
        pinnedBy: 'alice@esim.test',
        reason: 'filters',
      },
      {
        fromVersion: '1.0.0',
        toVersion: '1.1.0',
        action: 'pin',
        pinnedBy: 'alice@esim.test',
        reason: 'new list',
      },
      {
        fromVersion: null,
        toVersion: '1.0.0',
        action: 'pin',
        pinnedBy: 'alice@esim.test',
        reason: 'first release',
      },
    ]);
    const times = history.map((entry) => entry.pinnedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const time of times) expect(Math.abs(Date.now() - time)).toBeLessThan(60_000);
  });

  it('lists every remote with its versions (newest first) and its pin', async () => {
    const releases = await listReleases(database.db);
    const suppliers = releases.find((entry) => entry.remote === 'suppliers');
    expect(suppliers?.pinned).toMatchObject({ version: '1.0.0', pinnedBy: 'bob@esim.test' });
    expect(suppliers?.versions.map((v) => [v.version, v.pinned, v.publishedBy])).toEqual([
      ['1.2.0', false, 'ci@esim.test'],
      ['1.1.0', false, 'ci@esim.test'],
      ['1.0.0', true, 'release.manager@esim.test'],
    ]);
    expect(releases.map((entry) => entry.remote)).toEqual(['roles', 'suppliers']);
  });
});
