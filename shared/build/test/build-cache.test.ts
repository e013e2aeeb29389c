// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { persistentCache } from '../src/index.js';

const options = { name: 'stock-production', dir: '/repo/remotes/stock', configFiles: ['/c.js'] };

describe("webpack's persistent cache", () => {
  it('is on by default, one per package and mode, under the package node_modules/.cache', () => {
    expect(persistentCache(options, {})).toMatchObject({
      type: 'filesystem',
      name: 'stock-production',
      cacheDirectory: path.join('/repo/remotes/stock', 'node_modules', '.cache', 'webpack'),
      buildDependencies: { config: ['/c.js'] },
    });
  });

  it('is off under CI (a clean clone never reads it) unless asked for, and off when turned off', () => {
    expect(persistentCache(options, { CI: 'true' })).toBe(false);
    expect(persistentCache(options, { CI: 'true', ESIM_WEBPACK_CACHE: 'true' })).not.toBe(false);
    expect(persistentCache(options, { ESIM_WEBPACK_CACHE: 'false' })).toBe(false);
  });
});
