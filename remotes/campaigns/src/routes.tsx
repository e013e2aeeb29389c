import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the campaigns area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/campaign-code',
    labelKey: 'campaigns:routes.list',
    icon: 'TagsOutlined',
    permission: { path: RESOURCES.campaigns, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/campaign-code/detail',
    labelKey: 'campaigns:routes.detail',
    icon: 'TagsOutlined',
    permission: { path: RESOURCES.campaigns, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
