import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path, each loaded on
 * demand. A route without one would show the area's coming-soon screen.
 */
export const routes = remote.routes(manifest, {
  '/settings': remote.screen(() => import('./home/SettingsScreen')),
  '/settings/releases': remote.screen(() => import('./releases/ReleasesScreen')),
  '/settings/notifications': remote.screen(() => import('./notices/NoticesScreen')),
});

export default routes;
