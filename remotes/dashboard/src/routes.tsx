import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the dashboard area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/dashboard',
    labelKey: 'dashboard:routes.home',
    icon: 'DashboardOutlined',
    permission: { path: RESOURCES.dashboard, method: 'GET' },
    inMenu: true,
  },
]);

export default routes;
