import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path. A route without
 * one shows the area's coming-soon screen until its real screen is released.
 */
export const routes = remote.routes(manifest, {
  '/settings/releases': remote.screen(() => import('./releases/ReleasesScreen')),
});

export default routes;
