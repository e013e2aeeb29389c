import type { AreaModule } from '../types';
import { supplierRoutes } from './routes';

export const suppliersModule: AreaModule = { name: 'suppliers', routes: supplierRoutes };
