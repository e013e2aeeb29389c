import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { getI18n } from 'react-i18next';
import {
  createLocaleLoader,
  createNamespaceLoader,
  type LocaleImports,
  type NamespaceLoader,
} from './locales';
import type { RouteManifestEntry } from './manifest';
import type { LocaleLoader, RemoteBuild, RemoteRoute } from './types';

/** The screens of a remote's routes by path; a path without one gets the coming-soon screen. */
export type RouteScreens<T extends readonly RouteManifestEntry[]> = Partial<
  Record<T[number]['path'], LazyExoticComponent<ComponentType>>
>;

export interface RemoteDefinition extends RemoteBuild {
  /** The remote's namespace files, one dynamic import per language. */
  locales: LocaleImports;
}

export interface Remote extends RemoteBuild {
  /** The './locales' expose: (lng) => Promise<namespace JSON>. */
  loadLocale: LocaleLoader;
  /** Loads the remote's namespace into i18next (used by its screens). */
  namespace: NamespaceLoader;
  /** The area's coming-soon screen for one route (its name shown from labelKey). */
  comingSoon(screenKey: string): LazyExoticComponent<ComponentType>;
  /**
   * A real screen, loaded on demand together with the area's own texts (so it renders with the
   * texts of this remote version, not an older copy): `remote.screen(() => import('./Screen'))`.
   * A dropped connection is retried a few times before the area's error page shows.
   */
  screen(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType>;
  /**
   * The './routes' expose: the manifest's routes with their screens (by path); routes without
   * a screen get the coming-soon screen. Nothing of a route is declared here but its screen.
   */
  routes<const T extends readonly RouteManifestEntry[]>(
    manifest: T,
    screens?: RouteScreens<T>,
  ): RemoteRoute[];
}

const CHUNK_ATTEMPTS = 3;

/** Retries a chunk import (a dropped connection should not need a page reload). */
async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= CHUNK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

/**
 * Describes one remote: its build (name and version from the webpack DefinePlugin constants)
 * and its locale files. Everything else an area needs to expose comes from here.
 */
export function defineRemote(definition: RemoteDefinition): Remote {
  const build: RemoteBuild = { name: definition.name, version: definition.version };
  const loadLocale = createLocaleLoader(definition.locales);
  const namespace = createNamespaceLoader(definition.name, loadLocale);

  const preloadNamespace = async (): Promise<void> => {
    const instance = getI18n();
    if (!instance) return;
    // A failed locale file must not fail the screen: it retries on the next render.
    await namespace.ensure(instance, instance.language).catch(() => undefined);
  };

  const comingSoon = (screenKey: string): LazyExoticComponent<ComponentType> =>
    lazy(async () => {
      const [{ ComingSoonScreen }] = await Promise.all([
        importWithRetry(() => import('./ComingSoonScreen')),
        preloadNamespace(),
      ]);
      function AreaComingSoon() {
        return <ComingSoonScreen build={build} namespace={namespace} screenKey={screenKey} />;
      }
      return { default: AreaComingSoon };
    });

  const screen = (
    load: () => Promise<{ default: ComponentType }>,
  ): LazyExoticComponent<ComponentType> =>
    lazy(async () => {
      const [module] = await Promise.all([importWithRetry(load), preloadNamespace()]);
      return module;
    });

  return {
    ...build,
    loadLocale,
    namespace,
    comingSoon,
    screen,
    routes: (manifest, screens = {}) => {
      const byPath = screens as Partial<Record<string, LazyExoticComponent<ComponentType>>>;
      return manifest.map((route) => ({
        ...route,
        Component: byPath[route.path] ?? comingSoon(route.labelKey),
      }));
    },
  };
}
