import { RESOURCES } from '@esim/contracts';
import { SIGNED_IN, defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The settings area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/settings',
    labelKey: 'settings:routes.settings',
    icon: 'SettingOutlined',
    // Language, profile and session: every signed-in user (partner admins included).
    permission: SIGNED_IN,
    menu: { order: 110 },
  },
  {
    // Release managers only: GET on /settings/releases (the seeded administrators hold it).
    path: '/settings/releases',
    labelKey: 'settings:routes.releases',
    icon: 'DeploymentUnitOutlined',
    permission: { path: RESOURCES.releases, method: 'GET' },
    menu: { order: 111 },
  },
  {
    // Every reader of notices, reached from the header bell and the settings screen (no menu
    // entry); publishers manage the notices here too.
    path: '/settings/notifications',
    labelKey: 'settings:routes.notifications',
    icon: 'SettingOutlined',
    permission: { path: RESOURCES.notifications, method: 'GET' },
  },
]);
