/**
 * What the host and the settings remote (Releases screen) agree on about releases in the
 * browser: where a release manager's preview overrides live, and under which query key the
 * host keeps the pinned release document it loaded its remotes from.
 *
 * Pure functions over sessionStorage (one browser tab's session: a preview is never seen by
 * another user, nor by the same user in another tab or after the tab is closed).
 */
import {
  RELEASE_VERSION_PATTERN,
  REMOTE_NAME_PATTERN,
  type PinnedReleaseDocument,
  type ReleasePreview,
} from '@esim/contracts';

/** sessionStorage key of the preview overrides: `{ "<remote>": "<version>" }`. */
export const RELEASE_PREVIEW_STORAGE_KEY = 'esim.releasePreview';

/**
 * Query key of the pinned release document in the console's one QueryClient (@esim/platform).
 * The host fills it at start; remotes may read it (getQueryData) but never fetch it.
 */
export const RELEASE_DOCUMENT_QUERY_KEY = ['release', 'pinned'] as const;

/** The overrides of this browser session, by remote. */
export type ReleasePreviews = Record<string, string>;

/** The part of the Storage interface these helpers use (sessionStorage, or a test double). */
export type PreviewStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): PreviewStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be unavailable (privacy settings, sandboxed frames).
    return undefined;
  }
}

export function isValidPreview(remote: string, version: string): boolean {
  return REMOTE_NAME_PATTERN.test(remote) && RELEASE_VERSION_PATTERN.test(version);
}

/**
 * The stored overrides. Anything malformed (hand-edited storage, an older format) is ignored
 * entry by entry, so a bad value can never break the console's start.
 */
export function readReleasePreviews(
  store: PreviewStorage | undefined = sessionStore(),
): ReleasePreviews {
  const previews: ReleasePreviews = {};
  let raw: string | null = null;
  try {
    raw = store?.getItem(RELEASE_PREVIEW_STORAGE_KEY) ?? null;
  } catch {
    return previews;
  }
  if (!raw) return previews;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return previews;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return previews;
  for (const [remote, version] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof version === 'string' && isValidPreview(remote, version)) previews[remote] = version;
  }
  return previews;
}

/** The overrides as the API's `preview` entries, sorted by remote. */
export function releasePreviewList(previews: ReleasePreviews): ReleasePreview[] {
  return Object.keys(previews)
    .sort()
    .map((remote) => ({ remote, version: previews[remote]! }));
}

function write(previews: ReleasePreviews, store: PreviewStorage | undefined): void {
  if (!store) return;
  try {
    if (Object.keys(previews).length === 0) store.removeItem(RELEASE_PREVIEW_STORAGE_KEY);
    else store.setItem(RELEASE_PREVIEW_STORAGE_KEY, JSON.stringify(previews));
  } catch {
    /* storage unavailable or full: the preview simply does not happen */
  }
}

/** Previews `version` of `remote` in this browser session (replaces an earlier override). */
export function setReleasePreview(
  remote: string,
  version: string,
  store: PreviewStorage | undefined = sessionStore(),
): ReleasePreviews {
  if (!isValidPreview(remote, version)) {
    throw new Error(`"${remote}@${version}" is not a remote name and semver version.`);
  }
  const previews = { ...readReleasePreviews(store), [remote]: version };
  write(previews, store);
  return previews;
}

/** Ends the preview of one remote, or of every remote when none is named. */
export function clearReleasePreview(
  remote?: string,
  store: PreviewStorage | undefined = sessionStore(),
): ReleasePreviews {
  const previews = remote === undefined ? {} : { ...readReleasePreviews(store) };
  if (remote !== undefined) delete previews[remote];
  write(previews, store);
  return previews;
}

/** The entries of a release document that are preview overrides (not the pinned version). */
export function previewedRemotes(document: PinnedReleaseDocument | undefined): ReleasePreview[] {
  if (!document) return [];
  return Object.entries(document.remotes)
    .filter(([, entry]) => entry.preview === true)
    .map(([remote, entry]) => ({ remote, version: entry.version }))
    .sort((a, b) => a.remote.localeCompare(b.remote));
}
