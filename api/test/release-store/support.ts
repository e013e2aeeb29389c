/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on TEST_PG_ADMIN_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped on close; TEST_DB=pglite uses
 * an in-memory PGlite instead. Plus throw-away directories for builds and the remote store.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface BuildOptions {
  /** Shared packages the build declares (mf-manifest.json `shared[]`). */
  shared?: { name: string; version: string; requiredVersion?: string }[];
  /** Text of the remote entry (default: one line naming the version). */
  entry?: string;
}

/**
 * A remote build as webpack writes it (remotes/<remote>/dist/<version>/): mf-manifest.json,
 * remoteEntry.js, a content-hashed chunk whose text carries the version, and route-manifest.json.
 */
export function writeBuild(
  root: string,
  remote: string,
  version: string,
  options: BuildOptions = {},
): string {
  const dir = path.join(root, remote, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const chunk = `routes.${version.replace(/\W/g, '')}abcdef12.js`;
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
    shared: (options.shared ?? []).map((item) => ({
      id: `${remote}:${item.name}`,
      name: item.name,
      version: item.version,
      singleton: true,
      requiredVersion: item.requiredVersion ?? `^${item.version}`,
      assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
    })),
    remotes: [],
    exposes: [
      {
        id: `${remote}:routes`,
        name: 'routes',
        path: './routes',
        assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(
    path.join(dir, 'remoteEntry.js'),
    options.entry ?? `var esim_remote_${remote} = ${JSON.stringify(version)};\n`,
  );
  fs.writeFileSync(path.join(dir, chunk), `// ${remote}@${version}\n`);
  const labels = { en: 'List', ja: '一覧', de: 'Liste', th: 'รายการ' };
  fs.writeFileSync(
    path.join(dir, 'route-manifest.json'),
    JSON.stringify({
      schema: 1,
      remote,
      version,
      routes: [
        {
          path: `/${remote}`,
          labelKey: `${remote}:routes.list`,
          icon: 'AppstoreOutlined',
          permission: { path: `/${remote}`, method: 'GET' },
          labels,
          menu: { order: 500, labels },
        },
      ],
    }),
  );
  return dir;
}

/**
 * A stand-in for a CDN or bucket in front of a remote store directory: serves
 * `/remotes/<remote>/<version>/<file>` from `dir` over real HTTP. `hang` holds back the answer
 * for a path (a store that does not answer); `replace` sends other bytes for a path.
 */
export interface StoreServer {
  /** The origin, to be used as REMOTE_STORE_URL. */
  url: string;
  hang: Set<string>;
  replace: Map<string, string>;
  close(): Promise<void>;
}

export async function startStoreServer(dir: string): Promise<StoreServer> {
  const hang = new Set<string>();
  const replace = new Map<string, string>();
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    if (hang.has(url)) {
      held.push(response);
      return;
    }
    const replaced = replace.get(url);
    if (replaced !== undefined) {
      response.end(replaced);
      return;
    }
    const relative = url.replace(/^\/remotes\//, '');
    const file = path.resolve(dir, relative);
    if (!url.startsWith('/remotes/') || !file.startsWith(path.resolve(dir) + path.sep)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    fs.readFile(file, (error, bytes) => {
      response.statusCode = error ? 404 : 200;
      response.end(error ? undefined : bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hang,
    replace,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Config for a test app whose pins can check the store: a store directory and a store server in
 * front of it (REMOTE_STORE_URL), so the console's manifest URLs answer.
 */
export async function servedStoreConfig(): Promise<{
  config: { remoteStoreDir: string; remoteStoreUrl: string };
  close(): Promise<void>;
}> {
  const dir = tempDir('served-store');
  const server = await startStoreServer(dir);
  return {
    config: { remoteStoreDir: dir, remoteStoreUrl: server.url },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
