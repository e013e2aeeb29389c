import type { AreaModule } from '../types';
import { registerFileBodyParser } from './body-parser';
import { fileRoutes } from './routes';

export const filesModule: AreaModule = {
  name: 'files',
  routes: fileRoutes,
  // application/octet-stream for the local upload link only.
  bodyParsers: registerFileBodyParser,
};
