// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  createSharedConfig,
  persistentCache,
  PrecompressPlugin,
  SharedManifestPlugin,
  WriteStatsPlugin,
} from '@esim/build';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The translations package (locales/<lng>/<ns>.json). */
const LOCALES_DIR = fs.realpathSync(path.join(here, 'node_modules', '@esim', 'locales'));

/** Where the production build writes its webpack stats (read by scripts/bench-bundle.mjs). */
export const STATS_FILE = path.join(here, 'node_modules', '.cache', 'esim-host', 'stats.json');

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const shared = createSharedConfig({ dir: here });
  return {
    mode: production ? 'production' : 'development',
    context: here,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: 'host',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    // Unchanged modules come from node_modules/.cache/webpack (a rebuild after a small change).
    cache: persistentCache({
      name: `host-${production ? 'production' : 'development'}`,
      dir: here,
      configFiles: [fileURLToPath(import.meta.url)],
    }),
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
        // The retry and errorLoadRemote-fallback runtime plugins are registered then too
        // (src/remotes/federation.ts), so the sign-in screens do not carry them.
        remotes: {},
        // The same singletons, with the same versions, as every remote (@esim/build).
        shared,
        shareStrategy: 'loaded-first',
        runtimePlugins: [],
        dts: false,
        manifest: false,
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      // shared-manifest.json: what the host provides; the API's compatibility gate reads it.
      new SharedManifestPlugin(shared),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
      // <file>.br / <file>.gz beside each asset: the API sends them as they are.
      ...(production ? [new WriteStatsPlugin(STATS_FILE), new PrecompressPlugin()] : []),
    ],
  };
};
