import type { AreaRoutes } from '../types';

/** Orders: delivery routes (docs/orders.md). */
export const deliveryRoutes: AreaRoutes = () => [];
