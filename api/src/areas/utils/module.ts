import type { AreaModule } from '../types';
import { utilsRoutes } from './routes';

export const utilsModule: AreaModule = { name: 'utils', routes: utilsRoutes };
