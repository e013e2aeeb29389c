import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODES,
  RELEASE_ERROR_WINDOW_HOURS,
  RELEASE_HISTORY_LIMIT,
  type ApiMessage,
  type CanaryPin,
  type EndCanaryInput,
  type PinChangeResult,
  type PinHistoryItem,
  type PinnedReleaseDocument,
  type ReleaseBeaconInput,
  type ReleaseListData,
  type ReleasePreview,
  type SetCanaryInput,
} from '@esim/contracts';
import { eq, inArray } from 'drizzle-orm';
import { actorOf } from '../../audit';
import type { AppConfig } from '../../config';
import { roles } from '../../db/schema/access';
import { remoteVersions, type SharedRequirement } from '../../db/schema/releases';
import type { AuthContext } from '../../http/define-route';
import { AppError, BusinessRuleError, RateLimitedError } from '../../http/errors';
import { REMOTE_STORE_PATH } from '../../http/remote-store';
import {
  MANIFEST_FILE,
  createBucketMirror,
  endCanary,
  errorRate,
  errorRates,
  getsCanary,
  hostSharedReader,
  isPublished,
  listCanaries,
  listPinHistory,
  listReleases,
  manifestUrl,
  parseManifest,
  pinRemote,
  pinnedReleaseDocument,
  pruneLoadReports,
  publishedVersion,
  recordLoadEvents,
  rollbackRemote,
  rollbackTargets,
  setCanary,
  type PinChange,
  type PinHistoryEntry,
  type StoreMirror,
} from '../../release-store';
import type { AreaDeps } from '../types';
import { auditCanaryChange, auditPinChange, auditPreview } from './audit';
import { releaseHttpError } from './errors';
import { assertCompatible, assertServedAsPublished, versionCompatibility } from './gate';
import { RELEASE_MESSAGES } from './messages';
import { publishUpload, type PublishUploadInput } from './publish';
import { createRateLimiter } from './rate-limit';

export { RELEASE_MESSAGES } from './messages';
export { releaseHttpError } from './errors';

/**
 * `${REMOTE_STORE_URL ?? PUBLIC_URL}/remotes`: where manifests are served from. Without either
 * it is the path '/remotes' on whatever origin the console is reached at (embedded default).
 */
export function remoteStoreBaseUrl(
  config: Pick<AppConfig, 'remoteStoreUrl' | 'consoleOrigin'>,
): string {
  const base = config.remoteStoreUrl ?? config.consoleOrigin ?? '';
  return `${base.replace(/\/+$/, '')}${REMOTE_STORE_PATH}`;
}

/** The bucket the store is served from (REMOTE_STORE_BUCKET), written at publish. */
function storeMirror(config: AppConfig): StoreMirror | undefined {
  if (!config.remoteStoreBucket) return undefined;
  if (!config.files.s3) {
    throw new Error(
      'REMOTE_STORE_BUCKET needs the S3 connection settings of the uploads (S3_BUCKET, S3_ENDPOINT ...)',
    );
  }
  return createBucketMirror(config.files.s3, config.remoteStoreBucket);
}

/** 404 for a remote the registry has never seen (no published version). */
class UnknownRemoteError extends AppError {
  constructor(remote: string) {
    super(404, ERROR_CODES.notFound, RELEASE_MESSAGES.unknownRemote({ remote }));
  }
}

/** Beacons one user may send per minute (a tab sends one per area load, batched). */
const BEACONS_PER_MINUTE = 30;
/** Load reports are pruned at most this often per process. */
const PRUNE_EVERY_MS = 3_600_000;

function pinChangeResult(change: PinChange): PinChangeResult {
  return {
    remote: change.remote,
    fromVersion: change.fromVersion,
    toVersion: change.toVersion,
    action: change.action,
    pinnedBy: change.pinnedBy,
    pinnedAt: change.pinnedAt.toISOString(),
    reason: change.reason,
    ...(change.forced ? { forced: true } : {}),
    changed: change.changed,
  };
}

function historyItem(entry: PinHistoryEntry): PinHistoryItem {
  return {
    id: entry.id,
    fromVersion: entry.fromVersion,
    toVersion: entry.toVersion,
    action: entry.action,
    pinnedBy: entry.pinnedBy,
    pinnedAt: entry.pinnedAt.toISOString(),
    reason: entry.reason,
    ...(entry.forced ? { forced: true } : {}),
  };
}

/** The release registry over HTTP. */
export function createReleaseService({ config, db }: AreaDeps) {
  const storeBaseUrl = remoteStoreBaseUrl(config);
  /** The same store as the API reaches it (RELEASE_CHECK_STORE_URL), for a pin's check. */
  const checkBaseUrl = config.releaseCheckStoreUrl
    ? remoteStoreBaseUrl({ remoteStoreUrl: config.releaseCheckStoreUrl, consoleOrigin: undefined })
    : storeBaseUrl;
  const storeDir = config.remoteStoreDir;
  const hostShared = hostSharedReader(config.hostDistDir);
  const beaconLimit = createRateLimiter(BEACONS_PER_MINUTE, 60_000);
  const mirror = storeMirror(config);
  let prunedAt = 0;
  /** Requirements of versions published before they were recorded, read from the store once. */
  const storedRequirements = new Map<string, SharedRequirement[] | null>();

  async function requirementsOf(
    remote: string,
    version: string,
    recorded: SharedRequirement[] | null,
  ): Promise<SharedRequirement[] | null> {
    if (recorded) return recorded;
    const key = `${remote}@${version}`;
    if (!storedRequirements.has(key)) {
      try {
        const bytes = await fs.readFile(path.join(storeDir, remote, version, MANIFEST_FILE));
        storedRequirements.set(key, parseManifest(bytes, MANIFEST_FILE).shared);
      } catch {
        storedRequirements.set(key, null);
      }
    }
    return storedRequirements.get(key) ?? null;
  }

  async function assertKnownRemote(remote: string): Promise<void> {
    const [row] = await db
      .select({ remote: remoteVersions.remote })
      .from(remoteVersions)
      .where(eq(remoteVersions.remote, remote))
      .limit(1);
    if (!row) throw new UnknownRemoteError(remote);
  }

  async function run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw releaseHttpError(error);
    }
  }

  /**
   * The gate of a pin or a canary: the version is published, fits the console (unless forced)
   * and the store serves exactly what was published.
   */
  async function checkPinnable(remote: string, version: string, force: boolean): Promise<void> {
    const row = await publishedVersion(db, remote, version);
    // Not published: the store's own refusal (with the published versions) follows.
    if (!row) return;
    const requirements = await assertServedAsPublished(db, {
      remote,
      version,
      manifestUrl: manifestUrl(checkBaseUrl, remote, version),
      storeDir,
      timeoutMs: config.releaseCheckTimeoutMs,
      facts: {
        manifestHash: row.manifestHash,
        entryHash: row.entryHash,
        sharedRequirements: row.sharedRequirements,
      },
    });
    assertCompatible(
      remote,
      version,
      versionCompatibility(requirements, await hostShared()),
      force,
    );
  }

  async function assertKnownRoles(roleIds: readonly string[]): Promise<void> {
    if (roleIds.length === 0) return;
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.id, [...roleIds]));
    const known = new Set(found.map((row) => row.id));
    const unknown = roleIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new AppError(
        400,
        ERROR_CODES.validation,
        RELEASE_MESSAGES.unknownRole({ role: unknown }),
      );
    }
  }

  return {
    /**
     * The pinned release document for this user: the canary of a remote when the user is in its
     * audience (`channel: 'canary'`); `previews` (already permission-checked by the route)
     * replace their remote's entry for this answer only, marked { preview: true }.
     */
    async pinnedDocument(
      auth: AuthContext,
      previews: readonly ReleasePreview[] = [],
    ): Promise<PinnedReleaseDocument> {
      for (const { remote, version } of previews) {
        if (!(await isPublished(db, remote, version))) {
          throw new BusinessRuleError(RELEASE_MESSAGES.previewNotPublished({ remote, version }));
        }
      }
      const [document, canaries] = await Promise.all([
        pinnedReleaseDocument(db, storeBaseUrl) as Promise<PinnedReleaseDocument>,
        listCanaries(db),
      ]);
      for (const [remote, canary] of canaries) {
        if (!document.remotes[remote] || !getsCanary(canary, remote, auth)) continue;
        document.remotes[remote] = {
          version: canary.version,
          manifestUrl: manifestUrl(storeBaseUrl, remote, canary.version),
          channel: 'canary',
        };
      }
      for (const { remote, version } of previews) {
        document.remotes[remote] = {
          version,
          manifestUrl: manifestUrl(storeBaseUrl, remote, version),
          preview: true,
        };
      }
      if (previews.length > 0) await auditPreview(db, actorOf(auth), previews);
      return document;
    },

    async list(): Promise<ReleaseListData> {
      const [releases, targets, canaries, rates, host] = await Promise.all([
        listReleases(db),
        rollbackTargets(db),
        listCanaries(db),
        errorRates(db, RELEASE_ERROR_WINDOW_HOURS),
        hostShared(),
      ]);
      const histories = await Promise.all(
        releases.map((entry) =>
          listPinHistory(db, { remote: entry.remote, limit: RELEASE_HISTORY_LIMIT }),
        ),
      );
      const remotes: ReleaseListData['remotes'] = [];
      for (const [index, entry] of releases.entries()) {
        const versions = [];
        for (const version of entry.versions) {
          const requirements = await requirementsOf(
            entry.remote,
            version.version,
            version.sharedRequirements,
          );
          versions.push({
            version: version.version,
            manifestHash: version.manifestHash,
            publishedAt: version.publishedAt.toISOString(),
            publishedBy: version.publishedBy,
            pinned: version.pinned,
            compatibility: versionCompatibility(requirements, host),
            errorRate: rates.get(`${entry.remote}@${version.version}`) ?? errorRate(0, 0),
          });
        }
        remotes.push({
          remote: entry.remote,
          pinnedVersion: entry.pinned?.version ?? null,
          pinnedAt: entry.pinned?.pinnedAt.toISOString() ?? null,
          pinnedBy: entry.pinned?.pinnedBy ?? null,
          rollbackVersion: entry.pinned ? (targets.get(entry.remote) ?? null) : null,
          canary: canaries.get(entry.remote) ?? null,
          versions,
          history: (histories[index] ?? []).map(historyItem),
        });
      }
      return { remotes };
    },

    async pin(
      input: { remote: string; version: string; reason: string; force?: boolean | undefined },
      auth: AuthContext,
    ): Promise<{ change: PinChangeResult; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      const force = input.force === true;
      await checkPinnable(input.remote, input.version, force);
      const change = pinChangeResult(
        await run(() =>
          pinRemote(db, {
            remote: input.remote,
            version: input.version,
            by: auth.email,
            reason: input.reason,
            forced: force,
            onChange: (tx, recorded) => auditPinChange(tx, actorOf(auth), recorded),
          }),
        ),
      );
      return {
        change,
        message: change.changed
          ? RELEASE_MESSAGES.pinned({ remote: change.remote, version: change.toVersion })
          : RELEASE_MESSAGES.alreadyPinned({ remote: change.remote, version: change.toVersion }),
      };
    },

    async rollback(
      input: { remote: string; reason: string },
      auth: AuthContext,
    ): Promise<{ change: PinChangeResult; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      const change = pinChangeResult(
        await run(() =>
          rollbackRemote(db, {
            remote: input.remote,
            by: auth.email,
            reason: input.reason,
            onChange: (tx, recorded) => auditPinChange(tx, actorOf(auth), recorded),
          }),
        ),
      );
      return {
        change,
        message: RELEASE_MESSAGES.rolledBack({
          remote: change.remote,
          from: change.fromVersion ?? '(none)',
          to: change.toVersion,
        }),
      };
    },

    async setCanary(
      input: Required<Pick<SetCanaryInput, 'remote' | 'version' | 'reason'>> & {
        percent?: number | undefined;
        roleIds: string[];
        force?: boolean | undefined;
      },
      auth: AuthContext,
    ): Promise<{ canary: CanaryPin; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      await assertKnownRoles(input.roleIds);
      const force = input.force === true;
      await checkPinnable(input.remote, input.version, force);
      const change = await run(() =>
        setCanary(db, {
          remote: input.remote,
          version: input.version,
          percent: input.percent ?? null,
          roleIds: input.roleIds,
          by: auth.email,
          reason: input.reason,
          onChange: (tx, recorded) =>
            auditCanaryChange(tx, actorOf(auth), input.remote, recorded, input.reason, force),
        }),
      );
      return {
        canary: change.after!,
        message: RELEASE_MESSAGES.canarySet({ remote: input.remote, version: input.version }),
      };
    },

    async endCanary(
      input: EndCanaryInput,
      auth: AuthContext,
    ): Promise<{ ended: CanaryPin; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      const change = await run(() =>
        endCanary(db, input.remote, (tx, recorded) =>
          auditCanaryChange(tx, actorOf(auth), input.remote, recorded, input.reason),
        ),
      );
      const [pinned] = (await listReleases(db)).filter((entry) => entry.remote === input.remote);
      return {
        ended: change.before!,
        message: RELEASE_MESSAGES.canaryEnded({
          remote: input.remote,
          version: pinned?.pinned?.version ?? '',
        }),
      };
    },

    /** Counts the events of a beacon (versions that are not published are dropped). */
    async beacon(input: ReleaseBeaconInput, auth: AuthContext): Promise<{ counted: number }> {
      if (!beaconLimit.take(auth.userId)) throw new RateLimitedError();
      const counted = await recordLoadEvents(db, input.events);
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneLoadReports(db);
      }
      return { counted };
    },

    publish(input: PublishUploadInput, body: unknown, auth: AuthContext) {
      return run(() => publishUpload({ db, storeDir, hostShared, mirror }, input, body, auth));
    },
  };
}
