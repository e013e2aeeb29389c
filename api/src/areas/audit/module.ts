import type { AreaModule } from '../types';
import { auditRoutes } from '../../audit/routes';

export const auditModule: AreaModule = { name: 'audit', routes: auditRoutes };
