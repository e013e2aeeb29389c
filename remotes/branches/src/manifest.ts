import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The branches area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/branch-master',
    labelKey: 'branches:routes.list',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'GET' },
    menu: { order: 90, labelKey: 'branches:menu.branches' },
  },
  {
    path: '/branch-master/register',
    labelKey: 'branches:routes.register',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'POST' },
  },
  {
    path: '/branch-master/detail',
    labelKey: 'branches:routes.detail',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'GET' },
  },
  {
    path: '/branch-master/item/register/:branchType',
    labelKey: 'branches:routes.issuerRegister',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'POST' },
  },
]);
