// The webpack stats scripts/bench-bundle.mjs reads: which chunks each screen loads, and which
// shared modules (Module Federation) each chunk consumes.
import fs from 'node:fs';
import path from 'node:path';

/** Writes the chunk graph of a production build to `file` (outside dist: never published). */
export class WriteStatsPlugin {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
  }

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
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

/**
 * Where a remote's production build of `version` writes its stats:
 * remotes/<area>/node_modules/.cache/esim-remote/stats-<version>.json.
 * @param {string} dir
 * @param {string} version
 */
export function remoteStatsFile(dir, version) {
  return path.join(dir, 'node_modules', '.cache', 'esim-remote', `stats-${version}.json`);
}
