import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path. A route without
 * one shows the area's coming-soon screen until its real screen is released.
 */
export const routes = remote.routes(manifest, {
  '/products': remote.screen(() => import('./screens/ProductListScreen')),
  '/products/detail': remote.screen(() => import('./screens/ProductDetailScreen')),
  '/products-price': remote.screen(() => import('./screens/PriceListScreen')),
  '/products-price/detail': remote.screen(() => import('./screens/PriceDetailScreen')),
});

export default routes;
