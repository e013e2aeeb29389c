import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The campaigns area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/campaign-code',
    labelKey: 'campaigns:routes.list',
    icon: 'TagsOutlined',
    permission: { path: RESOURCES.campaigns, method: 'GET' },
    menu: { order: 80, labelKey: 'campaigns:menu.campaigns' },
  },
  {
    path: '/campaign-code/detail',
    labelKey: 'campaigns:routes.detail',
    icon: 'TagsOutlined',
    permission: { path: RESOURCES.campaigns, method: 'GET' },
  },
  // E2E builds only (REMOTE_E2E_EXTRA_ROUTE=1, e2e/tests/releases.spec.ts): a screen added by a
  // remote release alone, without a host build. Dropped from every other build.
  ...(__REMOTE_E2E_EXTRA_ROUTE__
    ? ([
        {
          path: '/campaign-code/e2e-extra',
          labelKey: 'campaigns:routes.detail',
          icon: 'GiftOutlined',
          permission: { path: RESOURCES.campaigns, method: 'GET' },
          menu: { order: 81 },
        },
      ] as const)
    : []),
]);
