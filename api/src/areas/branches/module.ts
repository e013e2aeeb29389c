import type { AreaModule } from '../types';
import { branchRoutes } from './routes';

export const branchesModule: AreaModule = { name: 'branches', routes: branchRoutes };
