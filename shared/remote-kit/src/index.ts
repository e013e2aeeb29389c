/**
 * @esim/remote-kit: what every business-area remote shares. Stateless (each remote passes
 * its own name, version and locale files), so it is safe whether bundled per remote or shared.
 */
export type {
  LocaleJson,
  LocaleLoader,
  RemoteBuild,
  RemoteLocalesModule,
  RemoteRoute,
  RemoteRoutesModule,
  RoutePermission,
} from './types';
export {
  ROUTE_ICONS,
  ROUTE_MANIFEST_FILE,
  ROUTE_MANIFEST_SCHEMA,
  defineRouteManifest,
  parseRouteManifest,
  routeManifestProblems,
} from './manifest';
export type {
  LabelTexts,
  MenuPlacement,
  PublishedRoute,
  RouteIcon,
  RouteManifestEntry,
  RouteManifestFile,
} from './manifest';
export { createLocaleLoader, createNamespaceLoader } from './locales';
export type { LocaleImports, NamespaceLoader } from './locales';
export { defineRemote } from './define-remote';
export type { Remote, RemoteDefinition, RouteScreens } from './define-remote';
export {
  RELEASE_DOCUMENT_QUERY_KEY,
  RELEASE_PREVIEW_STORAGE_KEY,
  clearReleasePreview,
  isValidPreview,
  previewedRemotes,
  readReleasePreviews,
  releasePreviewList,
  setReleasePreview,
} from './release';
export type { PreviewStorage, ReleasePreviews } from './release';
