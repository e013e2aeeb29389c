// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));

/** The translations package (locales/<lng>/<ns>.json). */
const LOCALES_DIR = fs.realpathSync(path.join(here, 'node_modules', '@esim', 'locales'));

/** Where the production build writes its webpack stats (read by scripts/bench-bundle.mjs). */
export const STATS_FILE = path.join(here, 'node_modules', '.cache', 'esim-host', 'stats.json');

/**
 * Where packages are looked up: the host, then the packages that bring nested shared
 * dependencies (@aws-amplify/core via aws-amplify, @tanstack/query-core via react-query ...).
 */
const LOOKUP_PATHS = [
  here,
  ...['aws-amplify', 'antd', '@tanstack/react-query', 'react-router-dom'].map((name) =>
    fs.realpathSync(path.join(here, 'node_modules', name)),
  ),
];

/** The installed version of a package: the first node_modules/<name> up from a lookup path. */
function installedVersion(name) {
  for (const start of LOOKUP_PATHS) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', name, 'package.json');
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error(`Shared package ${name} is not installed`);
}

/**
 * A singleton shared module: its real version, and the host's package.json range as the
 * required version (workspace packages: ^<their version>, never 'workspace:*').
 */
function singleton(name, { packageName = name, requiredVersion } = {}) {
  const version = installedVersion(packageName);
  const declared = pkg.dependencies[packageName];
  return {
    singleton: true,
    eager: false,
    version,
    requiredVersion:
      requiredVersion ??
      (declared && !declared.startsWith('workspace:') ? declared : `^${version}`),
  };
}

const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-router',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'zustand',
  'antd',
  '@ant-design/cssinjs',
  '@ant-design/icons',
  'dayjs',
  'i18next',
  'react-i18next',
  'aws-amplify',
  '@aws-amplify/core',
  '@aws-amplify/auth',
  '@esim/platform',
  '@esim/ui',
  '@esim/utils',
  '@esim/contracts',
];

/** Packages whose subpaths (react/jsx-runtime, aws-amplify/auth, ...) are shared too. */
const SHARED_SUBPATHS = ['react', 'react-dom', 'aws-amplify', '@aws-amplify/core'];

function sharedConfig() {
  /** @type {Record<string, object>} */
  const shared = {};
  for (const name of SHARED_PACKAGES) shared[name] = singleton(name);
  for (const name of SHARED_SUBPATHS)
    shared[`${name}/`] = singleton(`${name}/`, { packageName: name });
  return shared;
}

/** Writes the stats the bundle benchmark needs (which chunks each screen loads). */
class WriteStatsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('WriteStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkModules: true,
        chunkModulesSpace: Infinity,
        cachedModules: true,
        dependentModules: true,
        chunkOrigins: true,
        chunkGroups: true,
        entrypoints: true,
        ids: true,
        moduleAssets: false,
        nestedModules: false,
        outputPath: true,
      });
      fs.mkdirSync(path.dirname(STATS_FILE), { recursive: true });
      fs.writeFileSync(STATS_FILE, JSON.stringify(json));
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: here,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: 'host',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        // @esim/platform loads locale files with import(`@esim/locales/${lng}/${ns}.json`); webpack
        // builds that lazy context from the directory (package "exports" do not apply to contexts).
        '@esim/locales': LOCALES_DIR,
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: production ? 'deterministic' : 'named',
      minimizer: [new EsbuildPlugin({ target: 'es2020', css: true })],
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'host',
        // Areas are registered at run time from the pinned release document: no static remotes.
        remotes: {},
        shared: sharedConfig(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [],
        dts: false,
        manifest: false,
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
      ...(production ? [new WriteStatsPlugin()] : []),
    ],
  };
};
