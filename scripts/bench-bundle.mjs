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
 *   remoteEntry.js, its routes and locales exposes, its English texts, the /dashboard screen
 *   with every chunk the screen imports as it renders (its widgets' charts library), and the
 *   host's shared modules the remote consumes that the shell had not loaded yet. Checked against
 *   Chromium's transferred bytes for the same first load (docs/performance.md, "Transfer");
 *   config.json (~0.3 KB, an API answer, no file) is the one request not counted;
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
/** consume-shared-module|default|<shareKey>|... */
const shareKeyOf = (module) => String(module.identifier).split('|')[2];
/** provide module (default) <shareKey>@<version> = <file> */
function providedKeyOf(identifier) {
  const match = /^provide module \([^)]*\) (.+)@[^@ ]+ = /.exec(identifier);
  return match ? match[1] : null;
}
/**
 * A module as webpack's production build emits it: modules concatenated into one scope
 * (ModuleConcatenationPlugin) are listed once, as `<root module>|<hash>`, and their inner
 * modules (e.g. the dashboard's widgets and charts/lazyCharts.tsx inside screens/Dashboard.tsx)
 * are not listed at all. Without this the chunks their import()s load were never reached.
 */
const rootOf = (identifier) => String(identifier).replace(/\|[0-9a-f]{16,}$/, '');

function chunkGraph(stats) {
  const chunksById = new Map(stats.chunks.map((chunk) => [chunk.id, chunk]));
  /** Module (or concatenation root) -> the chunks that hold it. */
  const holders = new Map();
  /** Module -> the module that first imported it (from every listed module's issuer path). */
  const issuerOf = new Map();
  for (const chunk of stats.chunks) {
    for (const module of chunk.modules ?? []) {
      const id = rootOf(module.identifier);
      if (!holders.has(id)) holders.set(id, new Set());
      holders.get(id).add(chunk.id);
      const path = [...(module.issuerPath ?? []).map((item) => item.identifier), module.identifier];
      for (let i = 1; i < path.length; i += 1) {
        if (path[i - 1] && !issuerOf.has(path[i])) issuerOf.set(path[i], path[i - 1]);
      }
    }
  }
  /**
   * The chunks that hold a module: its own, else (an inner module of a concatenation) those of
   * the concatenation it is in. An inner module is imported only from inside its concatenation,
   * so its issuer chain reaches the concatenation's root.
   */
  const holdersOf = (identifier) => {
    const seen = new Set();
    let current = identifier;
    while (current && !seen.has(current)) {
      seen.add(current);
      const found = holders.get(rootOf(current));
      if (found) return found;
      current = issuerOf.get(current);
    }
    return null;
  };
  /** Chunks loaded by each module's async blocks (import(), shared-module fallbacks). */
  const loadedBy = new Map();
  /** Chunks each chunk loads lazily through its own (non-shared) modules' import()s. */
  const importsOf = new Map();
  /** Chunks that a share scope's entry of a key provided by this build loads. */
  const providedChunks = new Map();
  /** Lazy chunks whose importing module is in no chunk of the stats (they could be missed). */
  const unplaced = [];
  for (const chunk of stats.chunks) {
    for (const origin of chunk.origins ?? []) {
      const from = origin.moduleIdentifier;
      if (!from) continue;
      if (!loadedBy.has(from)) loadedBy.set(from, new Set());
      loadedBy.get(from).add(chunk.id);
      const providedKey = providedKeyOf(from);
      if (providedKey !== null) {
        if (!providedChunks.has(providedKey)) providedChunks.set(providedKey, new Set());
        providedChunks.get(providedKey).add(chunk.id);
        continue;
      }
      if (from.startsWith('consume-shared-module|') || from.startsWith('container entry')) continue;
      const importers = holdersOf(from);
      if (!importers) {
        unplaced.push({ chunk: chunk.id, module: origin.moduleName ?? from });
        continue;
      }
      for (const importer of importers) {
        if (!importsOf.has(importer)) importsOf.set(importer, new Set());
        importsOf.get(importer).add(chunk.id);
      }
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
  return { stats, chunksById, loadedBy, importsOf, providedChunks, unplaced, group };
}

/**
 * The chunks a share key costs when this build provides it: what its share scope entry loads
 * (the provided module's chunk group), which is what a consumer, the host itself or a remote,
 * gets at run time. A key the build does not provide: its consume module's fallback chunks.
 */
function sharedChunks(graph, module) {
  const provided = graph.providedChunks.get(shareKeyOf(module));
  return provided ? [...provided] : [...(graph.loadedBy.get(module.identifier) ?? [])];
}

/**
 * The chunks a set of chunks needs before its code runs. `shared(module)`: the chunks Module
 * Federation loads for a shared module a chunk consumes (the host: its own provided copy; a
 * remote: nothing for a key the host provides, its own fallback for any other).
 * `followAsync`: also every chunk a module of theirs imports lazily (a remote's screens, and what
 * those import at render: the dashboard's charts).
 */
function closure(graph, chunkIds, { shared, followAsync }) {
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
        queue.push(...(shared?.(module) ?? []));
      }
    }
    if (followAsync) queue.push(...(graph.importsOf.get(id) ?? []));
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

const hostShared = (module) => sharedChunks(host, module);

const loginChunks = closure(
  host,
  hostGroups(['main', 'bootstrap', 'login', ...texts(['common', 'auth'])]),
  { shared: hostShared, followAsync: false },
).chunks;
const shellStart = closure(
  host,
  hostGroups([
    'main',
    'bootstrap',
    'shell',
    'area-routes',
    // The shell's namespaces (host/src/app/router.tsx SHELL_NAMESPACES) and the preview
    // banner's 'settings' (host/src/shell/PreviewBanner.tsx, always rendered).
    ...texts(['common', 'auth', 'ui', 'validation', 'apiMessages', 'settings']),
    ['antd-locale-en', true],
    ['dayjs-locale-en', true],
  ]),
  { shared: hostShared, followAsync: false },
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
/** A key the host provides comes from the host (sharedForRemote); any other from the remote. */
const remoteShared = (module) =>
  host.providedChunks.has(shareKeyOf(module))
    ? []
    : [...(remote.loadedBy.get(module.identifier) ?? [])];
// What the host loads of the remote before it renders a screen: the container and the two
// exposes (their import()s are other routes' screens and the coming-soon screen: not loaded).
const exposeGroups = ['__federation_expose_routes', '__federation_expose_locales'];
const remoteStart = closure(
  remote,
  [
    ...remote.group('esim_remote_' + first.area, true),
    ...remote.group(first.area, true),
    ...exposeGroups.flatMap((name) => remote.group(name)),
    // remote.screen() loads the area's texts with the screen (English here).
    ...remote.group(`locale-en-${first.area}-json`, true),
  ],
  { shared: remoteShared, followAsync: false },
);

/**
 * The screen of FIRST_SCREEN: the import() its route has in the remote's './routes' expose
 * (src/routes.tsx, `'/dashboard': remote.screen(() => import('./screens/Dashboard'))`).
 */
function screenChunks() {
  const routesFile = path.join(first.dir, 'src', 'routes.tsx');
  const source = fs.readFileSync(routesFile, 'utf8');
  const escaped = FIRST_SCREEN.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const request = new RegExp(
    `['"]${escaped}['"]\\s*:\\s*\\w+\\.screen\\(\\s*\\(\\)\\s*=>\\s*import\\(\\s*['"]([^'"]+)['"]`,
  ).exec(source)?.[1];
  const chunks = request
    ? remote.stats.chunks.filter((chunk) =>
        (chunk.origins ?? []).some(
          (origin) =>
            origin.request === request &&
            // `<loaders>!<file>` or the file itself
            rootOf(origin.moduleIdentifier ?? '').endsWith(routesFile),
        ),
      )
    : [];
  if (chunks.length === 0) {
    console.error(
      `Cannot find the screen of ${FIRST_SCREEN} in ${path.relative(root, routesFile)} and the ` +
        'stats of its build: the first dashboard would be counted without it.',
    );
    process.exit(2);
  }
  return chunks.map((chunk) => chunk.id);
}
/**
 * The screen's chunks and every chunk they import lazily, as the first render does: its widgets
 * load the charts at once (charts/lazyCharts.tsx). A lazy import the screen keeps for later (a
 * dialog) would count too: the budget errs on the heavy side.
 */
const screen = closure(remote, screenChunks(), { shared: remoteShared, followAsync: true });
const remoteChunks = new Set([...remoteStart.chunks, ...screen.chunks]);
const remoteConsumed = new Set([...remoteStart.consumed, ...screen.consumed]);
// The remote's texts: English, its own namespace (the platform's copy it bundles as a shared
// fallback can load every namespace in every language, never used while the host provides it).
const remoteFiles = filesOf(remote, first.dist, remoteChunks).filter((file) => {
  const name = path.basename(file);
  const locale = /^locale-([a-z]{2})-(\w+)-json\./.exec(name);
  return !locale || (locale[1] === 'en' && locale[2] === first.area);
});
// The host's shared modules the remote consumes that the shell had not loaded yet.
const sharedForRemote = closure(
  host,
  [...remoteConsumed].flatMap((key) => [...(host.providedChunks.get(key) ?? [])]),
  { shared: hostShared, followAsync: false },
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
/** Part of the first dashboard: the screen's own chunks and the lazy ones it loads at render. */
const screenPart = total(
  `of which the ${FIRST_SCREEN} screen with what it imports as it renders (widgets, charts)`,
  filesOf(remote, first.dist, screen.chunks),
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
        screen: screenPart,
        reload,
      },
      null,
      2,
    ),
  );
} else {
  for (const result of [login, dashboard, screenPart, reload]) {
    console.log(
      `${result === screenPart ? '  ' : ''}${result.label}: ${kb(result.served)} served as ${servedName(result)}, ${kb(result.gzip)} gzip, ` +
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
// A lazy chunk whose importing module the stats do not place cannot be followed: say so.
for (const [name, graph] of [
  ['host', host],
  [first.area, remote],
]) {
  for (const { chunk, module } of graph.unplaced) {
    const files = graph.chunksById.get(chunk)?.files ?? [];
    if (files.length > 0) {
      console.error(
        `warning: ${name}: cannot tell which chunk imports ${module}; ${files.join(', ')} not followed`,
      );
    }
  }
}
process.exit(over.length > 0 ? 1 : 0);
