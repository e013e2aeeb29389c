import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the suppliers area owns: the supplier list and
 * the supplier detail (details, edit, history).
 */
export const routes = remote.routes([
  {
    path: '/supplier-management',
    labelKey: 'suppliers:routes.list',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/SupplierList')),
  },
  {
    path: '/supplier-management/detail',
    labelKey: 'suppliers:routes.detail',
    icon: 'ShopOutlined',
    permission: { path: RESOURCES.suppliers, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/SupplierDetail')),
  },
]);

export default routes;
