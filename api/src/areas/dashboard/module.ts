import type { AreaModule } from '../types';
import { dashboardRoutes } from './routes';

export const dashboardModule: AreaModule = { name: 'dashboard', routes: dashboardRoutes };
