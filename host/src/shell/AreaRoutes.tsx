import { Route, Routes } from 'react-router-dom';
import { useAreaRoutes } from '../remotes/route-manifests';
import { AreaRoute } from './AreaRoute';
import { NotFoundPage } from './NotFoundPage';
import { RouteLoading } from './RouteLoading';

/**
 * The signed-in routes: one per route of the pinned remotes' manifests (a remote adds a screen
 * with a release, no host build), the not-found page for anything else. Until the release
 * document is read, or while a path matches nothing and some remote's manifest is still on its
 * way: a spinner in the content area (the menu and header are already there).
 */
export function AreaRoutes() {
  const { routes, pending } = useAreaRoutes();
  if (!routes) return <RouteLoading />;
  return (
    <Routes>
      {routes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<AreaRoute route={route} routes={routes} />}
        />
      ))}
      <Route path="*" element={pending ? <RouteLoading /> : <NotFoundPage />} />
    </Routes>
  );
}
