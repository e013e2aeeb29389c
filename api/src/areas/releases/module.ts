import type { AreaModule } from '../types';
import { registerReleaseBodyParser } from './body-parser';
import { releaseRoutes } from './routes';

export const releasesModule: AreaModule = {
  name: 'releases',
  routes: releaseRoutes,
  bodyParsers: registerReleaseBodyParser,
};
