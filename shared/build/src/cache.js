// webpack's persistent cache for the host and the remotes: a build after a small change reuses
// every module it did not touch (node_modules/.cache/webpack of the package). OFF unless
// ESIM_WEBPACK_CACHE=true: on 2026-11-26 a host built from a warm cache after changes to the
// shared packages loaded a blank console (its shared react-router import lacked
// createBrowserRouter) while a cold build of the same inputs was correct; a build that runs must
// be right. The build script (scripts/build.mjs) still skips a package whose inputs did not change
// at all, which is what keeps a second `pnpm start` fast (docs/decisions/0015).
import path from 'node:path';

/**
 * @param {{ name: string, dir: string, configFiles: string[] }} options
 *   name: one cache per package and mode; dir: the package; configFiles: the webpack config and
 *   what it imports (a change to them drops the cache).
 * @returns {false | import('webpack').FileCacheOptions}
 */
export function persistentCache({ name, dir, configFiles }, env = process.env) {
  const setting = env.ESIM_WEBPACK_CACHE ?? '';
  if (!/^(true|1|yes|on)$/i.test(setting)) return false;
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
    name,
    buildDependencies: { config: configFiles },
    // Only what the build itself produces is cached; packs of old entries go after a week.
    maxAge: 7 * 24 * 60 * 60 * 1000,
  };
}
