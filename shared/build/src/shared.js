// The Module Federation `shared` config used by the host AND every remote, so both sides
// agree on one instance of each runtime singleton (React, router, query client, antd, i18n,
// Amplify's auth session, our shared/ packages).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The curated antd the console shares under the `antd` key (shared/ui/src/antd.ts): a shared
 * module cannot be tree-shaken, and the package entry is all of antd.
 */
export const CURATED_ANTD = path.join(WORKSPACE_ROOT, 'shared', 'ui', 'src', 'antd.ts');

/**
 * Third-party singletons. `via` names a package whose dependency this one is (pnpm does not
 * hoist it to the consumer); `subpaths` also shares every `name/...` request (react/jsx-runtime,
 * react-dom/client, aws-amplify/auth, @aws-amplify/core/internals/utils ...); `import` is the
 * module provided under the name (instead of the package entry).
 * @type {{ name: string, via?: string, subpaths?: boolean, import?: string }[]}
 */
export const THIRD_PARTY_SINGLETONS = [
  { name: 'react', subpaths: true },
  { name: 'react-dom', subpaths: true },
  { name: 'react-router-dom' },
  { name: 'react-router', via: 'react-router-dom' },
  { name: '@tanstack/react-query' },
  { name: '@tanstack/query-core', via: '@tanstack/react-query' },
  { name: 'zustand', subpaths: true },
  { name: 'antd', import: CURATED_ANTD },
  { name: '@ant-design/cssinjs', via: 'antd' },
  { name: 'i18next' },
  { name: 'react-i18next' },
  { name: 'aws-amplify', subpaths: true },
];

/**
 * Our runtime packages that hold state (session, stores, query client, toasts), shared with their
 * real semver versions. @esim/contracts and @esim/utils are stateless and NOT shared: each remote
 * bundles the version it was built with, so a remote released with newer schemas never runs
 * against an older host's copy (docs/decisions/0006).
 */
export const WORKSPACE_SINGLETONS = ['@esim/platform', '@esim/ui'];

/**
 * Entry points of those packages shared on their own, with the package's version: the curated
 * icon set (@esim/ui/icons) replaces sharing @ant-design/icons, whose entry is every icon.
 */
export const WORKSPACE_SINGLETON_SUBPATHS = ['@esim/ui/icons'];

/** Workspace packages whose dependencies can resolve a singleton the consumer does not list. */
const FALLBACK_DIRS = [
  'shared/platform',
  'shared/ui',
  'shared/utils',
  'shared/contracts',
  'host',
].map((dir) => path.join(WORKSPACE_ROOT, dir));

/** @param {string} file */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Finds `<dir>/node_modules/<name>` walking up from each start directory (Node's lookup,
 * without going through the package's `exports`, which may hide package.json).
 * @param {string} name
 * @param {string[]} startDirs
 * @returns {string | undefined} the package directory (real path)
 */
export function findPackageDir(name, startDirs) {
  for (const start of startDirs) {
    let dir = path.resolve(start);
    for (;;) {
      const candidate = path.join(dir, 'node_modules', name, 'package.json');
      if (fs.existsSync(candidate)) return fs.realpathSync(path.dirname(candidate));
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

/**
 * The range the consumer declares for a package, when it is a semver range (not workspace:*).
 * @param {Record<string, any>} consumerPkg
 * @param {string} name
 */
function declaredRange(consumerPkg, name) {
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
    const range = consumerPkg[field]?.[name];
    if (typeof range === 'string' && /^[\^~<>=\d]/.test(range)) return range;
  }
  return undefined;
}

/**
 * @typedef {{
 *   singleton: true,
 *   eager: false,
 *   requiredVersion: string,
 *   version: string,
 *   strictVersion?: boolean,
 *   import?: string,
 * }} SharedEntry
 */

/**
 * Module Federation `shared` object for the package in `dir` (host/ or remotes/<area>/).
 * Every entry: singleton, not eager, version = the installed version, requiredVersion = the
 * range the consumer's package.json declares (or ^installed when it declares none / workspace:*).
 * @param {{ dir: string }} options
 * @returns {Record<string, SharedEntry>}
 */
export function createSharedConfig({ dir }) {
  const consumerPkg = readJson(path.join(dir, 'package.json'));
  /** @type {Record<string, SharedEntry>} */
  const shared = {};
  /** @type {Map<string, string>} */
  const resolved = new Map();

  /**
   * @param {string} name
   * @param {string | undefined} via
   */
  const locate = (name, via) => {
    const viaDir = via ? resolved.get(via) : undefined;
    const found = findPackageDir(name, [dir, ...(viaDir ? [viaDir] : []), ...FALLBACK_DIRS]);
    if (!found) {
      throw new Error(
        `Shared singleton "${name}" cannot be resolved from ${dir} or the shared/ packages. ` +
          'Run pnpm install at the workspace root.',
      );
    }
    resolved.set(name, found);
    return found;
  };

  /**
   * @param {string} name
   * @param {string} pkgDir
   * @param {boolean} subpaths
   * @param {boolean} workspace
   * @param {string} [provided] the module provided under the name (default: the package entry)
   */
  const add = (name, pkgDir, subpaths, workspace, provided) => {
    const { version } = readJson(path.join(pkgDir, 'package.json'));
    if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
      throw new Error(`Shared package "${name}" has no semver version in its package.json.`);
    }
    const requiredVersion = (!workspace && declaredRange(consumerPkg, name)) || `^${version}`;
    /** @type {SharedEntry} */
    const entry = { singleton: true, eager: false, requiredVersion, version };
    shared[name] = provided ? { ...entry, import: provided } : entry;
    if (subpaths) shared[`${name}/`] = { ...entry };
  };

  for (const { name, via, subpaths, import: provided } of THIRD_PARTY_SINGLETONS) {
    add(name, locate(name, via), Boolean(subpaths), false, provided);
  }

  // Every @aws-amplify/* package aws-amplify pulls in (core holds the Amplify singleton and
  // the token store, auth the signed-in session): shared with their subpaths.
  const amplifyDir = /** @type {string} */ (resolved.get('aws-amplify'));
  const amplifyDeps = Object.keys(
    readJson(path.join(amplifyDir, 'package.json')).dependencies ?? {},
  );
  for (const name of amplifyDeps.filter((dep) => dep.startsWith('@aws-amplify/')).sort()) {
    add(name, locate(name, 'aws-amplify'), true, false);
  }

  for (const name of WORKSPACE_SINGLETONS) add(name, locate(name, undefined), false, true);
  for (const name of WORKSPACE_SINGLETON_SUBPATHS) {
    const pkg = WORKSPACE_SINGLETONS.find((candidate) => name.startsWith(`${candidate}/`));
    if (!pkg) throw new Error(`"${name}" is not an entry point of a shared workspace package.`);
    add(name, locate(pkg, undefined), false, true);
  }
  return shared;
}
