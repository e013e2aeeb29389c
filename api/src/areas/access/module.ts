import type { AreaModule } from '../types';
import { accessRoutes } from './routes';

export const accessModule: AreaModule = { name: 'access', routes: accessRoutes };
