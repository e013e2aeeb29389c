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
import {
  REMOTE_FAILURE,
  isRemoteFailure,
  remoteFallbackPlugin,
  type RemoteFailureModule,
} from './fallback-plugin';
import {
  RemoteLoadTimeoutError,
  beginRemoteLoad,
  isRemoteLoadTimeout,
  remoteLoadExpired,
  remoteLoadTimeoutMs,
  withDeadline,
} from './load-timeout';
import { remoteLoadTimeoutPlugin, withinLoadDeadline } from './load-timeout-plugin';
import { markRemoteLoaded } from './loaded-remotes';
import { reportRemoteEvent, shortErrorMessage } from './release-beacons';
import { registerArea, unregisterArea, type AreaLoader, type AreaModule } from './remote-loader';

/*
 * Registers the pinned remotes with the Module Federation runtime (registerRemotes, by the
 * remote's MF name = its area, entry = its immutable mf-manifest.json URL) and gives each area
 * a loader for the host's area routes. Nothing is fetched here: a remote loads when one of its
 * screens is first shown, so a dead remote never delays the console's start.
 */

/**
 * Manifest fetches and remote entry / chunk loads that fail quickly are retried before the area
 * gives up; all of it within the area's load deadline (load-timeout.ts).
 */
export const RETRY_OPTIONS = {
  fetch: { retryTimes: 2, retryDelay: 500 },
  script: { retryTimes: 2, retryDelay: 500 },
} as const;

let pluginsRegistered = false;

function ensurePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([
    remoteLoadTimeoutPlugin({
      timeoutMs: () => remoteLoadTimeoutMs(),
      retryTimes: RETRY_OPTIONS.fetch.retryTimes,
      retryDelayMs: RETRY_OPTIONS.fetch.retryDelay,
      retriesOf: (remote) => (remote === undefined ? 0 : (userRetries.get(remote) ?? 0)),
    }),
    withinLoadDeadline(RetryPlugin({ script: { ...RETRY_OPTIONS.script } })),
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
/** The version each area is registered with (what its beacons name). */
const registeredVersions = new Map<string, string>();
/** Areas whose remote must be loaded afresh (the user pressed retry). */
const reloadRequested = new Set<string>();
/** How often the user pressed Retry on each area in this page. */
const userRetries = new Map<string, number>();
const warnedUnknown = new Set<string>();

function failedScreen(area: string): AreaModule {
  function RemoteFailed() {
    return createElement(AreaFailedPage, { area, onRetry: () => retryArea(area) });
  }
  return { default: RemoteFailed };
}

/** The version of the area's remote this page registered (and loads), if any. */
export function registeredVersion(area: string): string | undefined {
  return registeredVersions.get(area);
}

function loadFailed(area: string, entry: PinnedRemote, message: string): AreaModule {
  reportRemoteEvent({ remote: area, version: entry.version, kind: 'load-failed', message });
  return failedScreen(area);
}

function areaLoader(area: string, entry: PinnedRemote): AreaLoader {
  return async () => {
    const timeoutMs = remoteLoadTimeoutMs();
    const what = `Remote ${area}@${entry.version}`;
    const load = beginRemoteLoad(area, timeoutMs);
    let modules: [
      RemoteRoutesModule | RemoteFailureModule | null,
      RemoteLocalesModule | RemoteFailureModule | null,
    ];
    try {
      modules = await withDeadline(
        Promise.all([
          loadRemote<RemoteRoutesModule | RemoteFailureModule>(`${area}/routes`),
          loadRemote<RemoteLocalesModule | RemoteFailureModule>(`${area}/locales`),
        ]),
        timeoutMs,
        what,
      );
    } catch (error) {
      load.end(isRemoteLoadTimeout(error));
      console.error(`${what} could not be loaded:`, error);
      return loadFailed(area, entry, shortErrorMessage(error));
    }
    // The runtime's own failure may arrive with the deadline (the timed-out request's): still a
    // timeout, and what it still tries in the background must give up too.
    const timedOut = remoteLoadExpired(area);
    load.end(timedOut);
    const [routesModule, localesModule] = modules;
    if (localesModule && !isRemoteFailure(localesModule)) {
      const loadLocale = localesModule.loadLocale ?? localesModule.default;
      // i18next reads the area's namespace from the remote itself from now on (new keys of a
      // newer remote version come with it).
      if (typeof loadLocale === 'function') registerNamespaceLoader(area, loadLocale);
    }
    if (!routesModule || isRemoteFailure(routesModule)) {
      const message = timedOut
        ? new RemoteLoadTimeoutError(what, timeoutMs).message
        : routesModule
          ? routesModule[REMOTE_FAILURE].message
          : 'no routes module';
      return loadFailed(area, entry, shortErrorMessage(message));
    }
    const routes = routesModule.routes ?? routesModule.default;
    if (!Array.isArray(routes)) {
      console.error(`Remote ${area}@${entry.version} exposes no route objects at './routes'.`);
      return loadFailed(area, entry, "no route objects at './routes'");
    }
    markRemoteLoaded(area, entry.version);
    reportRemoteEvent({ remote: area, version: entry.version, kind: 'loaded' });
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
        registeredVersions.delete(area);
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
    registeredVersions.set(area, entry.version);
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
  userRetries.set(area, (userRetries.get(area) ?? 0) + 1);
  const queryClient = getQueryClient();
  try {
    await queryClient.refetchQueries({ queryKey: RELEASE_DOCUMENT_QUERY_KEY, exact: true });
  } catch {
    /* the area's page shows the failure again */
  }
  // The document could not be read again (or the area was not in it): retry what we have.
  const document = queryClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY);
  if (!reloadRequested.has(area) || !document) return;
  try {
    applyReleaseDocument(document);
  } catch (error) {
    // Never an unhandled rejection: the area's page stays and its Retry can be pressed again.
    console.error(`Remote ${area} could not be registered again:`, error);
  }
}
