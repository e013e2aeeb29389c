import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the branches area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/branch-master',
    labelKey: 'branches:routes.list',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/branch-master/register',
    labelKey: 'branches:routes.register',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'POST' },
    inMenu: false,
  },
  {
    path: '/branch-master/detail',
    labelKey: 'branches:routes.detail',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'GET' },
    inMenu: false,
  },
  {
    path: '/branch-master/item/register/:branchType',
    labelKey: 'branches:routes.issuerRegister',
    icon: 'ApartmentOutlined',
    permission: { path: RESOURCES.branches, method: 'POST' },
    inMenu: false,
  },
]);

export default routes;
