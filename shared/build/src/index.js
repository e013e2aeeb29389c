export {
  createSharedConfig,
  CURATED_ANTD,
  findPackageDir,
  THIRD_PARTY_SINGLETONS,
  WORKSPACE_SINGLETONS,
  WORKSPACE_SINGLETON_SUBPATHS,
} from './shared.js';
export {
  CHUNK_LOAD_TIMEOUT_MS,
  createRemoteConfig,
  remoteDistDir,
  remoteVersion,
  REMOTE_EXPOSES,
  REMOTE_NAME_PATTERN,
  VERSION_PATTERN,
} from './remote-config.js';
export { REMOTE_AREAS } from './areas.js';
export {
  buildRouteManifest,
  labelTexts,
  releaseRouteManifest,
  RouteManifestPlugin,
  ROUTE_MANIFEST_FILE,
  ROUTE_MANIFEST_SOURCE,
} from './route-manifest.js';
export { persistentCache } from './cache.js';
export {
  COMPRESSIBLE,
  COMPRESS_THRESHOLD_BYTES,
  ENCODINGS,
  PrecompressPlugin,
  sharedCopyFiles,
} from './compression.js';
export { remoteStatsFile, WriteStatsPlugin } from './stats.js';
export {
  buildSharedManifest,
  SHARED_MANIFEST_FILE,
  SharedManifestPlugin,
} from './shared-manifest.js';
