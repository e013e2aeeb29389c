export {
  createSharedConfig,
  findPackageDir,
  THIRD_PARTY_SINGLETONS,
  WORKSPACE_SINGLETONS,
} from './shared.js';
export {
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
  RouteManifestPlugin,
  ROUTE_MANIFEST_FILE,
  ROUTE_MANIFEST_SOURCE,
} from './route-manifest.js';
