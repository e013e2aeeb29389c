import * as v from 'valibot';
import { MAX_LENGTH, optionalText } from './fields';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Release registry calls (/api/mng/release/*): the pinned release document the host loads its
 * remotes from, the Releases screen's list, pin and rollback. docs/remotes.md explains the flow.
 */

/** A remote's name: its Module Federation container name and its directory in the store. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]*$/;
/** A published version: semver (x.y.z[-pre][+build]). */
export const RELEASE_VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

const REMOTE_MAX_LENGTH = MAX_LENGTH.code;
const VERSION_MAX_LENGTH = MAX_LENGTH.default;

const remoteField = v.pipe(
  safeString(encodeMessage('required', { name: 'remote' })),
  v.trim(),
  v.nonEmpty(encodeMessage('required', { name: 'remote' })),
  v.maxLength(
    REMOTE_MAX_LENGTH,
    encodeMessage('maxLength', { name: 'remote', length: REMOTE_MAX_LENGTH }),
  ),
  v.regex(REMOTE_NAME_PATTERN, encodeMessage('invalidFormat', { format: 'remote' })),
);

const versionField = v.pipe(
  safeString(encodeMessage('required', { name: 'version' })),
  v.trim(),
  v.nonEmpty(encodeMessage('required', { name: 'version' })),
  v.maxLength(
    VERSION_MAX_LENGTH,
    encodeMessage('maxLength', { name: 'version', length: VERSION_MAX_LENGTH }),
  ),
  v.regex(RELEASE_VERSION_PATTERN, encodeMessage('invalidFormat', { format: 'version' })),
);

const reasonField = optionalText('reason', MAX_LENGTH.long);

// ---------------------------------------------------------------- pin and roll back

/** PUT release/pin body. */
export const pinReleaseSchema = v.object({
  remote: remoteField,
  version: versionField,
  reason: reasonField,
});
export type PinReleaseInput = v.InferInput<typeof pinReleaseSchema>;

/** POST release/rollback body: back to the version pinned before the current one. */
export const rollbackReleaseSchema = v.object({
  remote: remoteField,
  reason: reasonField,
});
export type RollbackReleaseInput = v.InferInput<typeof rollbackReleaseSchema>;

export type PinAction = 'pin' | 'rollback';

/** `data` of PUT release/pin and POST release/rollback. */
export interface PinChangeResult {
  remote: string;
  fromVersion: string | null;
  toVersion: string;
  action: PinAction;
  pinnedBy: string;
  /** ISO 8601. */
  pinnedAt: string;
  reason: string | null;
  /** False when the remote was already pinned to that version (nothing recorded). */
  changed: boolean;
}

// ---------------------------------------------------------------- list

export interface ReleaseVersionItem {
  version: string;
  /** sha256 (hex) of the version's mf-manifest.json. */
  manifestHash: string;
  /** ISO 8601. */
  publishedAt: string;
  publishedBy: string;
  pinned: boolean;
}

/** One pin change: who (pinnedBy), when (pinnedAt), from, to, why (reason), action. */
export interface PinHistoryItem {
  id: number;
  fromVersion: string | null;
  toVersion: string;
  action: PinAction;
  pinnedBy: string;
  /** ISO 8601. */
  pinnedAt: string;
  reason: string | null;
}

export interface RemoteReleaseItem {
  remote: string;
  /** The version the console loads; null before the first pin. */
  pinnedVersion: string | null;
  pinnedAt: string | null;
  pinnedBy: string | null;
  /**
   * The version POST release/rollback would pin (the one pinned before the current one); null
   * when there is no earlier pin, so there is nothing to roll back to.
   */
  rollbackVersion: string | null;
  /** Newest first. */
  versions: ReleaseVersionItem[];
  /** Newest first, at most RELEASE_HISTORY_LIMIT entries. */
  history: PinHistoryItem[];
}

/** How many pin changes per remote GET release/list returns. */
export const RELEASE_HISTORY_LIMIT = 50;

/** `data` of GET release/list: every remote with a published version. */
export interface ReleaseListData {
  remotes: RemoteReleaseItem[];
}

// ---------------------------------------------------------------- pinned release document

export interface PinnedRemote {
  version: string;
  /** Absolute URL of the version's mf-manifest.json in the remote store. */
  manifestUrl: string;
  /** Present (true) only for an entry replaced by this request's preview override. */
  preview?: true;
}

/** GET release/pinned: what the host registers its remotes from (keyed by remote name). */
export interface PinnedReleaseDocument {
  remotes: Record<string, PinnedRemote>;
}

/** The query parameter of GET release/pinned carrying preview overrides. */
export const RELEASE_PREVIEW_PARAM = 'preview';
/** At most this many overrides in one request (one per remote). */
export const MAX_RELEASE_PREVIEWS = 20;

export interface ReleasePreview {
  remote: string;
  version: string;
}

/** '<remote>@<version>' (one preview override). */
export function formatReleasePreview(preview: ReleasePreview): string {
  return `${preview.remote}@${preview.version}`;
}

/**
 * Query string for GET release/pinned with overrides, e.g. 'preview=suppliers%401.0.1'
 * (encoded: a '+' in a version must not become a space).
 */
export function releasePreviewQuery(previews: readonly ReleasePreview[]): string {
  const params = new URLSearchParams();
  for (const preview of previews)
    params.append(RELEASE_PREVIEW_PARAM, formatReleasePreview(preview));
  return params.toString();
}

function parseEntry(entry: string): ReleasePreview | null {
  const at = entry.indexOf('@');
  if (at < 0) return null;
  const remote = entry.slice(0, at);
  const version = entry.slice(at + 1);
  if (!REMOTE_NAME_PATTERN.test(remote) || !RELEASE_VERSION_PATTERN.test(version)) return null;
  return { remote, version };
}

function previewEntries(value: string | string[]): string[] {
  return (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const previewFormat = encodeMessage('invalidFormat', { format: 'preview (<remote>@<version>)' });
const previewText = v.pipe(safeString(previewFormat), v.maxLength(2000, previewFormat));

/**
 * `preview` of GET release/pinned, as the route receives it: one string or, when repeated, several
 * (comma-separated lists allowed in each). Checked in full by pinnedReleasePreviewSchema.
 */
export const pinnedReleaseQuerySchema = v.object({
  preview: v.optional(v.union([previewText, v.array(previewText)], previewFormat)),
});

/**
 * The preview overrides: '<remote>@<version>', repeated and/or comma-separated, at most one per
 * remote. Parses into ReleasePreview[] (the API checks it only for callers allowed to preview).
 */
export const releasePreviewSchema = v.pipe(
  v.union([previewText, v.array(previewText)], previewFormat),
  v.transform(previewEntries),
  v.maxLength(MAX_RELEASE_PREVIEWS, previewFormat),
  v.check((entries) => entries.every((entry) => parseEntry(entry) !== null), previewFormat),
  v.transform((entries) => entries.map((entry) => parseEntry(entry) as ReleasePreview)),
  v.check(
    (previews) => new Set(previews.map((p) => p.remote)).size === previews.length,
    encodeMessage('duplicate', { name: 'remote' }),
  ),
);

/** The query of GET release/pinned, fully checked (field errors name `preview`). */
export const pinnedReleasePreviewSchema = v.object({
  preview: v.optional(releasePreviewSchema),
});
