// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  REMOTE_AREAS,
  REMOTE_EXPOSES,
  THIRD_PARTY_SINGLETONS,
  WORKSPACE_SINGLETONS,
  createRemoteConfig,
  createSharedConfig,
} from '../src/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const host = path.join(ROOT, 'host');
const readVersion = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

describe('createSharedConfig', () => {
  const hostShared = createSharedConfig({ dir: host });

  it('shares every singleton ARCHITECTURE.md lists, subpaths of react and react-dom included', () => {
    for (const name of [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router-dom',
      'react-router',
      '@tanstack/react-query',
      '@tanstack/query-core',
      'zustand',
      'antd',
      '@ant-design/cssinjs',
      '@esim/ui/icons',
      'i18next',
      'react-i18next',
      'aws-amplify',
      'aws-amplify/',
      '@aws-amplify/core',
      '@aws-amplify/core/',
      '@aws-amplify/auth',
      '@aws-amplify/auth/',
      '@esim/platform',
      '@esim/ui',
    ]) {
      expect(hostShared, name).toHaveProperty([name]);
    }
    // Stateless: every remote bundles the version it was built with.
    expect(hostShared).not.toHaveProperty(['@esim/contracts']);
    expect(hostShared).not.toHaveProperty(['@esim/utils']);
    expect(THIRD_PARTY_SINGLETONS.length).toBeGreaterThan(10);
  });

  it('makes every entry a non-eager singleton with a semver version and range (never workspace:*)', () => {
    for (const [name, entry] of Object.entries(hostShared)) {
      expect(entry.singleton, name).toBe(true);
      expect(entry.eager, name).toBe(false);
      expect(entry.version, name).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry.requiredVersion, name).toMatch(/^[\^~]?\d+\.\d+\.\d+/);
    }
  });

  it('gives our shared/ packages their real package.json versions', () => {
    for (const name of WORKSPACE_SINGLETONS) {
      const version = readVersion(path.join(ROOT, 'shared', name.replace('@esim/', '')));
      expect(hostShared[name]).toEqual({
        singleton: true,
        eager: false,
        version,
        requiredVersion: `^${version}`,
      });
    }
  });

  it('has the same packages at the same versions for the host and every remote (one instance each)', () => {
    for (const area of REMOTE_AREAS) {
      const remoteShared = createSharedConfig({ dir: path.join(ROOT, 'remotes', area) });
      expect(Object.keys(remoteShared).sort(), area).toEqual(Object.keys(hostShared).sort());
      for (const [name, entry] of Object.entries(remoteShared)) {
        expect(entry.version, `${area} ${name}`).toBe(hostShared[name]!.version);
      }
    }
  });
});

describe('createRemoteConfig', () => {
  it('builds a remote into its own dist/<version>/ with the Module Federation container and manifest', () => {
    const dir = path.join(ROOT, 'remotes', 'settings');
    const config = createRemoteConfig({ area: 'settings', dir, version: '3.4.5' });
    expect(config.output).toMatchObject({
      path: path.join(dir, 'dist', '3.4.5'),
      publicPath: 'auto',
      filename: expect.stringContaining('[contenthash'),
      chunkFilename: expect.stringContaining('[contenthash'),
      clean: true,
    });
    // A hung screen chunk reaches the area's error page in 30 s, not webpack's 120 s.
    expect(config.output?.chunkLoadTimeout).toBe(30_000);
    const federation = config.plugins?.find(
      (plugin) => plugin?.constructor.name === 'ModuleFederationPlugin',
    ) as { _options: Record<string, unknown> } | undefined;
    expect(federation?._options).toMatchObject({
      name: 'settings',
      filename: 'remoteEntry.js',
      exposes: REMOTE_EXPOSES,
      shareStrategy: 'loaded-first',
      manifest: true,
    });
    expect(Object.keys(REMOTE_EXPOSES)).toEqual(['./routes', './locales']);
  });

  it('takes the version from REMOTE_VERSION, else package.json, and refuses non-semver versions', () => {
    const dir = path.join(ROOT, 'remotes', 'roles');
    const previous = process.env.REMOTE_VERSION;
    try {
      process.env.REMOTE_VERSION = '1.0.1-preview.2';
      expect(createRemoteConfig({ area: 'roles', dir }).output?.path).toBe(
        path.join(dir, 'dist', '1.0.1-preview.2'),
      );
      delete process.env.REMOTE_VERSION;
      expect(createRemoteConfig({ area: 'roles', dir }).output?.path).toBe(
        path.join(dir, 'dist', readVersion(dir)),
      );
      process.env.REMOTE_VERSION = '../1.0.0';
      expect(() => createRemoteConfig({ area: 'roles', dir })).toThrow(/not a semver version/);
    } finally {
      if (previous === undefined) delete process.env.REMOTE_VERSION;
      else process.env.REMOTE_VERSION = previous;
    }
  });
});
