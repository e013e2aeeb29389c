import {
  ERROR_CODES,
  RELEASE_HISTORY_LIMIT,
  defineApiMessages,
  type ApiMessage,
  type PinChangeResult,
  type PinHistoryItem,
  type PinnedReleaseDocument,
  type ReleaseListData,
  type ReleasePreview,
} from '@esim/contracts';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { remoteVersions } from '../../db/schema/releases';
import {
  AppError,
  BusinessRuleError,
  ConflictError,
  ERROR_MESSAGES,
  ValidationError,
} from '../../http/errors';
import { REMOTE_STORE_PATH } from '../../http/remote-store';
import {
  isPublished,
  isReleaseError,
  listPinHistory,
  listReleases,
  manifestUrl,
  pinRemote,
  pinnedReleaseDocument,
  rollbackRemote,
  rollbackTargets,
  type PinChange,
  type PinHistoryEntry,
  type ReleaseError,
  type ReleaseErrorCode,
} from '../../release-store';
import type { AreaDeps } from '../types';

export const RELEASE_MESSAGES = defineApiMessages('releases', {
  pinned: 'Release pinned: {{remote}} {{version}}.',
  alreadyPinned: '{{remote}} is already pinned to {{version}}; nothing changed.',
  rolledBack: 'Release rolled back: {{remote}} {{from}} -> {{to}}.',
  unknownRemote: 'Remote {{remote}} not found: no version of it is published.',
  previewNotPublished: '{{remote}} {{version}} is not published, so it cannot be previewed.',
  // The rollback refusals the Releases screen shows: the area is on screen, so no remote name.
  notPinned: 'This area is not pinned to any version, so there is nothing to roll back.',
  noPreviousPin: 'This area has no earlier pinned version to roll back to. Pin a version instead.',
  // The release store's refusals (release-store/store.ts words them the same for the CLI).
  invalidRemote: '"{{remote}}" is not a remote name (lower-case letters and digits).',
  invalidVersion: '"{{version}}" is not a semver version (x.y.z[-pre]).',
  invalidUser: 'Who makes the change must be known.',
  versionExists:
    '{{remote}} {{version}} is already published; a published version is never overwritten. Give the new build a new version (package.json "version").',
  notPublished:
    '{{remote}} {{version}} is not published, so it cannot be pinned. Published versions of {{remote}}: {{versions}}.',
  notPublishedNone:
    '{{remote}} {{version}} is not published, so it cannot be pinned. No version of {{remote}} is published yet (pnpm release publish {{remote}}).',
});

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

/** 404 for a remote the registry has never seen (no published version). */
class UnknownRemoteError extends AppError {
  constructor(remote: string) {
    super(404, ERROR_CODES.notFound, RELEASE_MESSAGES.unknownRemote({ remote }));
  }
}

const FIELD_OF: Partial<Record<ReleaseErrorCode, string>> = {
  invalid_remote: 'remote',
  invalid_version: 'version',
};

/** The keyed message of a ReleaseError (its params say which remote and version). */
function releaseErrorMessage(error: ReleaseError): ApiMessage {
  const { remote = '', version = '', versions } = error.params;
  switch (error.code) {
    case 'invalid_remote':
      return RELEASE_MESSAGES.invalidRemote({ remote });
    case 'invalid_version':
      return RELEASE_MESSAGES.invalidVersion({ version });
    case 'invalid_user':
      return RELEASE_MESSAGES.invalidUser;
    case 'version_exists':
      return RELEASE_MESSAGES.versionExists({ remote, version });
    case 'not_published':
      return versions
        ? RELEASE_MESSAGES.notPublished({ remote, version, versions })
        : RELEASE_MESSAGES.notPublishedNone({ remote, version });
    case 'not_pinned':
      return RELEASE_MESSAGES.notPinned;
    case 'no_previous_pin':
      return RELEASE_MESSAGES.noPreviousPin;
    case 'build_invalid':
      // A build problem of the CLI's publish: its text names local paths; HTTP gives no detail.
      return ERROR_MESSAGES.invalidRequest;
  }
}

/** A ReleaseError as the API answers it (its message, with its key). */
export function releaseHttpError(error: unknown): unknown {
  if (!isReleaseError(error)) return error;
  const message = releaseErrorMessage(error);
  switch (error.code) {
    case 'version_exists':
      return new ConflictError(message, 'version');
    case 'not_published':
    case 'not_pinned':
    case 'no_previous_pin':
      return new BusinessRuleError(message);
    case 'invalid_remote':
    case 'invalid_version':
    case 'invalid_user':
    case 'build_invalid': {
      const field = FIELD_OF[error.code];
      return new ValidationError([{ message, ...(field ? { field } : {}) }]);
    }
  }
}

function pinChangeResult(change: PinChange): PinChangeResult {
  return {
    remote: change.remote,
    fromVersion: change.fromVersion,
    toVersion: change.toVersion,
    action: change.action,
    pinnedBy: change.pinnedBy,
    pinnedAt: change.pinnedAt.toISOString(),
    reason: change.reason,
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
  };
}

/** The release registry over HTTP: pinned document (+ preview), list, pin, rollback. */
export function createReleaseService({ config, db }: AreaDeps) {
  const storeBaseUrl = remoteStoreBaseUrl(config);

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

  return {
    /**
     * The pinned release document; `previews` (already permission-checked by the route) replace
     * their remote's entry for this answer only, marked { preview: true }.
     */
    async pinnedDocument(previews: readonly ReleasePreview[] = []): Promise<PinnedReleaseDocument> {
      for (const { remote, version } of previews) {
        if (!(await isPublished(db, remote, version))) {
          throw new BusinessRuleError(RELEASE_MESSAGES.previewNotPublished({ remote, version }));
        }
      }
      const document: PinnedReleaseDocument = await pinnedReleaseDocument(db, storeBaseUrl);
      for (const { remote, version } of previews) {
        document.remotes[remote] = {
          version,
          manifestUrl: manifestUrl(storeBaseUrl, remote, version),
          preview: true,
        };
      }
      return document;
    },

    async list(): Promise<ReleaseListData> {
      const [releases, targets] = await Promise.all([listReleases(db), rollbackTargets(db)]);
      const histories = await Promise.all(
        releases.map((entry) =>
          listPinHistory(db, { remote: entry.remote, limit: RELEASE_HISTORY_LIMIT }),
        ),
      );
      return {
        remotes: releases.map((entry, index) => ({
          remote: entry.remote,
          pinnedVersion: entry.pinned?.version ?? null,
          pinnedAt: entry.pinned?.pinnedAt.toISOString() ?? null,
          pinnedBy: entry.pinned?.pinnedBy ?? null,
          rollbackVersion: entry.pinned ? (targets.get(entry.remote) ?? null) : null,
          versions: entry.versions.map((version) => ({
            version: version.version,
            manifestHash: version.manifestHash,
            publishedAt: version.publishedAt.toISOString(),
            publishedBy: version.publishedBy,
            pinned: version.pinned,
          })),
          history: (histories[index] ?? []).map(historyItem),
        })),
      };
    },

    async pin(
      input: { remote: string; version: string; reason?: string | undefined },
      by: string,
    ): Promise<{ change: PinChangeResult; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      const change = pinChangeResult(
        await run(() =>
          pinRemote(db, {
            remote: input.remote,
            version: input.version,
            by,
            reason: input.reason ?? null,
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
      input: { remote: string; reason?: string | undefined },
      by: string,
    ): Promise<{ change: PinChangeResult; message: ApiMessage }> {
      await assertKnownRemote(input.remote);
      const change = pinChangeResult(
        await run(() =>
          rollbackRemote(db, { remote: input.remote, by, reason: input.reason ?? null }),
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
  };
}
