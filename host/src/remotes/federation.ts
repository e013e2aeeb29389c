import { createElement } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { PinnedReleaseDocument, PinnedRemote } from '@esim/contracts';
import { getQueryClient, registerNamespaceLoader } from '@esim/platform';
import { REMOTE_NAME_PATTERN } from '@esim/contracts';
import type { RemoteLocalesModule, RemoteRoutesModule } from '@esim/remote-kit';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import { AreaFailedPage } from '../shell/AreaFailedPage';
import { createRemoteAreaScreen } from './RemoteAreaScreen';
import { isRemoteFailure, remoteFallbackPlugin, type RemoteFailureModule } from './fallback-plugin';
import { registerArea, unregisterArea, type AreaLoader, type AreaModule } from './remote-loader';

/*
 * Registers the pinned remotes with the Module Federation runtime (registerRemotes, by the
 * remote's MF name = its area, entry = its immutable mf-manifest.json URL) and gives each area
 * a loader for the host's area routes. Nothing is fetched here: a remote loads when one of its
 * screens is first shown, so a dead remote never delays the console's start.
 */

/** Manifest fetches and remote entry / chunk loads are retried before the area gives up. */
export const RETRY_OPTIONS = {
  fetch: { retryTimes: 2 },
  script: { retryTimes: 2, retryDelay: 500 },
} as const;

let pluginsRegistered = false;

function ensurePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([
    RetryPlugin({ fetch: { ...RETRY_OPTIONS.fetch }, script: { ...RETRY_OPTIONS.script } }),
    remoteFallbackPlugin({
      onFailure: (failure) =>
        console.error(
          `Remote module ${failure.id} could not be loaded from ${failure.entry ?? 'its manifest'}:`,
          failure.error,
        ),
    }),
  ]);
}

/** The manifest URL each area is registered with. */
const registered = new Map<string, string>();
/** Areas whose remote must be loaded afresh (the user pressed retry). */
const reloadRequested = new Set<string>();
const warnedUnknown = new Set<string>();

function failedScreen(area: string): AreaModule {
  function RemoteFailed() {
    return createElement(AreaFailedPage, { area, onRetry: () => retryArea(area) });
  }
  return { default: RemoteFailed };
}

function areaLoader(area: string, entry: PinnedRemote): AreaLoader {
  return async () => {
    const [routesModule, localesModule] = await Promise.all([
      loadRemote<RemoteRoutesModule | RemoteFailureModule>(`${area}/routes`),
      loadRemote<RemoteLocalesModule | RemoteFailureModule>(`${area}/locales`),
    ]);
    if (localesModule && !isRemoteFailure(localesModule)) {
      const loadLocale = localesModule.loadLocale ?? localesModule.default;
      // i18next reads the area's namespace from the remote itself from now on (new keys of a
      // newer remote version come with it).
      if (typeof loadLocale === 'function') registerNamespaceLoader(area, loadLocale);
    }
    if (!routesModule || isRemoteFailure(routesModule)) return failedScreen(area);
    const routes = routesModule.routes ?? routesModule.default;
    if (!Array.isArray(routes)) {
      console.error(`Remote ${area}@${entry.version} exposes no route objects at './routes'.`);
      return failedScreen(area);
    }
    return { default: createRemoteAreaScreen(area, entry, routes) };
  };
}

/**
 * A manifest URL as the federation runtime gets it: absolute. Without PUBLIC_URL and
 * REMOTE_STORE_URL the API answers a path ('/remotes/...'), served by whatever origin the
 * console was reached at.
 */
export function absoluteManifestUrl(url: string, base: string = window.location.href): string {
  return new URL(url, base).href;
}

/**
 * Registers the document's remotes (new or changed ones, and those a retry asked for) and
 * their area loaders; areas that are no longer pinned go back to 'not deployed'.
 */
export function applyReleaseDocument(document: PinnedReleaseDocument): void {
  const areas = new Set<string>();
  for (const name of Object.keys(document.remotes)) {
    if (REMOTE_NAME_PATTERN.test(name)) areas.add(name);
    else if (!warnedUnknown.has(name)) {
      warnedUnknown.add(name);
      console.warn(`The release document pins remote "${name}", which is no valid remote name.`);
    }
  }
  for (const area of new Set([...areas, ...registered.keys()])) {
    const entry = areas.has(area) ? document.remotes[area] : undefined;
    const current = registered.get(area);
    if (!entry) {
      if (current !== undefined) {
        registered.delete(area);
        unregisterArea(area);
      }
      continue;
    }
    const manifestUrl = absoluteManifestUrl(entry.manifestUrl);
    if (current === manifestUrl && !reloadRequested.has(area)) continue;
    ensurePlugins();
    // force: a changed version (or a retry) drops the old container, its modules and caches.
    registerRemotes([{ name: area, entry: manifestUrl }], { force: current !== undefined });
    registered.set(area, manifestUrl);
    reloadRequested.delete(area);
    registerArea(area, areaLoader(area, entry));
  }
}

/**
 * Loads an area again after a failure: reads the release document afresh (the release manager
 * may have rolled back meanwhile) and re-registers the area's remote, so its manifest, remote
 * entry and chunks are fetched again.
 */
export async function retryArea(area: string): Promise<void> {
  reloadRequested.add(area);
  const queryClient = getQueryClient();
  try {
    await queryClient.refetchQueries({ queryKey: RELEASE_DOCUMENT_QUERY_KEY, exact: true });
  } catch {
    /* the area's page shows the failure again */
  }
  // The document could not be read again (or the area was not in it): retry what we have.
  const document = queryClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY);
  if (reloadRequested.has(area) && document) applyReleaseDocument(document);
}
