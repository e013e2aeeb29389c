import type { AreaModule } from '../types';
import { DASHBOARD_COMPACTION } from './compaction';
import { dashboardRoutes } from './routes';

/** The dashboard's widgets (issue 18, docs/dashboard.md) and the upkeep of their aggregates. */
export const dashboardModule: AreaModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  scheduled: [DASHBOARD_COMPACTION],
};
