import type { AreaModule } from '../types';
import { currencyRoutes } from './routes';

export const currenciesModule: AreaModule = { name: 'currencies', routes: currencyRoutes };
