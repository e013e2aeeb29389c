import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PinnedReleaseDocument } from '@esim/contracts';
import {
  ROUTE_MANIFEST_FILE,
  parseRouteManifest,
  type RouteManifestFile,
} from '@esim/remote-kit/manifest';
import type { AreaRouteEntry } from '../routes/menu';
import { remoteLoadTimeoutMs } from './load-timeout';
import { releaseDocumentQuery } from './release-document';

/*
 * The console's signed-in routes come from the pinned remotes: each build carries
 * route-manifest.json beside its mf-manifest.json (remote-kit's manifest, written by
 * @esim/build). The host reads them with the release document (small, immutable files; no
 * remote code is loaded) and builds its router, menu and access checks from them. The last
 * manifest read of each remote is kept in localStorage, so a remote that cannot be reached
 * still shows its menu entry and its area's error page.
 */

export const ROUTE_MANIFESTS_QUERY_KEY = ['route-manifests'] as const;
/** localStorage key of a remote's last known route manifest. */
export const ROUTE_MANIFEST_STORAGE_PREFIX = 'esim.routeManifest.';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The last known manifest of a remote (any version), or null. */
export function cachedRouteManifest(remote: string): RouteManifestFile | null {
  try {
    const text = storage()?.getItem(ROUTE_MANIFEST_STORAGE_PREFIX + remote);
    const manifest = text ? parseRouteManifest(JSON.parse(text)) : null;
    return manifest?.remote === remote ? manifest : null;
  } catch {
    return null;
  }
}

/** Every remote's last known manifest (the release document itself could not be read). */
export function cachedRouteManifests(): RouteManifestFile[] {
  const store = storage();
  if (!store) return [];
  const remotes: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(ROUTE_MANIFEST_STORAGE_PREFIX))
      remotes.push(key.slice(ROUTE_MANIFEST_STORAGE_PREFIX.length));
  }
  return remotes.sort().flatMap((remote) => cachedRouteManifest(remote) ?? []);
}

function remember(manifest: RouteManifestFile): void {
  try {
    storage()?.setItem(ROUTE_MANIFEST_STORAGE_PREFIX + manifest.remote, JSON.stringify(manifest));
  } catch {
    /* a full or disabled storage only loses the fallback */
  }
}

/** route-manifest.json of a pinned version: beside its mf-manifest.json. */
export function routeManifestUrl(
  manifestUrl: string,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): string {
  return new URL(ROUTE_MANIFEST_FILE, new URL(manifestUrl, base)).href;
}

async function fetchRouteManifest(remote: string, manifestUrl: string): Promise<RouteManifestFile> {
  // A published version's files never change: the browser's cache may answer. One that does not
  // answer within the remote load timeout counts as unreachable (the last known one is used);
  // the signal bounds reading the body too.
  const response = await fetch(routeManifestUrl(manifestUrl), {
    signal: AbortSignal.timeout(remoteLoadTimeoutMs()),
  });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const manifest = parseRouteManifest(await response.json());
  if (!manifest || manifest.remote !== remote)
    throw new Error('not a route manifest of this remote');
  return manifest;
}

/**
 * The route manifests of the pinned remotes: read afresh, else the last known one of each
 * (a remote that has neither has no routes until it answers).
 */
export async function loadRouteManifests(
  document: PinnedReleaseDocument,
): Promise<RouteManifestFile[]> {
  const loaded = await Promise.all(
    Object.entries(document.remotes).map(async ([remote, entry]) => {
      if (!entry) return null;
      try {
        const manifest = await fetchRouteManifest(remote, entry.manifestUrl);
        remember(manifest);
        return manifest;
      } catch (error) {
        const cached = cachedRouteManifest(remote);
        console.warn(
          `The route manifest of ${remote}@${entry.version} could not be read` +
            (cached ? `; using the last known one (${cached.version}).` : '.'),
          error,
        );
        return cached;
      }
    }),
  );
  return loaded.filter((manifest): manifest is RouteManifestFile => manifest !== null);
}

/** The manifests' routes, in the document's remote order; a path claimed twice keeps the first. */
export function areaRoutesOf(manifests: readonly RouteManifestFile[]): AreaRouteEntry[] {
  const routes: AreaRouteEntry[] = [];
  const seen = new Map<string, string>();
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const owner = seen.get(route.path);
      if (owner !== undefined) {
        console.warn(`${manifest.remote} declares ${route.path}, already a route of ${owner}.`);
        continue;
      }
      seen.set(route.path, manifest.remote);
      routes.push({ ...route, area: manifest.remote });
    }
  }
  return routes;
}

/** What a document's manifests depend on: its remotes and their pinned manifest URLs. */
function pinsOf(document: PinnedReleaseDocument): string[] {
  return Object.entries(document.remotes)
    .flatMap(([remote, entry]) => (entry ? [`${remote}=${entry.manifestUrl}`] : []))
    .sort();
}

export const routeManifestsQuery = (document: PinnedReleaseDocument) =>
  queryOptions({
    queryKey: [...ROUTE_MANIFESTS_QUERY_KEY, ...pinsOf(document)],
    queryFn: () => loadRouteManifests(document),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export interface AreaRoutesState {
  /** The console's signed-in routes; undefined while the pinned remotes are still being read. */
  routes: AreaRouteEntry[] | undefined;
}

/**
 * The signed-in routes of the pinned remotes (menu, router, access checks). When the release
 * document cannot be read, the last known manifests keep the menu and each area's error page.
 */
export function useAreaRoutes(): AreaRoutesState {
  const releases = useQuery(releaseDocumentQuery());
  const manifests = useQuery({
    ...routeManifestsQuery(releases.data ?? { remotes: {} }),
    enabled: releases.data !== undefined,
    placeholderData: (previous) => previous,
  });
  const failed = releases.isError && releases.data === undefined;
  const routes = useMemo(() => {
    if (manifests.data) return areaRoutesOf(manifests.data);
    return failed ? areaRoutesOf(cachedRouteManifests()) : undefined;
  }, [manifests.data, failed]);
  return { routes };
}
