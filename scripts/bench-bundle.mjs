#!/usr/bin/env node
/**
 * Bundle budget of the console host. Builds nothing: run `pnpm --filter @esim/host build` first.
 *
 * Reads the webpack stats the production build writes (host/node_modules/.cache/esim-host/
 * stats.json) and host/dist, and prints the gzip size of the JS + CSS a browser downloads
 * - to render the login page: the entry, the bootstrap chunk, the login route, the English
 *   common/auth texts, and every shared module (Module Federation) those chunks consume;
 * - to render the signed-in shell: the same plus the layout, the area route and its texts.
 * Fails (exit 1) when the login page is over its budget (350 KB gzip).
 *
 * Usage: node scripts/bench-bundle.mjs [--json] [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'host', 'dist');
const statsFile = path.join(root, 'host', 'node_modules', '.cache', 'esim-host', 'stats.json');
const KB = 1024;
export const LOGIN_BUDGET_KB = 350;

const args = new Set(process.argv.slice(2));

if (!fs.existsSync(statsFile) || !fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error('No production build found. Run `pnpm --filter @esim/host build` first.');
  process.exit(2);
}

const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
const chunksById = new Map(stats.chunks.map((chunk) => [chunk.id, chunk]));

/** Chunks loaded by each module's async blocks (import(), shared-module fallbacks). */
const chunksLoadedBy = new Map();
for (const chunk of stats.chunks) {
  for (const origin of chunk.origins ?? []) {
    if (!origin.moduleIdentifier) continue;
    if (!chunksLoadedBy.has(origin.moduleIdentifier))
      chunksLoadedBy.set(origin.moduleIdentifier, new Set());
    chunksLoadedBy.get(origin.moduleIdentifier).add(chunk.id);
  }
}

const isConsumeShared = (module) =>
  module.moduleType === 'consume-shared-module' ||
  String(module.identifier ?? '').startsWith('consume-shared-module|');

function groupChunks(name, { optional = false } = {}) {
  const group = stats.namedChunkGroups[name] ?? stats.entrypoints[name];
  if (!group) {
    if (optional) return [];
    throw new Error(`No chunk group '${name}' in the stats (was it renamed?)`);
  }
  return group.chunks;
}

/**
 * The chunks a set of chunks needs before its code runs: Module Federation loads the chunk of
 * every shared module a chunk consumes (recursively: react-dom consumes react ...).
 */
function closure(chunkIds) {
  const result = new Set();
  const queue = [...chunkIds];
  while (queue.length > 0) {
    const id = queue.shift();
    if (result.has(id)) continue;
    result.add(id);
    for (const module of chunksById.get(id)?.modules ?? []) {
      if (!isConsumeShared(module)) continue;
      for (const next of chunksLoadedBy.get(module.identifier) ?? []) queue.push(next);
    }
  }
  return result;
}

const gzipCache = new Map();
function fileSizes(file) {
  if (!gzipCache.has(file)) {
    const content = fs.readFileSync(path.join(distDir, file));
    gzipCache.set(file, { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length });
  }
  return gzipCache.get(file);
}

function measure(label, groups) {
  const ids = closure(
    groups.flatMap((group) =>
      typeof group === 'string' ? groupChunks(group) : groupChunks(group.name, group),
    ),
  );
  const files = new Set();
  for (const id of ids) {
    for (const file of chunksById.get(id)?.files ?? [])
      if (/\.(js|css)$/.test(file)) files.add(file);
  }
  const list = [...files]
    .map((file) => ({ file, ...fileSizes(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = list.reduce(
    (sum, item) => ({ raw: sum.raw + item.raw, gzip: sum.gzip + item.gzip }),
    { raw: 0, gzip: 0 },
  );
  return { label, files: list, ...total };
}

const texts = (namespaces) =>
  namespaces.map((ns) => ({ name: `locale-en-${ns}-json`, optional: true }));

const login = measure('login page', ['main', 'bootstrap', 'login', ...texts(['common', 'auth'])]);
const shell = measure('signed-in shell', [
  'main',
  'bootstrap',
  'shell',
  'area-route',
  ...texts(['common', 'auth', 'ui', 'validation']),
  { name: 'antd-locale-en', optional: true },
  { name: 'dayjs-locale-en', optional: true },
]);

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const overBudget = login.gzip > LOGIN_BUDGET_KB * KB;

if (args.has('--json')) {
  console.log(JSON.stringify({ budgetKb: LOGIN_BUDGET_KB, login, shell }, null, 2));
} else {
  for (const result of [login, shell]) {
    console.log(
      `${result.label}: ${kb(result.gzip)} gzip (${kb(result.raw)} minified) in ${result.files.length} files`,
    );
    if (args.has('--verbose')) {
      for (const item of result.files) console.log(`  ${kb(item.gzip).padStart(10)}  ${item.file}`);
    }
  }
  console.log(
    `login budget: ${kb(LOGIN_BUDGET_KB * KB)} gzip -> ${overBudget ? 'OVER BUDGET' : 'ok'}`,
  );
}
process.exit(overBudget ? 1 : 0);
