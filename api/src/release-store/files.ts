import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError } from './errors';

/** The manifest every remote build emits (Module Federation `manifest: true`). */
export const MANIFEST_FILE = 'mf-manifest.json';

export interface BuildManifest {
  /** The file's bytes, exactly as published (what the hash is taken of). */
  bytes: Buffer;
  /** Container name (the remote). */
  name: string;
  /** metaData.buildInfo.buildVersion, when the build recorded one. */
  buildVersion: string | undefined;
  /** The container script, relative to the build directory. */
  remoteEntry: string;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks a build's mf-manifest.json (and that its remote entry is there). */
export async function readBuildManifest(buildDir: string): Promise<BuildManifest> {
  const file = path.join(buildDir, MANIFEST_FILE);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    throw new ReleaseError(
      'build_invalid',
      `No build at ${buildDir}: ${MANIFEST_FILE} is missing. Build the remote first.`,
    );
  }
  let json: {
    name?: unknown;
    metaData?: {
      buildInfo?: { buildVersion?: unknown };
      remoteEntry?: { name?: unknown; path?: unknown };
    };
  };
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ReleaseError('build_invalid', `${file} is not valid JSON.`);
  }
  const entry = json.metaData?.remoteEntry;
  if (typeof json.name !== 'string' || typeof entry?.name !== 'string') {
    throw new ReleaseError('build_invalid', `${file} has no container name or remote entry.`);
  }
  const remoteEntry = path.posix.join(typeof entry.path === 'string' ? entry.path : '', entry.name);
  if (!(await exists(path.join(buildDir, remoteEntry)))) {
    throw new ReleaseError('build_invalid', `The build at ${buildDir} has no ${remoteEntry}.`);
  }
  const buildVersion = json.metaData?.buildInfo?.buildVersion;
  return {
    bytes,
    name: json.name,
    buildVersion: typeof buildVersion === 'string' ? buildVersion : undefined,
    remoteEntry,
  };
}

/**
 * Copies a build to `target` all at once: into a temporary sibling first, then one rename, so
 * the store never serves a half-copied version. Refuses when `target` exists.
 */
export async function copyBuild(buildDir: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = `${target}.staging-${randomBytes(6).toString('hex')}`;
  try {
    await fs.cp(buildDir, staging, { recursive: true, errorOnExist: true, force: false });
    if (await exists(target)) {
      throw new ReleaseError(
        'version_exists',
        `${target} already exists; published files are never overwritten.`,
      );
    }
    await fs.rename(staging, target);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
