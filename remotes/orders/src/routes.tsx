import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the orders area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/orders',
    labelKey: 'orders:routes.list',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/orders/register',
    labelKey: 'orders:routes.register',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/orders/detail',
    labelKey: 'orders:routes.detail',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
    inMenu: false,
  },
  {
    path: '/orders/detail/item',
    labelKey: 'orders:routes.itemDetail',
    icon: 'ShoppingCartOutlined',
    permission: { path: RESOURCES.orders, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
