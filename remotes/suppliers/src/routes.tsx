import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the suppliers area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/supplier-management',
    labelKey: 'suppliers:routes.list',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/supplier-management/detail',
    labelKey: 'suppliers:routes.detail',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
