#!/usr/bin/env node
// Release CLI for the console's remotes (root script: `pnpm release <command>`).
// It opens the API's database the way the API does (DATABASE_URL, else the embedded PGlite
// under DATA_DIR), applies migrations, and uses the release-store library of the API.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = `Usage: pnpm release <command>

  publish <remote> [version]          copy remotes/<remote>/dist/<version>/ into the remote store
                                      and record it (version: argument, else REMOTE_VERSION,
                                      else the remote's package.json version); build it first:
                                      pnpm --filter @esim/remote-<remote> build
  pin <remote> <version> [--reason t] pin a published version (what the console loads)
  rollback <remote> [--reason t]      pin the version pinned before the current one
  list [remote]                       published versions and pins
  history [remote]                    pin changes: who, when, from, to, why

Options:
  --reason <text>   why (recorded in the pin history)
  --json            machine-readable output
  --store <dir>     the remote store (default: REMOTE_STORE_DIR, else <DATA_DIR>/remote-store)
  --force           use the embedded PGlite database even though the API server seems to run

Environment: DATABASE_URL (PostgreSQL; absent = embedded PGlite under DATA_DIR),
RELEASE_USER (who; default: the OS user), REMOTE_STORE_DIR, DATA_DIR.
The embedded PGlite database allows ONE process at a time: stop the API server first, or pin
through the HTTP API / the Releases screen while it runs.`;

class UsageError extends Error {}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** TypeScript sources of the API load through tsx (a dependency of @esim/api). */
async function loadApi() {
  const requireFromApi = createRequire(path.join(ROOT, 'api', 'package.json'));
  const tsxPackage = requireFromApi.resolve('tsx/package.json');
  const tsxExports = JSON.parse(fs.readFileSync(tsxPackage, 'utf8')).exports['./esm/api'];
  const tsxEsmApi = path.join(
    path.dirname(tsxPackage),
    tsxExports.import.default ?? tsxExports.import,
  );
  const { register } = await import(pathToFileURL(tsxEsmApi).href);
  register();
  const load = (file) => import(pathToFileURL(path.join(ROOT, 'api', 'src', file)).href);
  const [config, client, migrate, store] = await Promise.all([
    load('config.ts'),
    load('db/client.ts'),
    load('db/migrate.ts'),
    load('release-store/index.ts'),
  ]);
  return { ...config, ...client, ...migrate, ...store };
}

function isListening(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const PGLITE_ONE_PROCESS =
  'The embedded PGlite database allows one process at a time. Stop the API server and run the ' +
  'command again, or pin through the HTTP API (POST /api/mng/release/...) or the Releases screen ' +
  'while it runs. With PostgreSQL (DATABASE_URL) the CLI and the servers can run together.';

async function openDb(api, config, force) {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !force && (await isListening(config.port))) {
    throw new UsageError(
      `Something is listening on port ${config.port} (the API server?) and the database is the ` +
        `embedded PGlite at ${pgliteDir}.\n${PGLITE_ONE_PROCESS}\n(--force skips this check.)`,
    );
  }
  let database;
  try {
    database = await api.openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 2 });
    await api.migrate(database);
  } catch (error) {
    await database?.close().catch(() => undefined);
    const note = config.databaseUrl ? '' : `\n${PGLITE_ONE_PROCESS}`;
    throw new UsageError(`Could not open the database: ${error.message}${note}`);
  }
  return database;
}

function releaseUser() {
  if (process.env.RELEASE_USER?.trim()) return process.env.RELEASE_USER.trim();
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || 'unknown';
  }
}

function knownRemotes() {
  const dir = path.join(ROOT, 'remotes');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, 'package.json')))
    : [];
}

function remoteDir(remote) {
  if (!remote) throw new UsageError(`Name the remote.\n\n${USAGE}`);
  const dir = path.join(ROOT, 'remotes', remote);
  if (!/^[a-z][a-z0-9]*$/.test(remote) || !fs.existsSync(path.join(dir, 'package.json'))) {
    throw new UsageError(`Unknown remote "${remote}". Remotes: ${knownRemotes().join(', ')}.`);
  }
  return dir;
}

const when = (date) =>
  new Date(date)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');

function printChange(change) {
  if (!change.changed) {
    console.info(`${change.remote} is already pinned to ${change.toVersion}; nothing changed.`);
    return;
  }
  const verb = change.action === 'rollback' ? 'Rolled back' : 'Pinned';
  console.info(
    `${verb} ${change.remote}: ${change.fromVersion ?? '(none)'} -> ${change.toVersion} ` +
      `by ${change.pinnedBy} at ${when(change.pinnedAt)}${change.reason ? ` (${change.reason})` : ''}.`,
  );
  console.info(
    'The console loads it on the next page load; no host rebuild or redeploy is needed.',
  );
}

function printReleases(releases) {
  if (releases.length === 0) {
    console.info('No remote version is published yet (pnpm release publish <remote>).');
    return;
  }
  for (const entry of releases) {
    console.info(`${entry.remote}  pinned: ${entry.pinned ? entry.pinned.version : '(none)'}`);
    for (const v of entry.versions) {
      console.info(
        `  ${v.pinned ? '*' : ' '} ${v.version.padEnd(14)} ${when(v.publishedAt)}  ${v.publishedBy}  sha256:${v.manifestHash.slice(0, 12)}`,
      );
    }
  }
}

function printHistory(history) {
  if (history.length === 0) {
    console.info('No pin changes yet.');
    return;
  }
  for (const h of history) {
    console.info(
      `${when(h.pinnedAt)}  ${h.remote.padEnd(10)} ${(h.fromVersion ?? '(none)').padEnd(12)} -> ${h.toVersion.padEnd(12)} ` +
        `${h.action.padEnd(8)} ${h.pinnedBy}${h.reason ? `  "${h.reason}"` : ''}`,
    );
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      json: { type: 'boolean', default: false },
      store: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command || command === 'help') {
    console.info(USAGE);
    return;
  }
  if (!['publish', 'pin', 'rollback', 'list', 'history'].includes(command)) {
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }

  const api = await loadApi();
  const config = api.loadConfig(process.env, { requireSecretKey: false });
  const storeDir = path.resolve(
    values.store ?? process.env.REMOTE_STORE_DIR ?? api.defaultStoreDir(config),
  );
  const by = releaseUser();
  const output = (result, print) =>
    values.json ? console.info(JSON.stringify(result, null, 2)) : print(result);

  // Check the build before opening the database (PGlite is single-process).
  let publishArgs;
  if (command === 'publish') {
    const [remote, versionArg] = args;
    const dir = remoteDir(remote);
    const version =
      versionArg ??
      process.env.REMOTE_VERSION ??
      JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    const buildDir = path.join(dir, 'dist', version);
    if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
      throw new UsageError(
        `No build of ${remote} ${version} at ${path.relative(ROOT, buildDir)}/. Build it first:\n` +
          `  ${version === versionArg || process.env.REMOTE_VERSION ? `REMOTE_VERSION=${version} ` : ''}pnpm --filter @esim/remote-${remote} build`,
      );
    }
    publishArgs = { remote, version, buildDir, storeDir, by };
  }
  if ((command === 'pin' && args.length < 2) || (command === 'rollback' && args.length < 1)) {
    throw new UsageError(`Missing arguments.\n\n${USAGE}`);
  }

  const database = await openDb(api, config, values.force);
  try {
    switch (command) {
      case 'publish': {
        const published = await api.publishRemote(database.db, publishArgs);
        output(published, (p) => {
          console.info(`Published ${p.remote} ${p.version} by ${p.publishedBy} -> ${p.dir}`);
          console.info(`  manifest sha256 ${p.manifestHash}`);
          console.info(
            `Pin it to make the console load it: pnpm release pin ${p.remote} ${p.version}`,
          );
        });
        break;
      }
      case 'pin': {
        const [remote, version] = args;
        output(
          await api.pinRemote(database.db, { remote, version, by, reason: values.reason }),
          printChange,
        );
        break;
      }
      case 'rollback': {
        const [remote] = args;
        output(
          await api.rollbackRemote(database.db, { remote, by, reason: values.reason }),
          printChange,
        );
        break;
      }
      case 'list': {
        const [remote] = args;
        const releases = await api.listReleases(database.db);
        output(remote ? releases.filter((r) => r.remote === remote) : releases, printReleases);
        break;
      }
      case 'history': {
        const [remote] = args;
        output(await api.listPinHistory(database.db, { remote, limit: 200 }), printHistory);
        break;
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof UsageError || error?.name === 'ReleaseError') fail(error.message);
  if (error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') fail(`${error.message}\n\n${USAGE}`);
  console.error(error);
  process.exit(1);
});
