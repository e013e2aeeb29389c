import { queryOptions } from '@tanstack/react-query';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { fetchReleaseDocument } from './release-document';

/*
 * The new version signal: an open tab reads the pins again now and then (and when it becomes
 * visible) and compares them with the versions it has loaded. The areas whose pin moved get a
 * notice with Reload; the page itself keeps running the versions it loaded.
 */

/** How often an open tab reads the pins again. */
export const PIN_POLL_INTERVAL_MS = 60_000;

/** Not the release document's key: this read must not re-register the remotes. */
export const LATEST_PINS_QUERY_KEY = ['release', 'latest-pins'] as const;

export interface ChangedRemote {
  remote: string;
  /** The version this page runs. */
  loaded: string;
  /** The version the pins give this user now. */
  latest: string;
}

/**
 * The loaded remotes whose version in `latest` differs (an area no longer pinned is left out: a
 * reload would only show its "not deployed" page). Sorted by remote.
 */
export function changedRemotes(
  loaded: ReadonlyMap<string, string>,
  latest: PinnedReleaseDocument | undefined,
): ChangedRemote[] {
  if (!latest) return [];
  const changed: ChangedRemote[] = [];
  for (const [remote, version] of loaded) {
    const pinned = latest.remotes[remote]?.version;
    if (pinned !== undefined && pinned !== version)
      changed.push({ remote, loaded: version, latest: pinned });
  }
  return changed.sort((a, b) => a.remote.localeCompare(b.remote));
}

/**
 * The release document this page should use from now on: the areas it has loaded keep the
 * version they run (their code is in the page; the notice offers a reload), every other area
 * follows the latest pins, so opening it later loads what is pinned now (a rollback included),
 * with its routes and menu entries. Null when that changes nothing.
 */
export function followLatestPins(
  current: PinnedReleaseDocument | undefined,
  latest: PinnedReleaseDocument | undefined,
  loaded: ReadonlyMap<string, string>,
): PinnedReleaseDocument | null {
  if (!current || !latest) return null;
  const remotes: PinnedReleaseDocument['remotes'] = {};
  for (const remote of new Set([...Object.keys(current.remotes), ...Object.keys(latest.remotes)])) {
    const entry = loaded.has(remote) ? current.remotes[remote] : latest.remotes[remote];
    if (entry) remotes[remote] = entry;
  }
  const same = (a: PinnedReleaseDocument['remotes'], b: PinnedReleaseDocument['remotes']) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return same(remotes, current.remotes) ? null : { ...current, remotes };
}

/** The pins as this tab would load them now (its preview overrides included). */
export const latestPinsQuery = () =>
  queryOptions({
    queryKey: LATEST_PINS_QUERY_KEY,
    queryFn: () => fetchReleaseDocument(),
    refetchInterval: PIN_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    // Seeded with the document the page loaded: no second read right after the first.
    staleTime: PIN_POLL_INTERVAL_MS,
  });
