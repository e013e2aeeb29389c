import type { AreaModule } from '../types';
import { campaignRoutes } from './routes';

export const campaignsModule: AreaModule = { name: 'campaigns', routes: campaignRoutes };
