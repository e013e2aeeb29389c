import type { AreaRoutes } from '../types';

/** Orders: items routes (docs/orders.md). */
export const itemsRoutes: AreaRoutes = () => [];
