import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the tariffs area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/tariff',
    labelKey: 'tariffs:routes.list',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/tariff/create',
    labelKey: 'tariffs:routes.createProfile',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/tariff/:tariffGroup/create',
    labelKey: 'tariffs:routes.createCode',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/tariff/detail',
    labelKey: 'tariffs:routes.detail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: false,
  },
  {
    path: '/tariff/import/detail',
    labelKey: 'tariffs:routes.importDetail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
