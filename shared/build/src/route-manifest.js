// route-manifest.json: a remote's routes (src/manifest.ts) as data beside mf-manifest.json.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';

const require = createRequire(import.meta.url);

/** The file the host reads (ROUTE_MANIFEST_FILE of @esim/remote-kit/manifest). */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';
export const ROUTE_MANIFEST_SCHEMA = 1;
/** Where a remote declares its routes. */
export const ROUTE_MANIFEST_SOURCE = 'src/manifest.ts';

/** esbuild as esbuild-loader brings it (the remotes' sources are compiled by it anyway). */
function loadEsbuild() {
  const fromLoader = createRequire(require.resolve('esbuild-loader'));
  return fromLoader(fromLoader.resolve('esbuild'));
}

/**
 * @param {unknown} json
 * @param {string} key a dotted path, e.g. 'routes.list'
 * @returns {unknown}
 */
function lookup(json, key) {
  return key
    .split('.')
    .reduce(
      (/** @type {unknown} */ node, part) =>
        node && typeof node === 'object'
          ? /** @type {Record<string, unknown>} */ (node)[part]
          : undefined,
      json,
    );
}

/**
 * The texts of an i18n key '<namespace>:<key>' in every language of the locales directory
 * (English required; a language without the key falls back to English at run time).
 * @param {string} localesDir
 * @param {string} labelKey
 */
export function labelTexts(localesDir, labelKey) {
  const [namespace, key] = labelKey.split(':');
  /** @type {Record<string, string>} */
  const labels = {};
  for (const language of fs.readdirSync(localesDir).sort()) {
    const file = path.join(localesDir, language, `${namespace}.json`);
    if (!fs.existsSync(file)) continue;
    const text = lookup(JSON.parse(fs.readFileSync(file, 'utf8')), key ?? '');
    if (typeof text === 'string' && text !== '') labels[language] = text;
  }
  if (!labels.en) throw new Error(`The route label ${labelKey} has no English text.`);
  return labels;
}

/**
 * Evaluates a remote's src/manifest.ts as its build would compile it (same constants) and
 * returns route-manifest.json's content: the routes with their label texts.
 * @param {{ dir: string, area: string, version: string, defines: Record<string, string>, localesDir: string }} options
 */
export async function buildRouteManifest({ dir, area, version, defines, localesDir }) {
  const esbuild = loadEsbuild();
  const result = await esbuild.build({
    // The manifest and the kit's check of it, resolved from the remote (its own dependencies).
    stdin: {
      contents: [
        `export { manifest } from './${ROUTE_MANIFEST_SOURCE}';`,
        "export { routeManifestProblems } from '@esim/remote-kit/manifest';",
      ].join('\n'),
      resolveDir: dir,
      sourcefile: 'route-manifest-entry.js',
      loader: 'js',
    },
    absWorkingDir: dir,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    define: defines,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const module = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  const routes = module.manifest;
  if (!Array.isArray(routes)) {
    throw new Error(
      `${area}: ${ROUTE_MANIFEST_SOURCE} must export const manifest = defineRouteManifest([...]).`,
    );
  }
  const problems = module.routeManifestProblems(routes);
  if (problems.length > 0) throw new Error(`${area}: ${problems.join('; ')}`);
  return {
    schema: ROUTE_MANIFEST_SCHEMA,
    remote: area,
    version,
    routes: routes.map((route) => ({
      ...route,
      labels: labelTexts(localesDir, route.labelKey),
      ...(route.menu
        ? {
            menu: {
              ...route.menu,
              labels: labelTexts(localesDir, route.menu.labelKey ?? route.labelKey),
            },
          }
        : {}),
    })),
  };
}

/**
 * The route-manifest.json a release build of the remote at `dir` would publish (no e2e-only
 * routes; the build's checks, English labels required): for a remote's own tests.
 * @param {{ dir: string, area: string }} options
 */
export function releaseRouteManifest({ dir, area }) {
  return buildRouteManifest({
    dir,
    area,
    version: '0.0.0-test',
    defines: {
      __REMOTE_NAME__: JSON.stringify(area),
      __REMOTE_VERSION__: JSON.stringify('0.0.0-test'),
      __REMOTE_E2E_EXTRA_ROUTE__: 'false',
    },
    localesDir: fileURLToPath(new URL('../../../locales', import.meta.url)),
  });
}

/**
 * Emits route-manifest.json with the build (beside mf-manifest.json), so the host learns the
 * remote's routes without loading any of its code.
 */
export class RouteManifestPlugin {
  /** @param {{ dir: string, area: string, version: string, defines: Record<string, string>, localesDir: string }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteManifestPlugin', (compilation) => {
      compilation.fileDependencies.add(path.join(this.options.dir, ROUTE_MANIFEST_SOURCE));
      compilation.hooks.processAssets.tapPromise(
        { name: 'RouteManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const manifest = await buildRouteManifest(this.options);
            compilation.emitAsset(
              ROUTE_MANIFEST_FILE,
              new webpack.sources.RawSource(JSON.stringify(manifest, null, 2) + '\n'),
            );
          } catch (error) {
            compilation.errors.push(
              new webpack.WebpackError(
                `route-manifest.json: ${error instanceof Error ? error.message : String(error)}`,
              ),
            );
          }
        },
      );
    });
  }
}
