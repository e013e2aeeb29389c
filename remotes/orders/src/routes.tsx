import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path. A route without
 * one shows the area's coming-soon screen until its real screen is released.
 */
export const routes = remote.routes(manifest, {
  '/orders': remote.screen(() => import('./screens/OrderList')),
  '/orders/register': remote.screen(() => import('./screens/OrderRegister')),
  '/orders/detail': remote.screen(() => import('./screens/OrderDetail')),
  '/orders/detail/item': remote.screen(() => import('./screens/OrderItemDetail')),
});

export default routes;
