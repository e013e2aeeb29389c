import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path. A route without
 * one shows the area's coming-soon screen until its real screen is released.
 */
export const routes = remote.routes(manifest, {
  '/partners': remote.screen(() => import('./screens/PartnerList')),
  '/partners/register': remote.screen(() => import('./screens/PartnerRegister')),
  '/partners/detail': remote.screen(() => import('./screens/PartnerDetail')),
});

export default routes;
