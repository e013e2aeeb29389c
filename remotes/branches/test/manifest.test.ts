import fs from 'node:fs';
import path from 'node:path';
import { routeManifestProblems, type RouteManifestEntry } from '@esim/remote-kit/manifest';
import { describe, expect, it } from 'vitest';

/** The branches remote's own pipeline checks what its build will publish as route-manifest.json. */
describe('branches route manifest', () => {
  it('declares valid routes whose labels have English texts', async () => {
    // The build's constant (DefinePlugin): a release build, without the e2e-only extra route.
    (globalThis as Record<string, unknown>).__REMOTE_E2E_EXTRA_ROUTE__ = false;
    const { manifest } = (await import('../src/manifest')) as {
      manifest: readonly RouteManifestEntry[];
    };
    expect(routeManifestProblems(manifest)).toEqual([]);
    const english = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '../../../locales/en/branches.json'), 'utf8'),
    ) as Record<string, unknown>;
    const text = (key: string) =>
      key
        .replace(/^branches:/, '')
        .split('.')
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          english,
        );
    for (const route of manifest) {
      expect(typeof text(route.labelKey), route.labelKey).toBe('string');
      if (route.menu?.labelKey)
        expect(typeof text(route.menu.labelKey), route.menu.labelKey).toBe('string');
    }
  });
});
