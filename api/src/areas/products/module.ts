import type { AreaModule } from '../types';
import { productRoutes } from './routes';

export const productsModule: AreaModule = { name: 'products', routes: productRoutes };
