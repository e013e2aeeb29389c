/**
 * Loads every remote's real './routes' and './locales' modules the way its build does, with the
 * constants webpack's DefinePlugin would give it (name = the area, version = TEST_VERSION).
 */
import { expect } from 'vitest';
import type { LocaleLoader, RemoteRoute, RouteManifestEntry } from '../src';

export const AREAS = [
  'dashboard',
  'suppliers',
  'tariffs',
  'products',
  'stock',
  'orders',
  'partners',
  'campaigns',
  'branches',
  'roles',
  'settings',
] as const;
export type Area = (typeof AREAS)[number];
export const TEST_VERSION = '1.2.3-test';

export interface LoadedRemote {
  routes: RemoteRoute[];
  /** The remote's src/manifest.ts (a build without the e2e extra route). */
  manifest: readonly RouteManifestEntry[];
  loadLocale: LocaleLoader;
}

const loaded = new Map<Area, LoadedRemote>();
const globals = globalThis as Record<string, unknown>;

export async function loadRemote(area: Area): Promise<LoadedRemote> {
  const cached = loaded.get(area);
  if (cached) return cached;
  // Read once, while each remote's remote.ts evaluates (imports run one at a time here).
  globals.__REMOTE_NAME__ = area;
  globals.__REMOTE_VERSION__ = TEST_VERSION;
  globals.__REMOTE_E2E_EXTRA_ROUTE__ = false;
  const routesModule = (await import(`../../../remotes/${area}/src/routes.tsx`)) as {
    default: RemoteRoute[];
    routes: RemoteRoute[];
  };
  const localesModule = (await import(`../../../remotes/${area}/src/locales.ts`)) as {
    default: LocaleLoader;
    loadLocale: LocaleLoader;
  };
  expect(routesModule.default).toBe(routesModule.routes);
  expect(localesModule.default).toBe(localesModule.loadLocale);
  const manifestModule = (await import(`../../../remotes/${area}/src/manifest.ts`)) as {
    manifest: readonly RouteManifestEntry[];
  };
  const remote = {
    routes: routesModule.routes,
    manifest: manifestModule.manifest,
    loadLocale: localesModule.loadLocale,
  };
  loaded.set(area, remote);
  return remote;
}
