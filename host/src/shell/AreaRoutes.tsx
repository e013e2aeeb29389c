import { Route, Routes } from 'react-router-dom';
import { useAreaRoutes } from '../remotes/route-manifests';
import { AreaRoute } from './AreaRoute';
import { NotFoundPage } from './NotFoundPage';
import { RouteLoading } from './RouteLoading';

/**
 * The signed-in routes: one per route of the pinned remotes' manifests (a remote adds a screen
 * with a release, no host build), the not-found page for anything else. Until the manifests are
 * read: a spinner in the content area (the menu and header are already there).
 */
export function AreaRoutes() {
  const { routes } = useAreaRoutes();
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
