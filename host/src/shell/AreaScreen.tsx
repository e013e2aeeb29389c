import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import {
  areasVersion,
  getAreaLoader,
  subscribeAreas,
  type AreaLoader,
  type AreaScreenProps,
} from '../remotes/remote-loader';
import type { AppRoute } from '../routes/route-table';
import { NotDeployedPage } from './NotDeployedPage';

type AreaComponent = LazyExoticComponent<ComponentType<AreaScreenProps>>;

const screens = new WeakMap<AreaLoader, AreaComponent>();

/**
 * One React.lazy per registered loader, kept for the page's lifetime, so navigating inside an
 * area does not reload it. A failed load is forgotten, so the error boundary's retry really
 * loads again.
 */
function screenFor(loader: AreaLoader): AreaComponent {
  let screen = screens.get(loader);
  if (!screen) {
    screen = lazy(() =>
      loader().catch((error: unknown) => {
        screens.delete(loader);
        throw error;
      }),
    );
    screens.set(loader, screen);
  }
  return screen;
}

/** Renders an area's screen from its registered remote, or the "not deployed yet" page. */
export function AreaScreen({ route }: { route: AppRoute }) {
  useSyncExternalStore(subscribeAreas, areasVersion);
  const loader = getAreaLoader(route.area);
  if (!loader) return <NotDeployedPage area={route.area} />;
  const Screen = screenFor(loader);
  // Stable identity: screenFor() returns the same component for the same loader.
  // eslint-disable-next-line react-hooks/static-components
  return <Screen area={route.area} routePath={route.path} />;
}
