import type { AreaModule } from '../types';
import { profileRoutes } from './routes';

export const profileModule: AreaModule = { name: 'profile', routes: profileRoutes };
