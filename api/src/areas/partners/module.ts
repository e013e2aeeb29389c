import type { AreaModule } from '../types';
import { partnerRoutes } from './routes';

export const partnersModule: AreaModule = { name: 'partners', routes: partnerRoutes };
