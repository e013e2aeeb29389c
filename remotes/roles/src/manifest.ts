import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The roles area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/roles',
    labelKey: 'roles:routes.list',
    icon: 'SafetyCertificateOutlined',
    permission: { path: RESOURCES.roles, method: 'GET' },
    menu: { order: 100 },
  },
  {
    path: '/roles/register',
    labelKey: 'roles:routes.register',
    icon: 'SafetyCertificateOutlined',
    permission: { path: RESOURCES.roles, method: 'POST' },
  },
  {
    // Assigning permissions is a POST (role/assign): a screen for writers only.
    path: '/roles/assign',
    labelKey: 'roles:routes.assign',
    icon: 'SafetyCertificateOutlined',
    permission: { path: RESOURCES.roles, method: 'POST' },
  },
  {
    path: '/roles/users',
    labelKey: 'roles:routes.users',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.users, method: 'GET' },
    menu: { order: 101 },
  },
  {
    path: '/roles/users/detail',
    labelKey: 'roles:routes.userDetail',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.users, method: 'GET' },
  },
]);
