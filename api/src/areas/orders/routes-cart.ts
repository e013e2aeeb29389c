import type { AreaRoutes } from '../types';

/** Orders: cart routes (docs/orders.md). */
export const cartRoutes: AreaRoutes = () => [];
