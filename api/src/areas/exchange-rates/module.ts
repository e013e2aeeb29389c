import type { AreaModule } from '../types';
import { exchangeRateRoutes } from './routes';

export const exchangeRatesModule: AreaModule = {
  name: 'exchange-rates',
  routes: exchangeRateRoutes,
};
