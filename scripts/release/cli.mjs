#!/usr/bin/env node
// Release CLI for the console's remotes (root script: `pnpm release <command>`). It talks to the
// running console's release API (ESIM_CONSOLE_URL, default http://localhost:<PORT or 3000>) as
// the release manager whose RELEASE_TOKEN it sends: the console checks each change (the files it
// will load, the compatibility gate) and records who made it. `--offline` works on the database
// directly, only while no console runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildArchive } from './archive.mjs';
import { CliError, callConsole } from './console-api.mjs';
import { login } from './login.mjs';
import { loadApi, openOfflineDb, releaseUser } from './offline.mjs';
import { printCanary, printChange, printHistory, printPublished, printReleases } from './print.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = `Usage: pnpm release <command>

  publish <remote> [version]          upload remotes/<remote>/dist/<version>/ to the console
                                      (version: argument, else REMOTE_VERSION, else the
                                      remote's package.json version); build it first:
                                      pnpm --filter @esim/remote-<remote> build
  pin <remote> <version> --reason t   pin a published version (what the console loads)
  rollback <remote> --reason t        pin the version pinned before the current one
  canary <remote> <version> --reason t (--percent N | --roles id,id)
                                      a canary beside the pin, for a share of users or roles
  canary <remote> --end --reason t    end the canary
  list [remote]                       versions (compatibility, error rate), pins, canaries
  history [remote]                    pin changes: who, when, from, to, why
  login <e-mail> [--name n] [--days d] sign in (one-time code) and print a release token

Options:
  --reason <text>   why (required for pin, rollback, canary; recorded in the audit)
  --force           pin, canary or publish a version the compatibility gate refuses (with --reason)
  --dir <path>      publish: the build directory (default remotes/<remote>/dist/<version>/)
  --json            machine-readable output
  --offline         work on the database directly (DATABASE_URL, else the embedded PGlite under
                    DATA_DIR), only while no console runs; no checks, recorded as RELEASE_USER
  --store <dir>     --offline publish: the remote store (REMOTE_STORE_DIR, else <DATA_DIR>/remote-store)

Environment: ESIM_CONSOLE_URL (default http://localhost:<PORT or 3000>), RELEASE_TOKEN (a
release token: pnpm release login). --offline: DATABASE_URL, DATA_DIR, REMOTE_STORE_DIR,
RELEASE_USER.`;

const COMMANDS = ['publish', 'pin', 'rollback', 'canary', 'list', 'history', 'login'];

function knownRemotes() {
  const dir = path.join(ROOT, 'remotes');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, 'package.json')))
    : [];
}

function remoteDir(remote) {
  if (!remote) throw new CliError(`Name the remote.\n\n${USAGE}`);
  const dir = path.join(ROOT, 'remotes', remote);
  if (!/^[a-z][a-z0-9]*$/.test(remote) || !fs.existsSync(path.join(dir, 'package.json'))) {
    throw new CliError(`Unknown remote "${remote}". Remotes: ${knownRemotes().join(', ')}.`);
  }
  return dir;
}

/** The build a publish sends: remotes/<remote>/dist/<version>/ with its mf-manifest.json. */
function buildToPublish(remote, versionArg, dirOption) {
  if (dirOption) {
    // A build elsewhere (a CI image, an artifact): its own manifest names remote and version.
    const buildDir = path.resolve(dirOption);
    if (!remote || !/^[a-z][a-z0-9]*$/.test(remote))
      throw new CliError(`Name the remote.\n\n${USAGE}`);
    const version = versionArg || process.env.REMOTE_VERSION;
    if (!version) throw new CliError('Name the version (argument or REMOTE_VERSION) with --dir.');
    if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json')))
      throw new CliError(`No build at ${buildDir}: mf-manifest.json is missing.`);
    return { remote, version, buildDir };
  }
  const dir = remoteDir(remote);
  const version =
    versionArg ||
    process.env.REMOTE_VERSION ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  const buildDir = path.join(dir, 'dist', version);
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
    throw new CliError(
      `No build of ${remote} ${version} at ${path.relative(ROOT, buildDir)}/. Build it first:\n` +
        `  ${version === versionArg || process.env.REMOTE_VERSION ? `REMOTE_VERSION=${version} ` : ''}pnpm --filter @esim/remote-${remote} build`,
    );
  }
  return { remote, version, buildDir };
}

function requireReason(values, what) {
  if (!values.reason?.trim())
    throw new CliError(`Say why with --reason "..." (${what} needs a reason).`);
  return values.reason.trim();
}

const query = (params) =>
  new URLSearchParams(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== false),
  ).toString();

/** Every change through the running console's API. */
async function throughConsole(command, args, values, output) {
  switch (command) {
    case 'publish': {
      const { remote, version, buildDir } = buildToPublish(args[0], args[1], values.dir);
      if (values.force) requireReason(values, 'a forced publish');
      const body = await buildArchive(ROOT, buildDir);
      const { data } = await callConsole(
        'POST',
        `/api/mng/release/publish?${query({ remote, version, force: values.force ? 'true' : undefined, reason: values.reason })}`,
        { body, contentType: 'application/gzip', timeoutMs: 300_000 },
      );
      return output(data, printPublished);
    }
    case 'pin': {
      const [remote, version] = args;
      const reason = requireReason(values, 'a pin');
      const { data } = await callConsole('PUT', '/api/mng/release/pin', {
        json: { remote, version, reason, ...(values.force ? { force: true } : {}) },
      });
      return output(data, printChange);
    }
    case 'rollback': {
      const [remote] = args;
      const reason = requireReason(values, 'a rollback');
      const { data } = await callConsole('POST', '/api/mng/release/rollback', {
        json: { remote, reason },
      });
      return output(data, printChange);
    }
    case 'canary': {
      const [remote, version] = args;
      const reason = requireReason(values, 'a canary change');
      if (values.end) {
        const { data } = await callConsole('DELETE', '/api/mng/release/canary', {
          json: { remote, reason },
        });
        return output(data, (canary) => printCanary(remote, canary, true));
      }
      const percent = values.percent === undefined ? undefined : Number(values.percent);
      const roleIds = values.roles
        ? values.roles
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : [];
      const { data } = await callConsole('PUT', '/api/mng/release/canary', {
        json: {
          remote,
          version,
          reason,
          percent,
          roleIds,
          ...(values.force ? { force: true } : {}),
        },
      });
      return output(data, (canary) => printCanary(remote, canary, false));
    }
    case 'list':
    case 'history': {
      const [remote] = args;
      const { data } = await callConsole('GET', '/api/mng/release/list');
      const remotes = data.remotes.filter((entry) => !remote || entry.remote === remote);
      if (command === 'list') return output(remotes, printReleases);
      const history = remotes
        .flatMap((entry) => entry.history.map((item) => ({ remote: entry.remote, ...item })))
        .sort((a, b) => Date.parse(b.pinnedAt) - Date.parse(a.pinnedAt) || b.id - a.id);
      return output(history, printHistory);
    }
  }
}

/** The old direct mode, for a stopped console only. */
async function offline(command, args, values, output) {
  const api = await loadApi(ROOT);
  const config = api.loadConfig(process.env, { requireSecretKey: false });
  const by = releaseUser();
  const publishing =
    command === 'publish' ? buildToPublish(args[0], args[1], values.dir) : undefined;
  if (command === 'canary')
    throw new CliError('Canaries are set through the console (no --offline).');
  const database = await openOfflineDb(api, config);
  try {
    switch (command) {
      case 'publish': {
        const storeDir = path.resolve(
          values.store ?? process.env.REMOTE_STORE_DIR ?? api.defaultStoreDir(config),
        );
        const published = await api.publishRemote(database.db, { ...publishing, storeDir, by });
        return output(published, (p) => printPublished({ ...p, published: true }));
      }
      case 'pin': {
        const [remote, version] = args;
        const reason = requireReason(values, 'a pin');
        return output(
          await api.pinRemote(database.db, { remote, version, by, reason }),
          printChange,
        );
      }
      case 'rollback': {
        const reason = requireReason(values, 'a rollback');
        return output(
          await api.rollbackRemote(database.db, { remote: args[0], by, reason }),
          printChange,
        );
      }
      case 'list': {
        const releases = await api.listReleases(database.db);
        const remotes = releases
          .filter((entry) => !args[0] || entry.remote === args[0])
          .map((entry) => ({
            remote: entry.remote,
            pinnedVersion: entry.pinned?.version ?? null,
            canary: null,
            versions: entry.versions,
          }));
        return output(remotes, printReleases);
      }
      case 'history':
        return output(
          await api.listPinHistory(database.db, { remote: args[0], limit: 200 }),
          printHistory,
        );
    }
  } finally {
    await database.close();
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
      dir: { type: 'string' },
      force: { type: 'boolean', default: false },
      offline: { type: 'boolean', default: false },
      percent: { type: 'string' },
      roles: { type: 'string' },
      end: { type: 'boolean', default: false },
      name: { type: 'string' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command || command === 'help') {
    console.info(USAGE);
    return;
  }
  if (!COMMANDS.includes(command)) throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  const needs = { pin: 2, rollback: 1, canary: values.end ? 1 : 2 }[command] ?? 0;
  if (args.length < needs) throw new CliError(`Missing arguments.\n\n${USAGE}`);
  if (command === 'login') {
    return login(args[0], {
      name: values.name,
      days: values.days ? Number(values.days) : undefined,
    });
  }
  const output = (result, print) =>
    values.json ? console.info(JSON.stringify(result, null, 2)) : print(result);
  if (values.offline) return offline(command, args, values, output);
  return throughConsole(command, args, values, output);
}

main().catch((error) => {
  if (error instanceof CliError || error?.name === 'ReleaseError') {
    console.error(error.message);
    process.exit(1);
  }
  if (error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
