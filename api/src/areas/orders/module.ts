import type { AreaModule, AreaRoutes } from '../types';
import { cartRoutes } from './routes-cart';
import { deliveryRoutes } from './routes-delivery';
import { itemsRoutes } from './routes-items';
import { manageRoutes } from './routes-manage';
import { purchaseRoutes } from './routes-purchase';
import { revenueRoutes } from './routes-revenue';

const orderRoutes: AreaRoutes = (deps) => [
  ...cartRoutes(deps),
  ...purchaseRoutes(deps),
  ...manageRoutes(deps),
  ...itemsRoutes(deps),
  ...revenueRoutes(deps),
  ...deliveryRoutes(deps),
];

/** Orders (issue 15, docs/orders.md): cart, purchase, delivery, management, revenue. */
export const ordersModule: AreaModule = {
  name: 'orders',
  routes: orderRoutes,
  // The delivery job of API products is added by delivery.ts (ORDER_DELIVERY_JOB).
  jobs: [],
};
