import type { AreaRoutes } from '../types';

/** Orders: revenue routes (docs/orders.md). */
export const revenueRoutes: AreaRoutes = () => [];
