// @vitest-environment node
import path from 'node:path';
import { releaseRouteManifest } from '@esim/build/route-manifest';
import { describe, expect, it } from 'vitest';

/** The tariffs remote's own pipeline checks what its build will publish as route-manifest.json. */
describe('tariffs route manifest', () => {
  it('declares valid routes whose labels have English texts', async () => {
    // Rejects on a manifest problem or a label without English text, as the build does.
    const built = await releaseRouteManifest({
      dir: path.resolve(__dirname, '..'),
      area: 'tariffs',
    });
    expect(built.routes.length).toBeGreaterThan(0);
  });
});
