import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the roles area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/roles',
    labelKey: 'roles:routes.list',
    icon: 'SafetyCertificateOutlined',
    permission: { path: RESOURCES.roles, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/roles/register',
    labelKey: 'roles:routes.register',
    icon: 'SafetyCertificateOutlined',
    permission: { path: RESOURCES.roles, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/roles/assign',
    labelKey: 'roles:routes.assign',
    icon: 'SafetyCertificateOutlined',
    // Assigning permissions is a POST (role/assign): a screen for writers only.
    permission: { path: RESOURCES.roles, method: 'POST' },
    inMenu: false,
  },
]);

export default routes;
