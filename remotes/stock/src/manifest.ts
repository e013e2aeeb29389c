import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The stock area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/stock',
    labelKey: 'stock:routes.list',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
    menu: { order: 50, labelKey: 'stock:menu.stock' },
  },
  {
    path: '/stock/detail',
    labelKey: 'stock:routes.detail',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
  },
]);
