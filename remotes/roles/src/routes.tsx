import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path, each loaded on
 * demand.
 */
export const routes = remote.routes(manifest, {
  '/roles': remote.screen(() => import('./screens/RoleSetting')),
  '/roles/register': remote.screen(() => import('./screens/RoleRegister')),
  '/roles/assign': remote.screen(() => import('./screens/RoleAssign')),
  '/roles/users': remote.screen(() => import('./screens/StaffUserList')),
  '/roles/users/detail': remote.screen(() => import('./screens/StaffUserDetail')),
});

export default routes;
