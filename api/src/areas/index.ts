import { accessRoutes } from './access/routes';
import { releaseRoutes } from './releases/routes';
import type { AreaRoutes } from './types';
import { utilsRoutes } from './utils/routes';

/** Every area's routes; a new area adds one line here. */
export const AREAS: AreaRoutes[] = [accessRoutes, utilsRoutes, releaseRoutes];
