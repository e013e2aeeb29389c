/**
 * Auto-publish (embedded default, `pnpm start`): builds on disk are published and pinned, a
 * changed build of an already published version is never masked by the old files (it is
 * published as a local build of that version and auto-publish's own pin follows it), a pin a
 * person set is left alone, and published versions get precompressed copies.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { remotePins } from '../../src/db/schema';
import {
  AUTO_PUBLISH_USER,
  autoPublishRemotes,
  localBuildVersion,
} from '../../src/release-store/auto-publish';
import {
  ReleaseError,
  listPinHistory,
  listReleases,
  pinnedReleaseDocument,
  publishRemote,
  sha256,
} from '../../src/release-store';
import { createTestDatabase, tempDir, writeBuild, type TestDatabase } from './support';

let testDb: TestDatabase;
let database: Database;
let remotesDir: string;
let store: string;
const warnings: string[] = [];
const log = {
  info: () => undefined,
  warn: (_object: object, message: string) => void warnings.push(message),
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  remotesDir = tempDir('remotes');
  store = tempDir('store');
  for (const remote of ['suppliers', 'stock']) {
    fs.mkdirSync(path.join(remotesDir, remote), { recursive: true });
    fs.writeFileSync(
      path.join(remotesDir, remote, 'package.json'),
      JSON.stringify({ name: `@esim/remote-${remote}`, version: '1.0.0' }),
    );
  }
});

afterAll(async () => {
  await testDb?.close();
  for (const dir of [remotesDir, store]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const run = () => autoPublishRemotes(database.db, { remotesDir, storeDir: store, log });

/** Rebuilds a remote's 1.0.0 with other content: a new chunk, listed in its manifest. */
function rebuild(remote: string, content: string): string {
  const dir = path.join(remotesDir, remote, 'dist', '1.0.0');
  fs.rmSync(dir, { recursive: true, force: true });
  writeBuild(remotesDir, remote, '1.0.0');
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.exposes[0].assets = { js: { sync: [`routes.${content}.js`], async: [] } };
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, `routes.${content}.js`), `// ${remote} ${content}\n`);
  return sha256(fs.readFileSync(manifestFile));
}

async function pinOf(remote: string) {
  return (await listReleases(database.db)).find((entry) => entry.remote === remote)?.pinned;
}

describe('auto-publish', () => {
  let firstHash = '';

  it('publishes and pins the builds on disk on the first start', async () => {
    firstHash = rebuild('suppliers', 'aaaa1111');
    rebuild('stock', 'cccc3333');
    const result = await run();
    expect(result.published).toEqual([
      { remote: 'stock', version: '1.0.0' },
      { remote: 'suppliers', version: '1.0.0' },
    ]);
    expect(result.pinned).toHaveLength(2);
    expect(result.rebuilt).toEqual([]);
    expect(await pinOf('suppliers')).toMatchObject({
      version: '1.0.0',
      pinnedBy: AUTO_PUBLISH_USER,
    });
  });

  it('does nothing on a start with the same builds', async () => {
    const result = await run();
    expect(result.published).toEqual([]);
    expect(result.pinned).toEqual([]);
  });

  it('publishes a changed build of a published version as a local build of it, and pins that', async () => {
    const hash = rebuild('suppliers', 'bbbb2222');
    const local = localBuildVersion('1.0.0', hash);
    expect(local).toBe(`1.0.0+local.${hash.slice(0, 12)}`);

    const result = await run();
    expect(result.published).toEqual([{ remote: 'suppliers', version: local }]);
    expect(result.rebuilt).toEqual([{ remote: 'suppliers', version: '1.0.0', publishedAs: local }]);
    expect(result.pinned).toEqual([{ remote: 'suppliers', version: local }]);
    expect(warnings.join('\n')).toContain('differs from the published 1.0.0');

    // The published 1.0.0 is untouched; the new build is served from its own directory.
    expect(fs.existsSync(path.join(store, 'suppliers', '1.0.0', 'routes.aaaa1111.js'))).toBe(true);
    expect(fs.existsSync(path.join(store, 'suppliers', '1.0.0', 'routes.bbbb2222.js'))).toBe(false);
    expect(fs.existsSync(path.join(store, 'suppliers', local, 'routes.bbbb2222.js'))).toBe(true);
    const document = await pinnedReleaseDocument(database.db, '/remotes/');
    expect(document.remotes.suppliers?.version).toBe(local);
    expect(document.remotes.suppliers?.manifestUrl).toContain(`/remotes/suppliers/${local}/`);
    const [latest] = await listPinHistory(database.db, { remote: 'suppliers' });
    expect(latest).toMatchObject({ fromVersion: '1.0.0', toVersion: local });
    expect(latest?.reason).toContain('on disk changed');

    // Another start with that build: nothing new.
    const again = await run();
    expect(again.published).toEqual([]);
    expect(again.pinned).toEqual([]);
    // The other remote did not change and was not touched.
    expect(await pinOf('stock')).toMatchObject({ version: '1.0.0' });
  });

  it('moves its own pin back when the build on disk is the published version again', async () => {
    expect(rebuild('suppliers', 'aaaa1111')).toBe(firstHash);
    const result = await run();
    expect(result.published).toEqual([]);
    expect(result.pinned).toEqual([{ remote: 'suppliers', version: '1.0.0' }]);
  });

  it('never moves a pin a person set, and says that the build on disk is not what is pinned', async () => {
    // A release manager pinned stock 1.0.0 (the same version auto-publish pinned).
    await database.db
      .update(remotePins)
      .set({ pinnedBy: 'alice@esim.test' })
      .where(eq(remotePins.remote, 'stock'));
    const hash = rebuild('stock', 'dddd4444');
    const local = localBuildVersion('1.0.0', hash);
    warnings.length = 0;
    const result = await run();
    expect(result.published).toEqual([{ remote: 'stock', version: local }]);
    expect(result.pinned).toEqual([]);
    expect(await pinOf('stock')).toMatchObject({ version: '1.0.0', pinnedBy: 'alice@esim.test' });
    expect(warnings.join('\n')).toContain(`pin ${local} to see it`);
  });
});

describe('publishing a build under build metadata', () => {
  it('accepts a build of 1.0.0 as 1.0.0+<build>, never as another version', async () => {
    const builds = tempDir('meta-builds');
    const dir = writeBuild(builds, 'roles', '1.0.0');
    const published = await publishRemote(database.db, {
      remote: 'roles',
      version: '1.0.0+local.abc',
      buildDir: dir,
      storeDir: store,
      by: 'test',
    });
    expect(published.version).toBe('1.0.0+local.abc');
    const error = await publishRemote(database.db, {
      remote: 'roles',
      version: '1.0.1',
      buildDir: dir,
      storeDir: store,
      by: 'test',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseError);
    expect((error as ReleaseError).code).toBe('build_invalid');
  });
});

describe('precompressed copies at publish', () => {
  const CHUNK = 'export const text = "compressible";\n'.repeat(100);

  it('adds .br and .gz to the text files of a build that has none', async () => {
    const builds = tempDir('plain-builds');
    const dir = writeBuild(builds, 'orders', '1.0.0');
    fs.writeFileSync(path.join(dir, 'screen.0123456789ab.js'), CHUNK);
    const published = await publishRemote(database.db, {
      remote: 'orders',
      buildDir: dir,
      storeDir: store,
      by: 'test',
    });
    const file = path.join(published.dir, 'screen.0123456789ab.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(CHUNK);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(CHUNK);
    // Below 1 KB a copy is not worth a second lookup.
    expect(fs.existsSync(path.join(published.dir, 'remoteEntry.js.br'))).toBe(false);
    // The build itself is not changed.
    expect(fs.existsSync(path.join(dir, 'screen.0123456789ab.js.br'))).toBe(false);
  });

  it('leaves the copies of a precompressed build as they are', async () => {
    const builds = tempDir('compressed-builds');
    const dir = writeBuild(builds, 'partners', '1.0.0');
    const file = path.join(dir, 'screen.0123456789ab.js');
    fs.writeFileSync(file, CHUNK);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(CHUNK, { level: 1 }));
    const published = await publishRemote(database.db, {
      remote: 'partners',
      buildDir: dir,
      storeDir: store,
      by: 'test',
    });
    const stored = path.join(published.dir, 'screen.0123456789ab.js');
    expect(fs.readFileSync(`${stored}.gz`)).toEqual(fs.readFileSync(`${file}.gz`));
    expect(fs.existsSync(`${stored}.br`)).toBe(false);
  });
});
