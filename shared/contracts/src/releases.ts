import * as v from 'valibot';
import { MAX_LENGTH, requiredText, uuidField } from './fields';
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

/** Why a pin, rollback or canary changes: required, recorded in the pin history and the audit. */
const reasonField = requiredText('reason', MAX_LENGTH.long);

// ---------------------------------------------------------------- pin and roll back

/**
 * PUT release/pin body. `force` pins a version the compatibility gate refuses (the reason says
 * why); it never overrides the integrity check of the stored files.
 */
export const pinReleaseSchema = v.object({
  remote: remoteField,
  version: versionField,
  reason: reasonField,
  force: v.optional(v.boolean(encodeMessage('validType', { name: 'force', type: 'boolean' }))),
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
  /** Present (true) when the pin overrode the compatibility gate. */
  forced?: true;
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
  /** Its shared requirements against what the host serving the console provides. */
  compatibility: ReleaseCompatibility;
  /** Load outcomes reported over the last RELEASE_ERROR_WINDOW_HOURS. */
  errorRate: ReleaseErrorRate;
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
  /** Present (true) when the pin overrode the compatibility gate. */
  forced?: true;
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
  /** The canary beside the main pin; null when none runs. */
  canary: CanaryPin | null;
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
  /** Present only when this user got the remote's canary instead of its main pin. */
  channel?: 'canary';
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

// ---------------------------------------------------------------- production safety (issue 19)
// Written ahead of their implementation so the API and the console agree on the shapes.

/** Default time the host waits for a remote's manifest or entry before its error page (ms). */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

/** One shared requirement of a remote version that the current host cannot satisfy. */
export interface SharedRequirementProblem {
  /** The shared package, e.g. '@esim/platform'. */
  package: string;
  /** What the remote was built for (its mf-manifest requiredVersion). */
  required: string;
  /** What the host provides; null when the host does not provide the package at all. */
  provided: string | null;
}

/** A version's fit with the host that serves the console now. */
export interface ReleaseCompatibility {
  compatible: boolean;
  problems: SharedRequirementProblem[];
  /**
   * Present (true) when nothing could be checked: the console's host build publishes no
   * shared-manifest.json (an API without its host build). The gate lets such a version pass.
   */
  unchecked?: true;
}

/** Load outcomes the console reported for a version (error beacons), over RELEASE_ERROR_WINDOW_HOURS. */
export interface ReleaseErrorRate {
  loads: number;
  failures: number;
  /** failures / (loads + failures); null with no reports. */
  rate: number | null;
}
export const RELEASE_ERROR_WINDOW_HOURS = 24;

/** A canary beside the main pin: a share of users (stable per user) and/or some roles. */
export interface CanaryPin {
  version: string;
  /** 1..99: the share of users (by a stable hash of user and remote); null = by role only. */
  percent: number | null;
  /** Users with one of these roles get the canary. */
  roleIds: string[];
  setBy: string;
  /** ISO 8601. */
  setAt: string;
  reason: string;
}

/** PUT release/canary body (PUT on /settings/releases). */
export const setCanarySchema = v.pipe(
  v.object({
    remote: remoteField,
    version: versionField,
    percent: v.optional(
      v.pipe(
        v.number(encodeMessage('invalidFormat', { format: 'percent' })),
        v.integer(encodeMessage('invalidFormat', { format: 'percent' })),
        v.minValue(1, encodeMessage('invalidFormat', { format: 'percent' })),
        v.maxValue(99, encodeMessage('invalidFormat', { format: 'percent' })),
      ),
    ),
    roleIds: v.optional(
      v.pipe(
        v.array(v.pipe(safeString(), v.trim(), v.nonEmpty(), v.maxLength(MAX_LENGTH.default))),
        v.maxLength(50),
      ),
      [],
    ),
    reason: v.pipe(
      safeString(encodeMessage('required', { name: 'reason' })),
      v.trim(),
      v.nonEmpty(encodeMessage('required', { name: 'reason' })),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'reason', length: MAX_LENGTH.long }),
      ),
    ),
    force: v.optional(v.boolean()),
  }),
  v.forward(
    v.partialCheck(
      [['percent'], ['roleIds']],
      (input) => input.percent !== undefined || input.roleIds.length > 0,
      encodeMessage('required', { name: 'percent' }),
    ),
    ['percent'],
  ),
);
export type SetCanaryInput = v.InferInput<typeof setCanarySchema>;

/** DELETE release/canary body: end the canary (everyone back on the main pin). */
export const endCanarySchema = v.object({
  remote: remoteField,
  reason: v.pipe(
    safeString(encodeMessage('required', { name: 'reason' })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name: 'reason' })),
    v.maxLength(
      MAX_LENGTH.long,
      encodeMessage('maxLength', { name: 'reason', length: MAX_LENGTH.long }),
    ),
  ),
});
export type EndCanaryInput = v.InferInput<typeof endCanarySchema>;

export const RELEASE_BEACON_KINDS = ['loaded', 'load-failed', 'render-failed'] as const;
export type ReleaseBeaconKind = (typeof RELEASE_BEACON_KINDS)[number];
/** At most this many events in one beacon. */
export const MAX_RELEASE_BEACON_EVENTS = 50;

/** POST release/beacon body (signed in): what the host saw while loading and rendering remotes. */
export const releaseBeaconSchema = v.object({
  events: v.pipe(
    v.array(
      v.object({
        remote: remoteField,
        version: versionField,
        kind: v.picklist(RELEASE_BEACON_KINDS),
        /** A short error text (no stack); stored trimmed. */
        message: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(MAX_LENGTH.long))),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_RELEASE_BEACON_EVENTS),
  ),
});
export type ReleaseBeaconInput = v.InferInput<typeof releaseBeaconSchema>;

// ---------------------------------------------------------------- publish over HTTP (issue 19)

/** The body type of POST release/publish: a gzipped tar of one build directory. */
export const RELEASE_PUBLISH_CONTENT_TYPE = 'application/gzip';
/** The largest build upload accepted (compressed bytes). */
export const RELEASE_PUBLISH_MAX_BYTES = 64 * 1024 * 1024;

/**
 * POST release/publish query (POST on /settings/releases): which remote and version the uploaded
 * build is. The build's mf-manifest.json must say the same.
 */
export const publishReleaseQuerySchema = v.pipe(
  v.object({
    remote: remoteField,
    version: versionField,
    /** 'true': publish although the console cannot satisfy its shared requirements. */
    force: v.optional(
      v.pipe(
        v.picklist(
          ['true', 'false'],
          encodeMessage('validType', { name: 'force', type: 'boolean' }),
        ),
        v.transform((value) => value === 'true'),
      ),
    ),
    reason: v.optional(
      v.pipe(
        safeString(encodeMessage('validType', { name: 'reason', type: 'string' })),
        v.trim(),
        v.maxLength(
          MAX_LENGTH.long,
          encodeMessage('maxLength', { name: 'reason', length: MAX_LENGTH.long }),
        ),
      ),
    ),
  }),
  v.forward(
    v.check(
      (input) => input.force !== true || (input.reason ?? '') !== '',
      encodeMessage('required', { name: 'reason' }),
    ),
    ['reason'],
  ),
);
export type PublishReleaseQuery = v.InferInput<typeof publishReleaseQuerySchema>;

/** `data` of POST release/publish. */
export interface PublishReleaseResult {
  remote: string;
  version: string;
  manifestHash: string;
  /** sha256 (hex) of the version's remote entry (remoteEntry.js). */
  entryHash: string;
  /** False when this very build was already published (nothing changed). */
  published: boolean;
  /** Its shared requirements against the host serving the console now. */
  compatibility: ReleaseCompatibility;
}

// ---------------------------------------------------------------- release tokens (issue 19)

/** What a release token looks like: this prefix, then 43 base64url characters. */
export const RELEASE_TOKEN_PREFIX = 'esim_rt_';
/** Longest life of a release token. */
export const RELEASE_TOKEN_MAX_DAYS = 365;

/** POST release/token body: a personal token for the release CLI (acts as its creator). */
export const createReleaseTokenSchema = v.object({
  name: requiredText('name', MAX_LENGTH.default),
  expiresInDays: v.optional(
    v.pipe(
      v.number(encodeMessage('invalidFormat', { format: 'expiresInDays' })),
      v.integer(encodeMessage('invalidFormat', { format: 'expiresInDays' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'expiresInDays' })),
      v.maxValue(
        RELEASE_TOKEN_MAX_DAYS,
        encodeMessage('invalidFormat', { format: 'expiresInDays' }),
      ),
    ),
    90,
  ),
});
export type CreateReleaseTokenInput = v.InferInput<typeof createReleaseTokenSchema>;

/** DELETE release/token body: revoke one of your own tokens. */
export const revokeReleaseTokenSchema = v.object({ id: uuidField('id') });

/** One of the caller's release tokens (never the token itself). */
export interface ReleaseTokenItem {
  id: string;
  name: string;
  /** The token's first characters, to recognise it. */
  prefix: string;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** `data` of POST release/token: the token, shown this once. */
export interface CreatedReleaseToken extends ReleaseTokenItem {
  token: string;
}
