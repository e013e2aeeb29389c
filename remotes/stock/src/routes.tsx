import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the stock area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/stock',
    labelKey: 'stock:routes.list',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/stock/detail',
    labelKey: 'stock:routes.detail',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
