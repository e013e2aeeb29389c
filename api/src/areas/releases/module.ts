import type { AreaModule } from '../types';
import { releaseRoutes } from './routes';

export const releasesModule: AreaModule = { name: 'releases', routes: releaseRoutes };
