import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the settings area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/settings',
    labelKey: 'settings:routes.settings',
    icon: 'SettingOutlined',
    permission: { path: RESOURCES.settings, method: 'GET' },
    inMenu: true,
  },
  {
    // Release managers only: GET on /settings/releases (the seeded administrators hold it).
    path: '/settings/releases',
    labelKey: 'settings:routes.releases',
    icon: 'DeploymentUnitOutlined',
    permission: { path: RESOURCES.releases, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./releases/ReleasesScreen')),
  },
]);

export default routes;
