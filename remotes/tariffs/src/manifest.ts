import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The tariffs area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/tariff',
    labelKey: 'tariffs:routes.list',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
    menu: { order: 30, labelKey: 'tariffs:menu.tariffs' },
  },
  {
    path: '/tariff/create',
    labelKey: 'tariffs:routes.createProfile',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
  },
  {
    path: '/tariff/:tariffGroup/create',
    labelKey: 'tariffs:routes.createCode',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'POST' },
  },
  {
    path: '/tariff/detail',
    labelKey: 'tariffs:routes.detail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
  },
  {
    path: '/tariff/import/detail',
    labelKey: 'tariffs:routes.importDetail',
    icon: 'CalculatorOutlined',
    permission: { path: RESOURCES.tariffs, method: 'GET' },
  },
  {
    path: '/tariff/exchange-rates',
    labelKey: 'tariffs:routes.exchangeRates',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.exchangeRates, method: 'GET' },
    menu: { order: 31 },
  },
]);
