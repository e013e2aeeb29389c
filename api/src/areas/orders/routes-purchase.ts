import type { AreaRoutes } from '../types';

/** Orders: purchase routes (docs/orders.md). */
export const purchaseRoutes: AreaRoutes = () => [];
