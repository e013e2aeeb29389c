import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the partners area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/partners',
    labelKey: 'partners:routes.list',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/partners/register',
    labelKey: 'partners:routes.register',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/partners/detail',
    labelKey: 'partners:routes.detail',
    icon: 'TeamOutlined',
    permission: { path: RESOURCES.partners, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
