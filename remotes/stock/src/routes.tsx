import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the stock area owns, with its screen.
 */
export const routes = remote.routes([
  {
    path: '/stock',
    labelKey: 'stock:routes.list',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/StockListScreen')),
  },
  {
    path: '/stock/detail',
    labelKey: 'stock:routes.detail',
    icon: 'DatabaseOutlined',
    permission: { path: RESOURCES.stock, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/StockDetailScreen')),
  },
]);

export default routes;
