import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The partners area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/partners',
    labelKey: 'partners:routes.list',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'GET' },
    menu: { order: 70, labelKey: 'partners:menu.partners' },
  },
  {
    path: '/partners/register',
    labelKey: 'partners:routes.register',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'POST' },
  },
  {
    path: '/partners/detail',
    labelKey: 'partners:routes.detail',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'GET' },
  },
]);
