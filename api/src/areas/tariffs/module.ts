import type { AreaModule } from '../types';
import { tariffRoutes } from './routes';

export const tariffsModule: AreaModule = { name: 'tariffs', routes: tariffRoutes };
