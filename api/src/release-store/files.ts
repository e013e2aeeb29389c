import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SharedRequirement } from '../db/schema/releases';
import { ReleaseError } from './errors';
import { assetFiles, sharedRequirementsOf, type ManifestJson } from './manifest-json';

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
  /** The shared packages it requires (`shared[]`: requiredVersion, else ^version). */
  shared: SharedRequirement[];
  /** Every file the manifest names (remote entry, exposes' and shared modules' assets). */
  files: string[];
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

/**
 * A parsed mf-manifest.json: its container name, build version, remote entry, shared requirements
 * and named files, or a problem in words (`where` names the file in it).
 */
export function parseManifest(bytes: Buffer, where: string): Omit<BuildManifest, 'bytes'> {
  let json: ManifestJson;
  try {
    json = JSON.parse(bytes.toString('utf8')) as ManifestJson;
  } catch {
    throw new ReleaseError('build_invalid', `${where} is not valid JSON.`);
  }
  const entry = json?.metaData?.remoteEntry;
  if (typeof json?.name !== 'string' || typeof entry?.name !== 'string') {
    throw new ReleaseError('build_invalid', `${where} has no container name or remote entry.`);
  }
  const remoteEntry = path.posix.join(typeof entry.path === 'string' ? entry.path : '', entry.name);
  const buildVersion = json.metaData?.buildInfo?.buildVersion;
  return {
    name: json.name,
    buildVersion: typeof buildVersion === 'string' ? buildVersion : undefined,
    remoteEntry,
    shared: sharedRequirementsOf(json),
    files: [...new Set([remoteEntry, ...assetFiles(json)])],
  };
}

/** Reads and checks a build's mf-manifest.json and that every file it names is there. */
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
  const manifest = parseManifest(bytes, file);
  for (const named of manifest.files) {
    if (!(await exists(path.join(buildDir, named)))) {
      throw new ReleaseError('build_invalid', `The build at ${buildDir} has no ${named}.`);
    }
  }
  return { bytes, ...manifest };
}

/** Text files the server sends compressed (the same rule as @esim/build's PrecompressPlugin). */
const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|json|svg|map|txt)$/i;
const COMPRESS_THRESHOLD_BYTES = 1024;
const MIN_RATIO = 0.9;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every file under `dir` (relative paths). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes <file>.br and <file>.gz for each text file of a version that has neither (a build made
 * without @esim/build's PrecompressPlugin), so the store never sends a remote's chunks
 * uncompressed. A build that has them (the normal case) is left as it is. Returns the files
 * compressed.
 */
export async function precompressMissing(dir: string): Promise<string[]> {
  const files = await filesUnder(dir);
  const present = new Set(files);
  const missing = files.filter(
    (file) => COMPRESSIBLE.test(file) && !present.has(`${file}.br`) && !present.has(`${file}.gz`),
  );
  const done: string[] = [];
  for (const file of missing) {
    const input = await fs.readFile(path.join(dir, file));
    if (input.length < COMPRESS_THRESHOLD_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      }),
      gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length <= input.length * MIN_RATIO) await fs.writeFile(path.join(dir, `${file}.br`), br);
    if (gz.length <= input.length * MIN_RATIO) await fs.writeFile(path.join(dir, `${file}.gz`), gz);
    done.push(file);
  }
  return done;
}

/**
 * Copies a build to `target` all at once: into a temporary sibling first, then one rename, so
 * the store never serves a half-copied version. Refuses when `target` exists. Text files without
 * precompressed copies get them on the way (precompressMissing).
 */
export async function copyBuild(buildDir: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = `${target}.staging-${randomBytes(6).toString('hex')}`;
  try {
    await fs.cp(buildDir, staging, { recursive: true, errorOnExist: true, force: false });
    await precompressMissing(staging);
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
