// @vitest-environment node
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript build config without type declarations
import createConfig from '../webpack.config.js';
import platformPackage from '../../shared/platform/package.json' with { type: 'json' };

interface SharedEntry {
  singleton: boolean;
  eager: boolean;
  version: string;
  requiredVersion: string;
}

interface FederationOptions {
  name: string;
  remotes: Record<string, unknown>;
  shared: Record<string, SharedEntry>;
  shareStrategy: string;
}

const config = (
  createConfig as (
    env: unknown,
    argv: { mode: string },
  ) => { plugins: { _options?: FederationOptions }[]; output: Record<string, unknown> }
)({}, { mode: 'production' });
const federation = config.plugins.find((plugin) => plugin._options?.name === 'host')!._options!;

describe('the host Module Federation configuration', () => {
  it('has no static remotes and prefers what is loaded first', () => {
    expect(federation.remotes).toEqual({});
    expect(federation.shareStrategy).toBe('loaded-first');
  });

  it('shares the runtime singletons, never eagerly, with real semver versions', () => {
    const required = [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router-dom',
      '@tanstack/react-query',
      'zustand',
      'antd',
      '@esim/ui/icons',
      'i18next',
      'react-i18next',
      'aws-amplify',
      '@esim/platform',
      '@esim/ui',
    ];
    for (const name of required) {
      const entry = federation.shared[name];
      expect(entry, name).toBeDefined();
      expect(entry!.singleton, name).toBe(true);
      expect(entry!.eager, name).toBe(false);
      expect(entry!.version, name).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry!.requiredVersion, name).toMatch(/^\^\d+\.\d+\.\d+/);
    }
    // Our singletons are required at the version they carry (bumped when their API grows).
    expect(federation.shared['@esim/platform']!.requiredVersion).toBe(
      `^${platformPackage.version}`,
    );
    // Stateless packages are bundled by each remote with the version it was built with.
    expect(federation.shared['@esim/contracts']).toBeUndefined();
    expect(federation.shared['@esim/utils']).toBeUndefined();
  });

  it('writes content-hashed files under / to host/dist', () => {
    expect(config.output.publicPath).toBe('/');
    expect(String(config.output.path)).toMatch(/host[\\/]dist$/);
    expect(config.output.filename).toContain('[contenthash');
    expect(config.output.chunkFilename).toContain('[contenthash');
  });
});
