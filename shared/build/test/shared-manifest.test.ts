// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSharedManifest, createSharedConfig, SHARED_MANIFEST_FILE } from '../src/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HOST = path.join(ROOT, 'host');

/** What the host build publishes for the API's compatibility gate (host/dist/shared-manifest.json). */
describe('the host shared manifest', () => {
  const manifest = buildSharedManifest(createSharedConfig({ dir: HOST }));
  const version = (name: string) => manifest.shared.find((item) => item.package === name)?.version;
  const installed = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).version as string;

  it('lists every shared package with the version the host provides', () => {
    expect(manifest.schema).toBe(1);
    expect(version('@esim/platform')).toBe(installed('shared/platform'));
    expect(version('@esim/ui')).toBe(installed('shared/ui'));
    expect(version('@esim/ui/icons')).toBe(installed('shared/ui'));
    // Subpath entries provide every 'react/...' request the remotes share.
    expect(version('react/')).toBe(version('react'));
    expect(manifest.shared.map((item) => item.package)).toEqual(
      [...manifest.shared.map((item) => item.package)].sort(),
    );
  });

  it('is written by the host build as ' + SHARED_MANIFEST_FILE, () => {
    const config = fs.readFileSync(path.join(HOST, 'webpack.config.js'), 'utf8');
    expect(config).toContain('new SharedManifestPlugin(shared)');
    expect(config).toContain('shared,');
  });
});
