import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { remoteCanaries } from '../db/schema/release-safety';
import {
  remotePinHistory,
  remotePins,
  remoteVersions,
  type PinAction,
  type SharedRequirement,
} from '../db/schema/releases';
import { ReleaseError } from './errors';
import { copyBuild, exists, MANIFEST_FILE, readBuildManifest, sha256 } from './files';
import { pinSteps, rollbackTarget } from './rollback-target';

/** A remote's name: its Module Federation container name and its directory in the store. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]*$/;
/** A published version: semver, so <remote>/<version>/ is a safe, immutable path. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The remote store's default directory: <dataDir>/remote-store. */
export function defaultStoreDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'remote-store');
}

/** Where one published version's manifest is served from. */
export function manifestUrl(storeBaseUrl: string, remote: string, version: string): string {
  return `${storeBaseUrl.replace(/\/+$/, '')}/${remote}/${version}/${MANIFEST_FILE}`;
}

function assertRemote(remote: string): void {
  if (!REMOTE_NAME_PATTERN.test(remote)) {
    throw new ReleaseError(
      'invalid_remote',
      `"${remote}" is not a remote name (lower-case letters and digits).`,
      { remote },
    );
  }
}

function assertVersion(version: string): void {
  if (!VERSION_PATTERN.test(version)) {
    throw new ReleaseError(
      'invalid_version',
      `"${version}" is not a semver version (x.y.z[-pre]).`,
      { version },
    );
  }
}

function assertUser(by: string): void {
  if (by.trim() === '')
    throw new ReleaseError('invalid_user', 'Who makes the change must be known.');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises pin changes of one remote (pins of different remotes run in parallel). */
export async function lockRemote(tx: Tx, remote: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`remote-release:${remote}`}))`);
}

export async function publishedVersions(tx: Tx | Db, remote: string): Promise<string[]> {
  const rows = await tx
    .select({ version: remoteVersions.version })
    .from(remoteVersions)
    .where(eq(remoteVersions.remote, remote))
    .orderBy(asc(remoteVersions.publishedAt));
  return rows.map((row) => row.version);
}

// ---------------------------------------------------------------------------------------------
// Publish

export interface PublishOptions {
  remote: string;
  /** A build: remotes/<remote>/dist/<version>/ (with mf-manifest.json). */
  buildDir: string;
  /** The remote store; the version lands in <storeDir>/<remote>/<version>/. */
  storeDir: string;
  /** Who publishes (e-mail or OS user). */
  by: string;
  /** Default: the manifest's buildVersion, else the build directory's name. */
  version?: string;
  /** Written in the publish's transaction (the audit entry). */
  onPublished?: (tx: Tx, published: PublishedVersion) => Promise<void>;
  /** Copies the stored version where the store is served from (a bucket), before commit. */
  mirror?: (remote: string, version: string, dir: string) => Promise<void>;
}

export interface PublishedVersion {
  remote: string;
  version: string;
  manifestHash: string;
  /** sha256 of the remote entry. */
  entryHash: string;
  sharedRequirements: SharedRequirement[];
  publishedAt: Date;
  publishedBy: string;
  /** Where the files now are. */
  dir: string;
}

/**
 * Whether a build that records `buildVersion` may be published as `version`: the same version,
 * or the same with more build metadata (semver: `1.0.0+local.3f2a` is 1.0.0, another build of
 * it). Auto-publish gives a changed local build of an already published version such a name.
 */
export function isBuildOf(version: string, buildVersion: string): boolean {
  return version === buildVersion || version.startsWith(buildMetadataPrefix(buildVersion));
}

/** What a version gets build metadata with: `1.0.0` -> `1.0.0+`, `1.0.0+ci.4` -> `1.0.0+ci.4.`. */
export function buildMetadataPrefix(version: string): string {
  return version.includes('+') ? `${version}.` : `${version}+`;
}

/**
 * Copies a remote's build into the store at <remote>/<version>/ and records it with the sha256
 * of its manifest. A version is published once: an existing row or directory is refused and
 * nothing is overwritten.
 */
export async function publishRemote(db: Db, options: PublishOptions): Promise<PublishedVersion> {
  const { remote, buildDir, storeDir, by } = options;
  assertRemote(remote);
  assertUser(by);
  const manifest = await readBuildManifest(buildDir);
  if (manifest.name !== remote) {
    throw new ReleaseError(
      'build_invalid',
      `The build at ${buildDir} is of remote "${manifest.name}", not "${remote}".`,
    );
  }
  const version = options.version ?? manifest.buildVersion ?? path.basename(path.resolve(buildDir));
  assertVersion(version);
  if (manifest.buildVersion && !isBuildOf(version, manifest.buildVersion)) {
    throw new ReleaseError(
      'build_invalid',
      `The build at ${buildDir} is version ${manifest.buildVersion}, not ${version}.`,
    );
  }
  const manifestHash = sha256(manifest.bytes);
  const entryHash = sha256(await fs.readFile(path.join(buildDir, manifest.remoteEntry)));
  const dir = path.join(path.resolve(storeDir), remote, version);
  const refuse = () =>
    new ReleaseError(
      'version_exists',
      `${remote} ${version} is already published; a published version is never overwritten. ` +
        'Give the new build a new version (package.json "version").',
      { remote, version },
    );

  const [existing] = await db
    .select({ version: remoteVersions.version })
    .from(remoteVersions)
    .where(and(eq(remoteVersions.remote, remote), eq(remoteVersions.version, version)));
  if (existing || (await exists(dir))) throw refuse();

  let copied = false;
  try {
    return await db.transaction(async (tx) => {
      // The row first: a concurrent publish of the same version waits here, then fails.
      const [row] = await tx
        .insert(remoteVersions)
        .values({
          remote,
          version,
          manifestHash,
          entryHash,
          sharedRequirements: manifest.shared,
          publishedBy: by,
        })
        .returning();
      await copyBuild(buildDir, dir);
      copied = true;
      const [storedManifest, storedEntry] = await Promise.all([
        fs.readFile(path.join(dir, MANIFEST_FILE)),
        fs.readFile(path.join(dir, manifest.remoteEntry)),
      ]);
      if (sha256(storedManifest) !== manifestHash || sha256(storedEntry) !== entryHash) {
        throw new ReleaseError(
          'build_invalid',
          `The build at ${buildDir} changed while it was being published.`,
        );
      }
      await options.mirror?.(remote, version, dir);
      const published: PublishedVersion = {
        remote,
        version,
        manifestHash,
        entryHash,
        sharedRequirements: manifest.shared,
        publishedAt: row!.publishedAt,
        publishedBy: row!.publishedBy,
        dir,
      };
      await options.onPublished?.(tx, published);
      return published;
    });
  } catch (error) {
    if (copied) await fs.rm(dir, { recursive: true, force: true });
    if (isUniqueViolation(error)) throw refuse();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Pin and roll back

export interface PinChange {
  remote: string;
  fromVersion: string | null;
  toVersion: string;
  action: PinAction;
  pinnedBy: string;
  pinnedAt: Date;
  reason: string | null;
  /** The pin overrode the compatibility gate. */
  forced: boolean;
  /** False when the remote was already pinned to that version (nothing recorded). */
  changed: boolean;
}

export interface PinOptions {
  remote: string;
  version: string;
  by: string;
  reason?: string | null;
  /** Recorded in the history: the pin overrode the compatibility gate. */
  forced?: boolean;
  /** Written in the pin's transaction when it changes something (the audit entry). */
  onChange?: (tx: Tx, change: PinChange) => Promise<void>;
}

async function applyPin(
  tx: Tx,
  remote: string,
  fromVersion: string | null,
  toVersion: string,
  action: PinAction,
  by: string,
  reason: string | null,
  forced = false,
): Promise<PinChange> {
  const [pin] = await tx
    .insert(remotePins)
    .values({ remote, version: toVersion, pinnedBy: by })
    .onConflictDoUpdate({
      target: remotePins.remote,
      set: { version: toVersion, pinnedBy: by, pinnedAt: sql`now()` },
    })
    .returning();
  await tx.insert(remotePinHistory).values({
    remote,
    fromVersion,
    toVersion,
    action,
    pinnedBy: by,
    pinnedAt: pin!.pinnedAt,
    reason,
    forced,
  });
  // A canary of the version now pinned for everyone has nothing left to do.
  await tx
    .delete(remoteCanaries)
    .where(and(eq(remoteCanaries.remote, remote), eq(remoteCanaries.version, toVersion)));
  return {
    remote,
    fromVersion,
    toVersion,
    action,
    pinnedBy: by,
    pinnedAt: pin!.pinnedAt,
    reason,
    forced,
    changed: true,
  };
}

function cleanReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim();
  return trimmed ? trimmed : null;
}

/** Pins a remote to a published version (what the console loads from now on). */
export async function pinRemote(db: Db, options: PinOptions): Promise<PinChange> {
  const { remote, version, by } = options;
  assertRemote(remote);
  assertVersion(version);
  assertUser(by);
  const reason = cleanReason(options.reason);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const published = await publishedVersions(tx, remote);
    if (!published.includes(version)) {
      throw new ReleaseError(
        'not_published',
        `${remote} ${version} is not published, so it cannot be pinned. ` +
          (published.length > 0
            ? `Published versions of ${remote}: ${published.join(', ')}.`
            : `No version of ${remote} is published yet (pnpm release publish ${remote}).`),
        { remote, version, ...(published.length > 0 ? { versions: published.join(', ') } : {}) },
      );
    }
    const [current] = await tx.select().from(remotePins).where(eq(remotePins.remote, remote));
    if (current?.version === version) {
      return {
        remote,
        fromVersion: version,
        toVersion: version,
        action: 'pin' as const,
        pinnedBy: current.pinnedBy,
        pinnedAt: current.pinnedAt,
        reason: null,
        forced: false,
        changed: false,
      };
    }
    const change = await applyPin(
      tx,
      remote,
      current?.version ?? null,
      version,
      'pin',
      by,
      reason,
      options.forced ?? false,
    );
    await options.onChange?.(tx, change);
    return change;
  });
}

export interface RollbackOptions {
  remote: string;
  by: string;
  reason?: string | null;
  /** Written in the rollback's transaction (the audit entry). */
  onChange?: (tx: Tx, change: PinChange) => Promise<void>;
}

/**
 * Pins the version that was pinned before the current one. The history is a stack: each pin
 * pushes a version, each rollback pops one, so rolling back twice goes back two pins.
 */
export async function rollbackRemote(db: Db, options: RollbackOptions): Promise<PinChange> {
  const { remote, by } = options;
  assertRemote(remote);
  assertUser(by);
  const reason = cleanReason(options.reason);
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const [current] = await tx.select().from(remotePins).where(eq(remotePins.remote, remote));
    if (!current) {
      throw new ReleaseError(
        'not_pinned',
        `${remote} is not pinned to any version, so there is nothing to roll back.`,
      );
    }
    const previous = rollbackTarget(await pinSteps(tx, remote));
    if (!previous) {
      throw new ReleaseError(
        'no_previous_pin',
        `${remote} has no earlier pinned version to roll back to (pinned: ${current.version}). ` +
          'Pin a version explicitly instead.',
      );
    }
    const change = await applyPin(tx, remote, current.version, previous, 'rollback', by, reason);
    await options.onChange?.(tx, change);
    return change;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ReleaseVersion {
  version: string;
  manifestHash: string;
  /** Null for a version published before entry hashes were recorded (until a pin checks it). */
  entryHash: string | null;
  /** Null for a version published before requirements were recorded. */
  sharedRequirements: SharedRequirement[] | null;
  publishedAt: Date;
  publishedBy: string;
  pinned: boolean;
}

export interface RemoteReleases {
  remote: string;
  pinned: { version: string; pinnedAt: Date; pinnedBy: string } | null;
  /** Newest first. */
  versions: ReleaseVersion[];
}

/** Every remote with a published version: its versions and its pin. */
export async function listReleases(db: Db): Promise<RemoteReleases[]> {
  const [versions, pins] = await Promise.all([
    db
      .select()
      .from(remoteVersions)
      .orderBy(
        asc(remoteVersions.remote),
        desc(remoteVersions.publishedAt),
        desc(remoteVersions.version),
      ),
    db.select().from(remotePins),
  ]);
  const pinByRemote = new Map(pins.map((pin) => [pin.remote, pin]));
  const byRemote = new Map<string, RemoteReleases>();
  for (const row of versions) {
    const pin = pinByRemote.get(row.remote);
    let entry = byRemote.get(row.remote);
    if (!entry) {
      entry = {
        remote: row.remote,
        pinned: pin
          ? { version: pin.version, pinnedAt: pin.pinnedAt, pinnedBy: pin.pinnedBy }
          : null,
        versions: [],
      };
      byRemote.set(row.remote, entry);
    }
    entry.versions.push({
      version: row.version,
      manifestHash: row.manifestHash,
      entryHash: row.entryHash,
      sharedRequirements: row.sharedRequirements,
      publishedAt: row.publishedAt,
      publishedBy: row.publishedBy,
      pinned: pin?.version === row.version,
    });
  }
  return [...byRemote.values()];
}

export interface PinHistoryEntry {
  id: number;
  remote: string;
  fromVersion: string | null;
  toVersion: string;
  action: PinAction;
  pinnedBy: string;
  pinnedAt: Date;
  reason: string | null;
  forced: boolean;
}

/** Pin changes, newest first (of one remote, or of all). */
export async function listPinHistory(
  db: Db,
  options: { remote?: string; limit?: number } = {},
): Promise<PinHistoryEntry[]> {
  const query = db.select().from(remotePinHistory);
  const filtered = options.remote
    ? query.where(eq(remotePinHistory.remote, options.remote))
    : query;
  return filtered.orderBy(desc(remotePinHistory.id)).limit(options.limit ?? 100);
}

/** One published version's row, or undefined. */
export async function publishedVersion(db: Db, remote: string, version: string) {
  const [row] = await db
    .select()
    .from(remoteVersions)
    .where(and(eq(remoteVersions.remote, remote), eq(remoteVersions.version, version)));
  return row;
}

/** Records what a check read when publish did not (versions published before 0025). */
export async function recordVersionFacts(
  db: Db,
  remote: string,
  version: string,
  facts: { entryHash?: string; sharedRequirements?: SharedRequirement[] },
): Promise<void> {
  const set = {
    ...(facts.entryHash ? { entryHash: facts.entryHash } : {}),
    ...(facts.sharedRequirements ? { sharedRequirements: facts.sharedRequirements } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .update(remoteVersions)
    .set(set)
    .where(and(eq(remoteVersions.remote, remote), eq(remoteVersions.version, version)));
}

/** Whether a version is published (e.g. to check a preview override). */
export async function isPublished(db: Db, remote: string, version: string): Promise<boolean> {
  const [row] = await db
    .select({ version: remoteVersions.version })
    .from(remoteVersions)
    .where(and(eq(remoteVersions.remote, remote), eq(remoteVersions.version, version)));
  return Boolean(row);
}

export interface PinnedReleaseDocument {
  remotes: Record<string, { version: string; manifestUrl: string }>;
}

/** What the host reads at start: the pinned version of each remote and its manifest URL. */
export async function pinnedReleaseDocument(
  db: Db,
  storeBaseUrl: string,
): Promise<PinnedReleaseDocument> {
  const pins = await db.select().from(remotePins).orderBy(asc(remotePins.remote));
  const remotes: PinnedReleaseDocument['remotes'] = {};
  for (const pin of pins) {
    remotes[pin.remote] = {
      version: pin.version,
      manifestUrl: manifestUrl(storeBaseUrl, pin.remote, pin.version),
    };
  }
  return { remotes };
}
