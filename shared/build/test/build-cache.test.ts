// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { persistentCache } from '../src/index.js';

const options = { name: 'stock-production', dir: '/repo/remotes/stock', configFiles: ['/c.js'] };

describe("webpack's persistent cache", () => {
  it('is off by default, also under CI (a warm cache once built a broken host)', () => {
    expect(persistentCache(options, {})).toBe(false);
    expect(persistentCache(options, { CI: 'true' })).toBe(false);
    expect(persistentCache(options, { ESIM_WEBPACK_CACHE: 'false' })).toBe(false);
  });

  it('when asked for: one per package and mode, under the package node_modules/.cache', () => {
    expect(persistentCache(options, { ESIM_WEBPACK_CACHE: 'true' })).toMatchObject({
      type: 'filesystem',
      name: 'stock-production',
      cacheDirectory: path.join('/repo/remotes/stock', 'node_modules', '.cache', 'webpack'),
      buildDependencies: { config: ['/c.js'] },
    });
  });

  it('is on under CI too when asked for', () => {
    expect(persistentCache(options, { CI: 'true', ESIM_WEBPACK_CACHE: 'true' })).not.toBe(false);
  });
});
