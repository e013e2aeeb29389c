import { createRequire } from 'node:module';
import path from 'node:path';
import { createRemoteConfig } from '@esim/build';

const require = createRequire(import.meta.url);

/**
 * What the charts chunk (@ant-design/charts -> @ant-design/plots -> @antv/g2, @antv/g) pulls in
 * that the dashboard does not need in its CommonJS form or at all (docs/performance.md,
 * "Transfer"):
 * - lodash: @ant-design/plots imports named functions from 'lodash', the CommonJS build whose
 *   functions webpack cannot drop one by one; lodash-es (the same version as ES modules,
 *   side-effect free) lets it keep only those used: -44 KB minified, -14 KB brotli.
 * - html2canvas: @antv/g imports it for one method, ImageExporter.toCanvas (a chart exported
 *   as an image with its HTML overlays), which neither the dashboard nor the charts it draws
 *   ever call; a stub that says so instead: -203 KB minified, -39 KB brotli. (webpack's
 *   IgnorePlugin would make the import itself throw when the charts load.)
 */
const CHART_ALIASES = {
  lodash$: require.resolve('lodash-es'),
  html2canvas$: path.join(import.meta.dirname, 'src', 'charts', 'html2canvasStub.ts'),
};

/** Builds this remote alone into dist/<version>/ (REMOTE_VERSION overrides package.json). */
export default (_env, argv) => {
  const config = createRemoteConfig({
    area: 'dashboard',
    dir: import.meta.dirname,
    mode: argv.mode ?? 'production',
  });
  config.resolve = {
    ...config.resolve,
    alias: { ...config.resolve?.alias, ...CHART_ALIASES },
  };
  return config;
};
