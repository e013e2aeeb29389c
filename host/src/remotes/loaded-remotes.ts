/*
 * The remote versions this page has loaded (an area's code runs in the page once loaded; a new
 * pin reaches it only with a page load). The new-version notice compares them with the pins.
 */

let loaded: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

/** Records that the area's remote runs in this page at `version`. */
export function markRemoteLoaded(remote: string, version: string): void {
  if (loaded.get(remote) === version) return;
  loaded = new Map(loaded).set(remote, version);
  for (const listener of [...listeners]) listener();
}

/** Remote -> version of every remote loaded in this page (a new map after each change). */
export function loadedRemotes(): ReadonlyMap<string, string> {
  return loaded;
}

/** For useSyncExternalStore. */
export function subscribeLoadedRemotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
