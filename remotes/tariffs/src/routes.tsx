import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path. A route without
 * one shows the area's coming-soon screen until its real screen is released.
 */
export const routes = remote.routes(manifest, {
  '/tariff': remote.screen(() => import('./screens/TariffListScreen')),
  '/tariff/create': remote.screen(() => import('./screens/TariffProfileCreateScreen')),
  '/tariff/:tariffGroup/create': remote.screen(() => import('./screens/TariffCodeCreateScreen')),
  '/tariff/detail': remote.screen(() => import('./screens/TariffDetailScreen')),
  '/tariff/import/detail': remote.screen(() => import('./screens/TariffImportScreen')),
  '/tariff/exchange-rates': remote.screen(() => import('./screens/ExchangeRatesScreen')),
});

export default routes;
