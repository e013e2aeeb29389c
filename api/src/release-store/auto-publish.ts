/**
 * Embedded default: a newcomer's `pnpm start` shows real areas. At start the server publishes
 * every remote build on disk (remotes/<remote>/dist/<version>/) that the registry does not have
 * yet, and pins a version for each remote that has no pin (its package.json version when that
 * build is published, else the highest published version).
 *
 * A published version is never overwritten, so a build on disk whose version is published with
 * other content (a developer changed a remote and ran `pnpm start` again) is published as a local
 * build of that version, `<version>+local.<manifest hash>` (semver build metadata: the same
 * version, another build), instead of being silently masked by the old files. A pin that
 * auto-publish itself set on that version follows the build on disk; a pin a person set is never
 * moved (the log says that the build on disk is not what is pinned).
 *
 * On by default with the embedded database (no DATABASE_URL); off with PostgreSQL, where
 * releases go through the CLI / the Releases screen, unless AUTO_PUBLISH_REMOTES=true.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { isReleaseError } from './errors';
import { MANIFEST_FILE, sha256 } from './files';
import {
  VERSION_PATTERN,
  REMOTE_NAME_PATTERN,
  buildMetadataPrefix,
  isBuildOf,
  listReleases,
  pinRemote,
  publishRemote,
  type RemoteReleases,
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
  /**
   * Builds on disk whose version was already published with other content: published as
   * `publishedAs` (`<version>+local.<hash>`), or found published so already.
   */
  rebuilt: { remote: string; version: string; publishedAs: string }[];
  /** Builds that could not be published (broken build, version mismatch ...). */
  skipped: { remote: string; version: string; reason: string }[];
}

/** The registry name of a changed local build of `version`: `1.0.0+local.<12 hex>`. */
export function localBuildVersion(version: string, manifestHash: string): string {
  return `${buildMetadataPrefix(version)}local.${manifestHash.slice(0, 12)}`;
}

/** The published version that holds this very build (same manifest) of `version`, if any. */
function publishedAs(
  entry: RemoteReleases | undefined,
  version: string,
  manifestHash: string,
): string | undefined {
  const same = entry?.versions.filter(
    (item) => item.manifestHash === manifestHash && isBuildOf(item.version, version),
  );
  if (!same || same.length === 0) return undefined;
  return same.find((item) => item.version === version)?.version ?? same[0]!.version;
}

async function manifestHashOf(buildDir: string): Promise<string | undefined> {
  try {
    return sha256(await fs.readFile(path.join(buildDir, MANIFEST_FILE)));
  } catch {
    return undefined;
  }
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

/**
 * Publishes the builds the registry lacks (a changed build of a published version as a local
 * build of it), pins the remotes that have no pin, and moves auto-publish's own pins to the build
 * on disk of the remote's package.json version.
 */
export async function autoPublishRemotes(
  db: Db,
  options: AutoPublishOptions,
): Promise<AutoPublishResult> {
  const by = options.by ?? AUTO_PUBLISH_USER;
  const result: AutoPublishResult = { published: [], pinned: [], rebuilt: [], skipped: [] };
  const builds = await builtVersions(options.remotesDir);
  const releases = new Map((await listReleases(db)).map((entry) => [entry.remote, entry]));
  /** remote -> version on disk -> the registry version that holds that build. */
  const onDisk = new Map<string, Map<string, string>>();

  for (const [remote, versions] of builds) {
    const entry = releases.get(remote);
    const known = new Set(entry?.versions.map((item) => item.version) ?? []);
    const identities = new Map<string, string>();
    onDisk.set(remote, identities);
    for (const version of versions) {
      const buildDir = path.join(options.remotesDir, remote, 'dist', version);
      const manifestHash = await manifestHashOf(buildDir);
      if (!manifestHash) continue;
      const existing = publishedAs(entry, version, manifestHash);
      if (existing) {
        identities.set(version, existing);
        if (existing !== version) result.rebuilt.push({ remote, version, publishedAs: existing });
        continue;
      }
      const target = known.has(version) ? localBuildVersion(version, manifestHash) : version;
      try {
        await publishRemote(db, {
          remote,
          version: target,
          buildDir,
          storeDir: options.storeDir,
          by,
        });
        identities.set(version, target);
        result.published.push({ remote, version: target });
        if (target !== version) {
          result.rebuilt.push({ remote, version, publishedAs: target });
          options.log?.warn(
            { remote, version, publishedAs: target },
            `auto-publish: the build of ${remote} ${version} on disk differs from the published ` +
              `${version} (published versions never change); published it as ${target}`,
          );
        }
      } catch (error) {
        // Another server replica published it at the same moment: nothing to do.
        if (isReleaseError(error) && error.code === 'version_exists') {
          identities.set(version, target);
          continue;
        }
        const reason = error instanceof Error ? error.message : String(error);
        result.skipped.push({ remote, version, reason });
        options.log?.warn({ remote, version, reason }, 'auto-publish: build not published');
      }
    }
  }

  for (const entry of await listReleases(db)) {
    const published = entry.versions.map((item) => item.version);
    if (published.length === 0) continue;
    const preferred = await packageVersion(path.join(options.remotesDir, entry.remote));
    const current = preferred ? onDisk.get(entry.remote)?.get(preferred) : undefined;
    const pin = entry.pinned;
    let version: string;
    let reason: string;
    if (!pin) {
      // Pin what has no pin yet.
      version =
        current ??
        (preferred && published.includes(preferred)
          ? preferred
          : [...published].sort(compareVersions).at(-1)!);
      reason = 'Auto-publish: first version of this area on this server';
    } else if (
      current &&
      preferred &&
      pin.version !== current &&
      (pin.version === preferred || pin.version.startsWith(buildMetadataPrefix(preferred)))
    ) {
      if (pin.pinnedBy !== by) {
        // A release manager's pin is theirs to move.
        options.log?.warn(
          { remote: entry.remote, pinned: pin.version, pinnedBy: pin.pinnedBy, onDisk: current },
          `auto-publish: ${entry.remote} is pinned to ${pin.version} by ${pin.pinnedBy}, not to ` +
            `the build on disk (${current}); pin ${current} to see it`,
        );
        continue;
      }
      // Auto-publish's own pin follows the build on disk.
      version = current;
      reason = `Auto-publish: the build of ${entry.remote} ${preferred} on disk changed`;
    } else {
      continue;
    }
    try {
      const change = await pinRemote(db, { remote: entry.remote, version, by, reason });
      if (change.changed) result.pinned.push({ remote: entry.remote, version });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log?.warn(
        { remote: entry.remote, version, reason: message },
        'auto-publish: pin failed',
      );
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
