// Webpack config factory for one business-area remote (remotes/<area>).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { persistentCache } from './cache.js';
import { PrecompressPlugin } from './compression.js';
import { RouteManifestPlugin } from './route-manifest.js';
import { remoteStatsFile, WriteStatsPlugin } from './stats.js';
import { createSharedConfig } from './shared.js';

const require = createRequire(import.meta.url);

/** The translations package (locales/<lng>/<ns>.json) of the workspace. */
const LOCALES_DIR = fileURLToPath(new URL('../../../locales', import.meta.url));

/** Names a remote may have: the Module Federation container name and the store directory. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]*$/;
/** Versions a build may carry: semver, so `dist/<version>` is a safe, immutable path. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** What every remote exposes to the host. */
export const REMOTE_EXPOSES = {
  './routes': './src/routes.tsx',
  './locales': './src/locales.ts',
};

/**
 * How long a lazy chunk (a screen, the charts) may take before its import fails and the area's
 * error page offers Retry. Webpack's default is 120 s; 30 s still loads the largest chunk
 * (~400 KB) over a slow mobile link.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 30_000;

/**
 * The version a build of the remote in `dir` gets: REMOTE_VERSION (tests build two visibly
 * different versions of one remote) or the version in its package.json.
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} [env]
 */
export function remoteVersion(dir, env = process.env) {
  const version =
    env.REMOTE_VERSION ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) {
    throw new Error(`Remote version "${version}" is not a semver version (x.y.z[-pre]).`);
  }
  return version;
}

/**
 * Output directory of one build: remotes/<area>/dist/<version>/ (immutable once published).
 * @param {string} dir
 * @param {string} version
 */
export function remoteDistDir(dir, version) {
  return path.join(dir, 'dist', version);
}

/**
 * @param {{
 *   area: string,
 *   dir: string,
 *   mode?: 'production' | 'development',
 *   version?: string,
 *   exposes?: Record<string, string>,
 * }} options
 * @returns {import('webpack').Configuration}
 */
export function createRemoteConfig({
  area,
  dir,
  mode = 'production',
  version,
  exposes = REMOTE_EXPOSES,
}) {
  if (!REMOTE_NAME_PATTERN.test(area)) {
    throw new Error(`Remote name "${area}" must be lower-case letters and digits.`);
  }
  const buildVersion = version ?? remoteVersion(dir);
  if (!VERSION_PATTERN.test(buildVersion)) {
    throw new Error(`Remote version "${buildVersion}" is not a semver version (x.y.z[-pre]).`);
  }
  // Read by the manifest plugin for metaData.buildInfo.buildVersion in mf-manifest.json.
  process.env.MF_BUILD_VERSION = buildVersion;
  const production = mode === 'production';
  /** Constants of the remote's code (DefinePlugin), also used to evaluate its route manifest. */
  const defines = {
    __REMOTE_NAME__: JSON.stringify(area),
    __REMOTE_VERSION__: JSON.stringify(buildVersion),
    // E2E builds only: the extra route a remote declares to prove a screen needs no host build.
    __REMOTE_E2E_EXTRA_ROUTE__: JSON.stringify(process.env.REMOTE_E2E_EXTRA_ROUTE === '1'),
  };

  return {
    name: area,
    mode,
    context: dir,
    target: 'web',
    // A remote has no entry of its own: the container (remoteEntry.js) is its entry.
    entry: {},
    devtool: production ? false : 'eval-cheap-module-source-map',
    // Unchanged modules come from node_modules/.cache/webpack (a rebuild after a small change).
    cache: persistentCache({
      name: `${area}-${mode}`,
      dir,
      configFiles: [fileURLToPath(import.meta.url), path.join(dir, 'webpack.config.js')],
    }),
    output: {
      path: remoteDistDir(dir, buildVersion),
      publicPath: 'auto',
      uniqueName: `esim_remote_${area}`,
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      // Cleans only this version's directory; other versions and other remotes are untouched.
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      alias: {
        // A remote bundles @esim/platform as the fallback of that shared singleton (never used
        // while the host provides it, but it must compile): its locale backend loads
        // import(`@esim/locales/${lng}/${ns}.json`), a webpack context that package "exports"
        // cannot serve. Same alias as the host's build.
        '@esim/locales': LOCALES_DIR,
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          // Resolved here: a remote does not depend on the loader itself.
          loader: require.resolve('esbuild-loader'),
          options: { target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(defines),
      // route-manifest.json beside mf-manifest.json: the routes the host builds its menu from.
      new RouteManifestPlugin({
        dir,
        area,
        version: buildVersion,
        defines,
        localesDir: LOCALES_DIR,
      }),
      new ModuleFederationPlugin({
        name: area,
        filename: 'remoteEntry.js',
        // A distinct global for the container script: a bare area name ("settings", "orders")
        // could collide with other globals of the page.
        library: { type: 'var', name: `esim_remote_${area}` },
        exposes,
        shared: createSharedConfig({ dir }),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      // <file>.br / <file>.gz beside each chunk: published with the version, served as they are.
      ...(production ? [new PrecompressPlugin({ brotliForSharedCopies: false })] : []),
      // The chunk graph scripts/bench-bundle.mjs measures the first screen with.
      ...(production ? [new WriteStatsPlugin(remoteStatsFile(dir, buildVersion))] : []),
    ],
    optimization: {
      // No target: with one, EsbuildPlugin wraps every file in an IIFE (to scope its helpers),
      // which hides remoteEntry.js's `var esim_remote_<area>` global from the federation
      // runtime ("Failed to get remoteEntry exports"). Sources are lowered by the loader.
      minimizer: [new EsbuildPlugin()],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
