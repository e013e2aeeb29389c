import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path, each loaded on
 * demand. A route without one (the e2e-only extra route) shows the area's coming-soon screen.
 */
export const routes = remote.routes(manifest, {
  '/campaign-code': remote.screen(() => import('./screens/CampaignList')),
  '/campaign-code/detail': remote.screen(() => import('./screens/CampaignDetail')),
});

export default routes;
