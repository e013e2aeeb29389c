import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path, loaded on demand
 * (the charts library comes with the dashboard screen's chunks only).
 */
export const routes = remote.routes(manifest, {
  '/dashboard': remote.screen(() => import('./screens/Dashboard')),
});

export default routes;
