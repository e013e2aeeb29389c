import type { AreaModule } from '../types';
import { supplierSyncRoutes } from './routes';

export const supplierSyncModule: AreaModule = { name: 'supplier-sync', routes: supplierSyncRoutes };
