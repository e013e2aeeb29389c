import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The orders area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/orders',
    labelKey: 'orders:routes.list',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
    menu: { order: 60, labelKey: 'orders:menu.orders' },
  },
  {
    path: '/orders/register',
    labelKey: 'orders:routes.register',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'POST' },
  },
  {
    path: '/orders/detail',
    labelKey: 'orders:routes.detail',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
  },
  {
    path: '/orders/detail/item',
    labelKey: 'orders:routes.itemDetail',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
  },
]);
