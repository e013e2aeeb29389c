import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The dashboard area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/dashboard',
    labelKey: 'dashboard:routes.home',
    icon: 'DashboardOutlined',
    permission: { path: RESOURCES.dashboard, method: 'GET' },
    menu: { order: 10, labelKey: 'dashboard:menu.dashboard' },
  },
]);
