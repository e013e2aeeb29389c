import type { AreaRoutes } from '../types';

/** Orders: manage routes (docs/orders.md). */
export const manageRoutes: AreaRoutes = () => [];
