import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteManifestEntry } from './manifest';

export type { RoutePermission } from './manifest';

/**
 * One console route a remote renders: an entry of its route manifest (src/manifest.ts) with
 * the screen. The host builds its router and menu from the manifest (route-manifest.json), and
 * renders the Component of the route with the matched path.
 */
export interface RemoteRoute extends RouteManifestEntry {
  /** The screen, loaded on demand (React.lazy). Rendered without props. */
  Component: LazyExoticComponent<ComponentType>;
}

/** One namespace's JSON (locales/<lng>/<area>.json). */
export type LocaleJson = Record<string, unknown>;

/** Loads the remote's namespace for a language; unsupported languages get English. */
export type LocaleLoader = (language: string) => Promise<LocaleJson>;

/** What `loadRemote('<area>/routes')` resolves to. */
export interface RemoteRoutesModule {
  routes: RemoteRoute[];
  default: RemoteRoute[];
}

/** What `loadRemote('<area>/locales')` resolves to. */
export interface RemoteLocalesModule {
  loadLocale: LocaleLoader;
  default: LocaleLoader;
}

/** Name and version of one remote build (shown by the skeleton screen). */
export interface RemoteBuild {
  name: string;
  version: string;
}
