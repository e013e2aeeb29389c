// webpack's persistent cache for the host and the remotes: a build after a small change reuses
// every module it did not touch (node_modules/.cache/webpack of the package). The build script
// (scripts/build.mjs) skips a package whose inputs did not change at all; this makes the builds
// that do run cheaper. ESIM_WEBPACK_CACHE=false turns it off, =true on; by default it is on,
// except under CI=true: a clean clone built once never reads it, and writing it costs about
// 1.4 s of CPU and ~100 MB of disk per package.
import path from 'node:path';

/**
 * @param {{ name: string, dir: string, configFiles: string[] }} options
 *   name: one cache per package and mode; dir: the package; configFiles: the webpack config and
 *   what it imports (a change to them drops the cache).
 * @returns {false | import('webpack').FileCacheOptions}
 */
export function persistentCache({ name, dir, configFiles }, env = process.env) {
  const setting = env.ESIM_WEBPACK_CACHE ?? '';
  if (/^(false|0|no|off)$/i.test(setting)) return false;
  if (!/^(true|1|yes|on)$/i.test(setting) && /^(true|1)$/i.test(env.CI ?? '')) return false;
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
    name,
    buildDependencies: { config: configFiles },
    // Only what the build itself produces is cached; packs of old entries go after a week.
    maxAge: 7 * 24 * 60 * 60 * 1000,
  };
}
