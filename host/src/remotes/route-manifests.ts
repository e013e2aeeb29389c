import { useMemo } from 'react';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { PinnedReleaseDocument, PinnedRemote } from '@esim/contracts';
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
 * A pinned remote's route manifest: read afresh, else its last known one (null when it has
 * neither: no routes until it answers).
 */
async function loadRouteManifest(
  remote: string,
  entry: PinnedRemote,
): Promise<RouteManifestFile | null> {
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
}

/** The pinned remotes of a document, in its order. */
function pinnedRemotes(document: PinnedReleaseDocument): [string, PinnedRemote][] {
  return Object.entries(document.remotes).flatMap(([remote, entry]) =>
    entry ? [[remote, entry] as [string, PinnedRemote]] : [],
  );
}

/** The route manifests of every pinned remote (each read afresh, else its last known one). */
export async function loadRouteManifests(
  document: PinnedReleaseDocument,
): Promise<RouteManifestFile[]> {
  const loaded = await Promise.all(
    pinnedRemotes(document).map(([remote, entry]) => loadRouteManifest(remote, entry)),
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

/** One pinned version's route manifest: read once per page (a published version never changes). */
export const routeManifestQuery = (remote: string, entry: PinnedRemote) =>
  queryOptions({
    queryKey: [...ROUTE_MANIFESTS_QUERY_KEY, remote, entry.manifestUrl],
    queryFn: () => loadRouteManifest(remote, entry),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export interface AreaRoutesState {
  /** The console's signed-in routes; undefined while the release document is being read. */
  routes: AreaRouteEntry[] | undefined;
  /**
   * Some remote's manifest is still being read (its last known routes, if any, stand in): a
   * path no route matches yet may still be one of its.
   */
  pending: boolean;
}

/**
 * The signed-in routes of the pinned remotes (menu, router, access checks). Each remote's
 * manifest counts as it arrives, so one that hangs holds only its own routes (its last known ones
 * meanwhile), not the whole console's. When the release document cannot be read, the last known
 * manifests keep the menu and each area's error page.
 */
export function useAreaRoutes(): AreaRoutesState {
  const releases = useQuery(releaseDocumentQuery());
  const pinned = useMemo(
    () => (releases.data ? pinnedRemotes(releases.data) : []),
    [releases.data],
  );
  const manifests = useQueries({
    queries: pinned.map(([remote, entry]) => routeManifestQuery(remote, entry)),
  });
  const failed = releases.isError && releases.data === undefined;
  const signature = manifests.map((result) => `${result.status}:${result.dataUpdatedAt}`).join();
  const loaded = releases.data !== undefined;
  return useMemo(() => {
    if (!loaded)
      return {
        routes: failed ? areaRoutesOf(cachedRouteManifests()) : undefined,
        pending: !failed,
      };
    const current = pinned.flatMap(([remote], index) => {
      const result = manifests[index];
      const manifest = result?.isPending ? cachedRouteManifest(remote) : result?.data;
      return manifest ? [manifest] : [];
    });
    return { routes: areaRoutesOf(current), pending: manifests.some((result) => result.isPending) };
    // `signature` stands for the manifests' states (useQueries gives a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, failed, pinned, signature]);
}
