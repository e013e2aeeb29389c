import type { ComponentType } from 'react';

/**
 * Which code renders each business area. Today nothing is registered, so every area shows the
 * "not deployed yet" page. The remote-runtime step registers areas at start from the pinned
 * release document, roughly:
 *
 *   import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
 *   getInstance()!.registerRemotes([{ name: 'suppliers', entry: '<immutable url>/mf-manifest.json' }]);
 *   registerArea('suppliers', () => loadRemote<AreaModule>('suppliers/Area') as Promise<AreaModule>);
 *
 * A loader resolves to a module whose default export renders the area's screen for the route
 * pattern it is given (AreaScreenProps). The host wraps each area route in its own Suspense and
 * error boundary, so a failing loader never takes the console down.
 */

export interface AreaScreenProps {
  area: string;
  /** The matched path of the remote's route manifest, e.g. '/tariff/:tariffGroup/create'. */
  routePath: string;
}

export interface AreaModule {
  default: ComponentType<AreaScreenProps>;
}

export type AreaLoader = () => Promise<AreaModule>;

const loaders = new Map<string, AreaLoader>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version++;
  for (const listener of [...listeners]) listener();
}

/** Registers (or replaces) the loader of an area. */
export function registerArea(area: string, loader: AreaLoader): void {
  loaders.set(area, loader);
  changed();
}

export function unregisterArea(area: string): void {
  if (loaders.delete(area)) changed();
}

/** The area's loader, or undefined while no release of it is registered. */
export function getAreaLoader(area: string): AreaLoader | undefined {
  return loaders.get(area);
}

export function registeredAreas(): string[] {
  return [...loaders.keys()];
}

/** For useSyncExternalStore: re-render when registrations change. */
export function subscribeAreas(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function areasVersion(): number {
  return version;
}
