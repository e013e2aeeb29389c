import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { releaseDocumentQuery } from '../remotes/release-document';
import {
  areasVersion,
  getAreaLoader,
  subscribeAreas,
  type AreaLoader,
  type AreaScreenProps,
} from '../remotes/remote-loader';
import type { AreaRouteEntry } from '../routes/menu';
import { AreaFailedPage } from './AreaFailedPage';
import { NotDeployedPage } from './NotDeployedPage';
import { RouteLoading } from './RouteLoading';

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

/**
 * Renders an area's screen from its registered remote. Until the pinned release document is
 * read: a spinner in the content area only (the menu and header are already there); if it
 * cannot be read: the area's error page with a retry; an area without a pinned version: the
 * "not deployed yet" page.
 */
export function AreaScreen({ route }: { route: AreaRouteEntry }) {
  useSyncExternalStore(subscribeAreas, areasVersion);
  const releases = useQuery(releaseDocumentQuery());
  const loader = getAreaLoader(route.area);
  if (!loader) {
    // A document read earlier stays valid when a later re-read fails.
    if (releases.data) return <NotDeployedPage area={route.area} />;
    if (releases.isError) {
      return (
        <AreaFailedPage
          area={route.area}
          onRetry={() => releases.refetch().then(() => undefined)}
        />
      );
    }
    return <RouteLoading />;
  }
  const Screen = screenFor(loader);
  // Stable identity: screenFor() returns the same component for the same loader.
  // eslint-disable-next-line react-hooks/static-components
  return <Screen area={route.area} routePath={route.path} />;
}
