#!/usr/bin/env node
/**
 * Bundle budget of the console, in the bytes the built-in server actually sends. Builds
 * nothing: run `pnpm build` first.
 *
 * The server sends <file>.br to a browser that accepts brotli (every current browser), else
 * <file>.gz, else the file (src/http/static-files.ts); so a file's "served" size here is its .br
 * when the build wrote one, else its .gz, else the file itself. The gzip -9 size is shown too.
 *
 * Measured from the webpack stats the production builds write (host/node_modules/.cache/
 * esim-host/stats.json, remotes/<area>/node_modules/.cache/esim-remote/stats-<version>.json):
 * - the login page: index.html, the entry, the bootstrap chunk, the login route, the English
 *   common/auth texts, and every shared module (Module Federation) those chunks consume;
 * - the first dashboard after sign-in (what signing in adds to the login page): the shell (layout,
 *   area routes, their texts, the antd / dayjs locale, the shared modules they consume), every
 *   pinned remote's route-manifest.json, and the dashboard remote: mf-manifest.json,
 *   remoteEntry.js, its routes and locales exposes with their screens and English texts, and the
 *   host's shared modules it consumes that the shell had not loaded yet;
 * - a signed-in reload of /dashboard (the two without the login route).
 * Fails (exit 1) when the login page is over 350 KB or the first dashboard over 500 KB, served.
 *
 * Usage: node scripts/bench-bundle.mjs [--json] [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hostDist = path.join(root, 'host', 'dist');
const hostStatsFile = path.join(root, 'host', 'node_modules', '.cache', 'esim-host', 'stats.json');
const remotesDir = path.join(root, 'remotes');
const KB = 1024;
export const LOGIN_BUDGET_KB = 350;
export const DASHBOARD_BUDGET_KB = 500;
/** The remote that serves the first screen after sign-in (`/` -> `/dashboard`). */
const FIRST_SCREEN = '/dashboard';

const args = new Set(process.argv.slice(2));

if (!fs.existsSync(hostStatsFile) || !fs.existsSync(path.join(hostDist, 'index.html'))) {
  console.error('No production build found. Run `pnpm build` first.');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Sizes

const sizeCache = new Map();
/** Raw, gzip -9 and served bytes of a file (absolute path). */
function fileSizes(file) {
  if (!sizeCache.has(file)) {
    const content = fs.readFileSync(file);
    const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : null;
    const gz = fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : null;
    const gzip = gz ?? zlib.gzipSync(content, { level: 9 }).length;
    const served = br ?? gz ?? content.length;
    const encoding = br !== null ? 'br' : gz !== null ? 'gzip' : 'none';
    sizeCache.set(file, { raw: content.length, gzip, served, encoding });
  }
  return sizeCache.get(file);
}

function total(label, files) {
  const list = [...new Set(files)]
    .map((file) => ({ file: path.relative(root, file), ...fileSizes(file) }))
    .sort((a, b) => b.served - a.served);
  const sum = (key) => list.reduce((acc, item) => acc + item[key], 0);
  const encodings = {};
  for (const item of list) encodings[item.encoding] = (encodings[item.encoding] ?? 0) + 1;
  return {
    label,
    files: list,
    raw: sum('raw'),
    gzip: sum('gzip'),
    served: sum('served'),
    encodings,
  };
}

// ---------------------------------------------------------------------------------------------
// Chunk graphs

const isConsumeShared = (module) =>
  module.moduleType === 'consume-shared-module' ||
  String(module.identifier ?? '').startsWith('consume-shared-module|');
/** A remote's own copy of a shared package, registered at init, loaded only if the host has none. */
const isProvideShared = (module) =>
  module.moduleType === 'provide-module' ||
  String(module.identifier ?? '').startsWith('provide module');
/** consume-shared-module|default|<shareKey>|... */
const shareKeyOf = (module) => String(module.identifier).split('|')[2];

function chunkGraph(stats) {
  const chunksById = new Map(stats.chunks.map((chunk) => [chunk.id, chunk]));
  /** Chunks loaded by each module's async blocks (import(), shared-module fallbacks). */
  const loadedBy = new Map();
  for (const chunk of stats.chunks) {
    for (const origin of chunk.origins ?? []) {
      if (!origin.moduleIdentifier) continue;
      if (!loadedBy.has(origin.moduleIdentifier)) loadedBy.set(origin.moduleIdentifier, new Set());
      loadedBy.get(origin.moduleIdentifier).add(chunk.id);
    }
  }
  const group = (name, optional = false) => {
    const found = stats.namedChunkGroups?.[name] ?? stats.entrypoints?.[name];
    if (!found) {
      if (optional) return [];
      throw new Error(`No chunk group '${name}' in the stats (was it renamed?)`);
    }
    return found.chunks;
  };
  return { stats, chunksById, loadedBy, group };
}

/**
 * The chunks a set of chunks needs before its code runs. `followShared`: Module Federation
 * loads the chunk of every shared module a chunk consumes (host: its own provided copy).
 * `followAsync`: also every chunk a module of theirs imports lazily (a remote's screens).
 */
function closure(graph, chunkIds, { followShared, followAsync }) {
  const result = new Set();
  const consumed = new Set();
  const queue = [...chunkIds];
  while (queue.length > 0) {
    const id = queue.shift();
    if (result.has(id)) continue;
    result.add(id);
    for (const module of graph.chunksById.get(id)?.modules ?? []) {
      if (isConsumeShared(module)) {
        consumed.add(shareKeyOf(module));
        if (followShared)
          for (const next of graph.loadedBy.get(module.identifier) ?? []) queue.push(next);
      } else if (followAsync && !isProvideShared(module)) {
        for (const next of graph.loadedBy.get(module.identifier) ?? []) queue.push(next);
      }
    }
  }
  return { chunks: result, consumed };
}

const filesOf = (graph, dir, chunkIds, test = /\.(js|css)$/) =>
  [...chunkIds].flatMap((id) =>
    (graph.chunksById.get(id)?.files ?? [])
      .filter((file) => test.test(file))
      .map((file) => path.join(dir, file)),
  );

// ---------------------------------------------------------------------------------------------
// The host

const host = chunkGraph(JSON.parse(fs.readFileSync(hostStatsFile, 'utf8')));
const texts = (namespaces) => namespaces.map((ns) => [`locale-en-${ns}-json`, true]);
const hostGroups = (groups) =>
  groups.flatMap((entry) =>
    Array.isArray(entry) ? host.group(entry[0], entry[1]) : host.group(entry),
  );

/** The host chunk(s) that provide a share key to a consumer: its own consume of that key. */
function hostChunksFor(shareKey) {
  const chunks = [];
  for (const chunk of host.stats.chunks) {
    for (const module of chunk.modules ?? []) {
      if (isConsumeShared(module) && shareKeyOf(module) === shareKey) {
        chunks.push(...(host.loadedBy.get(module.identifier) ?? []));
      }
    }
  }
  return chunks;
}

const loginChunks = closure(
  host,
  hostGroups(['main', 'bootstrap', 'login', ...texts(['common', 'auth'])]),
  {
    followShared: true,
    followAsync: false,
  },
).chunks;
const shellStart = closure(
  host,
  hostGroups([
    'main',
    'bootstrap',
    'shell',
    'area-routes',
    ...texts(['common', 'auth', 'ui', 'validation']),
    ['antd-locale-en', true],
    ['dayjs-locale-en', true],
  ]),
  { followShared: true, followAsync: false },
);

// ---------------------------------------------------------------------------------------------
// The remotes

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Each remote's build of its package.json version, with its route manifest. */
const remotes = fs
  .readdirSync(remotesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const dir = path.join(remotesDir, entry.name);
    if (!fs.existsSync(path.join(dir, 'package.json'))) return null;
    const version = readJson(path.join(dir, 'package.json')).version;
    const dist = path.join(dir, 'dist', version);
    const routeManifest = path.join(dist, 'route-manifest.json');
    if (!fs.existsSync(routeManifest)) return null;
    return {
      area: entry.name,
      dir,
      version,
      dist,
      routeManifest,
      routes: readJson(routeManifest).routes ?? [],
      statsFile: path.join(dir, 'node_modules', '.cache', 'esim-remote', `stats-${version}.json`),
    };
  })
  .filter(Boolean);

const first = remotes.find((remote) => remote.routes.some((route) => route.path === FIRST_SCREEN));
if (!first || !fs.existsSync(first.statsFile)) {
  console.error(
    `No production build of the remote serving ${FIRST_SCREEN}. Run \`pnpm build\` first.`,
  );
  process.exit(2);
}

const remote = chunkGraph(readJson(first.statsFile));
const exposeGroups = ['__federation_expose_routes', '__federation_expose_locales'];
const remoteStart = closure(
  remote,
  [
    ...remote.group('esim_remote_' + first.area, true),
    ...remote.group(first.area, true),
    ...exposeGroups.flatMap((name) => remote.group(name)),
  ],
  { followShared: false, followAsync: true },
);
// Lazy chunks of the remote minus the texts of other languages and namespaces it does not show.
const remoteFiles = filesOf(remote, first.dist, remoteStart.chunks).filter((file) => {
  const name = path.basename(file);
  const locale = /^locale-([a-z]{2})-(\w+)-json\./.exec(name);
  return !locale || (locale[1] === 'en' && locale[2] === first.area);
});
// The host's shared modules the remote consumes that the shell had not loaded yet.
const sharedForRemote = closure(
  host,
  [...remoteStart.consumed].flatMap((key) => hostChunksFor(key)),
  { followShared: true, followAsync: false },
).chunks;

// ---------------------------------------------------------------------------------------------
// The three figures

const loginFiles = [path.join(hostDist, 'index.html'), ...filesOf(host, hostDist, loginChunks)];
const shellFiles = filesOf(host, hostDist, new Set([...shellStart.chunks, ...sharedForRemote]));
const remoteSide = [
  ...remotes.map((item) => item.routeManifest),
  path.join(first.dist, 'mf-manifest.json'),
  path.join(first.dist, 'remoteEntry.js'),
  ...remoteFiles,
];
const loginSet = new Set(loginFiles);

const login = total('login page', loginFiles);
const dashboard = total(
  `first dashboard after sign-in (added to the login page; ${first.area}@${first.version})`,
  [...shellFiles.filter((file) => !loginSet.has(file)), ...remoteSide],
);
const reload = total('signed-in reload of /dashboard (cold cache)', [
  path.join(hostDist, 'index.html'),
  ...shellFiles,
  ...remoteSide,
]);

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const servedName = (result) =>
  result.encodings.br
    ? `brotli${result.encodings.gzip || result.encodings.none ? ' (some files gzip / plain)' : ''}`
    : result.encodings.gzip
      ? 'gzip'
      : 'uncompressed';
const checks = [
  { result: login, budgetKb: LOGIN_BUDGET_KB },
  { result: dashboard, budgetKb: DASHBOARD_BUDGET_KB },
];
const over = checks.filter(({ result, budgetKb }) => result.served > budgetKb * KB);

if (args.has('--json')) {
  console.log(
    JSON.stringify(
      {
        budgets: { loginKb: LOGIN_BUDGET_KB, firstDashboardKb: DASHBOARD_BUDGET_KB },
        login,
        dashboard,
        reload,
      },
      null,
      2,
    ),
  );
} else {
  for (const result of [login, dashboard, reload]) {
    console.log(
      `${result.label}: ${kb(result.served)} served as ${servedName(result)}, ${kb(result.gzip)} gzip, ` +
        `${kb(result.raw)} minified, ${result.files.length} files`,
    );
    if (args.has('--verbose')) {
      for (const item of result.files) {
        console.log(
          `  ${kb(item.served).padStart(10)} ${item.encoding.padEnd(5)} ${kb(item.gzip).padStart(10)} gz  ${item.file}`,
        );
      }
    }
  }
  for (const { result, budgetKb } of checks) {
    const ok = result.served <= budgetKb * KB;
    console.log(
      `budget ${result.label.split(' (')[0]}: ${kb(budgetKb * KB)} served -> ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
}
process.exit(over.length > 0 ? 1 : 0);
