/**
 * The route manifests of the workspace's remotes as their builds publish them
 * (route-manifest.json): each remote's src/manifest.ts with its label texts from locales/.
 */
import { join } from 'node:path';
import type {
  PublishedRoute,
  RouteManifestFile,
  RouteManifestEntry,
} from '@esim/remote-kit/manifest';
// @ts-expect-error -- plain JavaScript build helpers without type declarations
import { REMOTE_AREAS } from '../../../shared/build/src/areas.js';
// @ts-expect-error -- plain JavaScript build helpers without type declarations
import { labelTexts } from '../../../shared/build/src/route-manifest.js';

/** The workspace's remotes: the one list the builds use (shared/build/src/areas.js). */
export const REMOTES = REMOTE_AREAS as readonly string[];

const LOCALES_DIR = join(__dirname, '..', '..', '..', 'locales');
const texts = labelTexts as (localesDir: string, labelKey: string) => Record<string, string>;

export async function remoteManifest(
  remote: string,
  version = '1.0.0',
): Promise<RouteManifestFile> {
  // What the remote's build defines (DefinePlugin), for a build without the e2e extra route.
  (globalThis as Record<string, unknown>).__REMOTE_E2E_EXTRA_ROUTE__ = false;
  const { manifest } = (await import(`../../../remotes/${remote}/src/manifest.ts`)) as {
    manifest: readonly RouteManifestEntry[];
  };
  return {
    schema: 1,
    remote,
    version,
    routes: manifest.map(({ menu, ...route }): PublishedRoute => ({
      ...route,
      labels: texts(LOCALES_DIR, route.labelKey),
      ...(menu
        ? { menu: { ...menu, labels: texts(LOCALES_DIR, menu.labelKey ?? route.labelKey) } }
        : {}),
    })),
  };
}

export async function allRemoteManifests(): Promise<RouteManifestFile[]> {
  return Promise.all(REMOTES.map((remote) => remoteManifest(remote)));
}

/** A release document pinning every remote at 1.0.0 (as the e2e server does). */
export const PINNED_ALL = {
  remotes: Object.fromEntries(
    REMOTES.map((remote) => [
      remote,
      { version: '1.0.0', manifestUrl: `/remotes/${remote}/1.0.0/mf-manifest.json` },
    ]),
  ),
};
