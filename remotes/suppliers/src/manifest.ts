import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The suppliers area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/supplier-management',
    labelKey: 'suppliers:routes.list',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
    menu: { order: 20, labelKey: 'suppliers:menu.suppliers' },
  },
  {
    path: '/supplier-management/detail',
    labelKey: 'suppliers:routes.detail',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
  },
]);
