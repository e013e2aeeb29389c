import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the tariffs area owns, with its screen.
 */
export const routes = remote.routes([
  {
    path: '/tariff',
    labelKey: 'tariffs:routes.list',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/TariffListScreen')),
  },
  {
    path: '/tariff/create',
    labelKey: 'tariffs:routes.createProfile',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/TariffProfileCreateScreen')),
  },
  {
    path: '/tariff/:tariffGroup/create',
    labelKey: 'tariffs:routes.createCode',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/TariffCodeCreateScreen')),
  },
  {
    path: '/tariff/detail',
    labelKey: 'tariffs:routes.detail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/TariffDetailScreen')),
  },
  {
    path: '/tariff/import/detail',
    labelKey: 'tariffs:routes.importDetail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/TariffImportScreen')),
  },
  {
    path: '/tariff/exchange-rates',
    labelKey: 'tariffs:routes.exchangeRates',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.exchangeRates, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/ExchangeRatesScreen')),
  },
]);

export default routes;
