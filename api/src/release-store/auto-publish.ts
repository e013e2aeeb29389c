/**
 * Embedded default: a newcomer's `pnpm start` shows real areas. At start the server publishes
 * every remote build on disk (remotes/<remote>/dist/<version>/) that the registry does not have
 * yet, and pins a version for each remote that has no pin (its package.json version when that
 * build is published, else the highest published version). It never changes an existing pin.
 *
 * On by default with the embedded database (no DATABASE_URL); off with PostgreSQL, where
 * releases go through the CLI / the Releases screen, unless AUTO_PUBLISH_REMOTES=true.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { isReleaseError } from './errors';
import { MANIFEST_FILE } from './files';
import {
  VERSION_PATTERN,
  REMOTE_NAME_PATTERN,
  listReleases,
  pinRemote,
  publishRemote,
} from './store';

/** Who the registry records for what auto-publish does. */
export const AUTO_PUBLISH_USER = 'auto-publish';

/** AUTO_PUBLISH_REMOTES=true|false wins; otherwise on for the embedded database only. */
export function autoPublishEnabled(
  env: NodeJS.ProcessEnv,
  databaseUrl: string | undefined,
): boolean {
  const value = env.AUTO_PUBLISH_REMOTES?.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  return !databaseUrl;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface AutoPublishOptions {
  /** The remotes' sources: <remotesDir>/<remote>/dist/<version>/mf-manifest.json. */
  remotesDir: string;
  /** The remote store the server serves at /remotes/. */
  storeDir: string;
  by?: string;
  log?: Log;
}

export interface AutoPublishResult {
  published: { remote: string; version: string }[];
  pinned: { remote: string; version: string }[];
  /** Builds that could not be published (broken build, version mismatch ...). */
  skipped: { remote: string; version: string; reason: string }[];
}

async function directories(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function packageVersion(remoteDir: string): Promise<string | undefined> {
  try {
    const pkg = JSON.parse(await fs.readFile(path.join(remoteDir, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** Numeric semver order (a release sorts after its pre-releases); enough to pick the newest. */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = '', pre] = version.split('+')[0]!.split(/-(.*)/s);
    return { parts: core.split('.').map(Number), pre };
  };
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (left.parts[i] ?? 0) - (right.parts[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === undefined) return 1;
  if (right.pre === undefined) return -1;
  return left.pre.localeCompare(right.pre, 'en', { numeric: true });
}

/** The builds on disk: remote -> versions with a manifest. */
async function builtVersions(remotesDir: string): Promise<Map<string, string[]>> {
  const builds = new Map<string, string[]>();
  for (const remote of (await directories(remotesDir)).sort()) {
    if (!REMOTE_NAME_PATTERN.test(remote)) continue;
    const distDir = path.join(remotesDir, remote, 'dist');
    const versions: string[] = [];
    for (const version of await directories(distDir)) {
      if (!VERSION_PATTERN.test(version)) continue;
      if (await fileExists(path.join(distDir, version, MANIFEST_FILE))) versions.push(version);
    }
    if (versions.length > 0) builds.set(remote, versions.sort(compareVersions));
  }
  return builds;
}

/** Publishes the builds the registry lacks and pins the remotes that have no pin. */
export async function autoPublishRemotes(
  db: Db,
  options: AutoPublishOptions,
): Promise<AutoPublishResult> {
  const by = options.by ?? AUTO_PUBLISH_USER;
  const result: AutoPublishResult = { published: [], pinned: [], skipped: [] };
  const builds = await builtVersions(options.remotesDir);
  const releases = new Map((await listReleases(db)).map((entry) => [entry.remote, entry]));

  for (const [remote, versions] of builds) {
    const known = new Set(releases.get(remote)?.versions.map((item) => item.version) ?? []);
    for (const version of versions) {
      if (known.has(version)) continue;
      try {
        await publishRemote(db, {
          remote,
          version,
          buildDir: path.join(options.remotesDir, remote, 'dist', version),
          storeDir: options.storeDir,
          by,
        });
        result.published.push({ remote, version });
      } catch (error) {
        // Another server replica published it at the same moment: nothing to do.
        if (isReleaseError(error) && error.code === 'version_exists') continue;
        const reason = error instanceof Error ? error.message : String(error);
        result.skipped.push({ remote, version, reason });
        options.log?.warn({ remote, version, reason }, 'auto-publish: build not published');
      }
    }
  }

  // Pin what has no pin yet (never move an existing pin: that is a release manager's call).
  for (const entry of await listReleases(db)) {
    if (entry.pinned) continue;
    const published = entry.versions.map((item) => item.version);
    if (published.length === 0) continue;
    const preferred = await packageVersion(path.join(options.remotesDir, entry.remote));
    const version =
      preferred && published.includes(preferred)
        ? preferred
        : [...published].sort(compareVersions).at(-1)!;
    try {
      const change = await pinRemote(db, {
        remote: entry.remote,
        version,
        by,
        reason: 'Auto-publish: first version of this area on this server',
      });
      if (change.changed) result.pinned.push({ remote: entry.remote, version });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log?.warn({ remote: entry.remote, version, reason }, 'auto-publish: pin failed');
    }
  }

  options.log?.info(
    {
      published: result.published.map(({ remote, version }) => `${remote}@${version}`),
      pinned: result.pinned.map(({ remote, version }) => `${remote}@${version}`),
      skipped: result.skipped.length,
      storeDir: options.storeDir,
    },
    result.published.length + result.pinned.length > 0
      ? 'auto-publish: remote builds published and pinned'
      : 'auto-publish: every remote build is already published and pinned',
  );
  return result;
}
