/**
 * Release registry of the console's remotes: publish a build into the remote store at an
 * immutable <remote>/<version>/ path, pin the version the console loads, roll back, canaries,
 * load reports, read the pinned release document. A library: the CLI (scripts/release) and the
 * API's routes use it.
 */
export { createBucketMirror, type StoreMirror } from './bucket-mirror';
export { ReleaseError, isReleaseError } from './errors';
export type { ReleaseErrorCode } from './errors';
export { MANIFEST_FILE, parseManifest, readBuildManifest, sha256 } from './files';
export { rollbackTarget, rollbackTargets } from './rollback-target';
export {
  canaryBucket,
  endCanary,
  getsCanary,
  listCanaries,
  setCanary,
  type CanaryChange,
  type CanaryOptions,
} from './canary';
export {
  SHARED_MANIFEST_FILE,
  compatibilityOf,
  hostSharedReader,
  providedVersion,
  readHostShared,
  type HostShared,
} from './compatibility';
export {
  LOAD_REPORT_RETENTION_DAYS,
  errorRate,
  errorRates,
  pruneLoadReports,
  recordLoadEvents,
  type LoadEvent,
} from './load-reports';
export {
  readServedFiles,
  servedProblem,
  type ServedFiles,
  type ServedProblem,
} from './served-check';
export {
  DEFAULT_FILE_LIMIT,
  DEFAULT_UNPACKED_LIMIT,
  UploadRefused,
  safeEntryPath,
  unpackUpload,
  type UploadProblem,
} from './upload';
export {
  REMOTE_NAME_PATTERN,
  VERSION_PATTERN,
  defaultStoreDir,
  isBuildOf,
  isPublished,
  listPinHistory,
  listReleases,
  manifestUrl,
  pinRemote,
  pinnedReleaseDocument,
  publishRemote,
  publishedVersion,
  recordVersionFacts,
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
  Tx,
} from './store';
