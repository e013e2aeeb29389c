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
  RemoteRouteDefinition,
  RemoteRoutesModule,
  RoutePermission,
} from './types';
export { createLocaleLoader, createNamespaceLoader } from './locales';
export type { LocaleImports, NamespaceLoader } from './locales';
export { defineRemote } from './define-remote';
export type { Remote, RemoteDefinition } from './define-remote';
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
