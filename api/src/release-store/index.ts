/**
 * Release registry of the console's remotes: publish a build into the remote store at an
 * immutable <remote>/<version>/ path, pin the version the console loads, roll back, read the
 * pinned release document. A library: the CLI (scripts/release) and the API's routes use it.
 */
export { ReleaseError, isReleaseError } from './errors';
export type { ReleaseErrorCode } from './errors';
export { MANIFEST_FILE, readBuildManifest, sha256 } from './files';
export { rollbackTarget, rollbackTargets } from './rollback-target';
export {
  REMOTE_NAME_PATTERN,
  VERSION_PATTERN,
  defaultStoreDir,
  isPublished,
  listPinHistory,
  listReleases,
  manifestUrl,
  pinRemote,
  pinnedReleaseDocument,
  publishRemote,
  rollbackRemote,
} from './store';
export type {
  PinChange,
  PinHistoryEntry,
  PinOptions,
  PinnedReleaseDocument,
  PublishOptions,
  PublishedVersion,
  ReleaseVersion,
  RemoteReleases,
  RollbackOptions,
} from './store';
