// `--offline`: the release registry in the database directly, for when no console runs (a first
// setup, a console that will not start). The embedded PGlite directory is locked by whoever opens
// it (api/src/db/pglite-lock.ts): while the API server runs, this refuses instead of writing a
// pin the server never sees. A console answering at ESIM_CONSOLE_URL refuses it too.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError, consoleUrl } from './console-api.mjs';

/** TypeScript sources of the API load through tsx (a dependency of @esim/api). */
export async function loadApi(root) {
  const requireFromApi = createRequire(path.join(root, 'api', 'package.json'));
  const tsxPackage = requireFromApi.resolve('tsx/package.json');
  const tsxExports = JSON.parse(fs.readFileSync(tsxPackage, 'utf8')).exports['./esm/api'];
  const tsxEsmApi = path.join(
    path.dirname(tsxPackage),
    tsxExports.import.default ?? tsxExports.import,
  );
  const { register } = await import(pathToFileURL(tsxEsmApi).href);
  register();
  const load = (file) => import(pathToFileURL(path.join(root, 'api', 'src', file)).href);
  const [config, client, migrate, store] = await Promise.all([
    load('config.ts'),
    load('db/client.ts'),
    load('db/migrate.ts'),
    load('release-store/index.ts'),
  ]);
  return { ...config, ...client, ...migrate, ...store };
}

async function consoleAnswers() {
  try {
    const response = await fetch(`${consoleUrl()}/readyz`, { signal: AbortSignal.timeout(1500) });
    return response.status < 500;
  } catch {
    return false;
  }
}

export async function openOfflineDb(api, config) {
  if (await consoleAnswers()) {
    throw new CliError(
      `A console answers at ${consoleUrl()}: release through it (drop --offline), so the pin is ` +
        'checked, recorded as yours and seen at once.',
    );
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  let database;
  try {
    database = await api.openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      poolSize: 2,
      lockHolder: 'release cli (--offline)',
    });
    await api.migrate(database);
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error?.name === 'PgliteLockedError') throw new CliError(error.message);
    throw new CliError(`Could not open the database: ${error.message}`);
  }
  return database;
}

/** Who offline changes are recorded as: RELEASE_USER, else the OS user. */
export function releaseUser() {
  if (process.env.RELEASE_USER?.trim()) return process.env.RELEASE_USER.trim();
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || 'unknown';
  }
}
