/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on TEST_PG_ADMIN_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped on close; TEST_DB=pglite uses
 * an in-memory PGlite instead. Plus throw-away directories for builds and the remote store.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'pglite') {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    await migrate(database);
    return { database, close: () => database.close() };
  }
  const name = `esim_release_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'memory://',
    poolSize: 4,
  });
  await migrate(database);
  return {
    database,
    close: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `esim-${prefix}-`));
}

/**
 * A remote build as webpack writes it (remotes/<remote>/dist/<version>/): mf-manifest.json,
 * remoteEntry.js and a content-hashed chunk whose text carries the version.
 */
export function writeBuild(root: string, remote: string, version: string): string {
  const dir = path.join(root, remote, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: version, buildName: `@esim/remote-${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' },
      globalName: `esim_remote_${remote}`,
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [{ id: `${remote}:routes`, name: 'routes', path: './routes' }],
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(
    path.join(dir, 'remoteEntry.js'),
    `var esim_remote_${remote} = ${JSON.stringify(version)};\n`,
  );
  fs.writeFileSync(
    path.join(dir, `routes.${version.replace(/\W/g, '')}abcdef12.js`),
    `// ${remote}@${version}\n`,
  );
  return dir;
}
