import { manifest } from './manifest';
import { remote } from './remote';

/**
 * The './routes' expose: the screen of each route of ./manifest.ts, by path, each loaded on
 * demand (the template editor only with the branch forms: components/TemplateField.tsx).
 */
export const routes = remote.routes(manifest, {
  '/branch-master': remote.screen(() => import('./screens/BranchList')),
  '/branch-master/register': remote.screen(() => import('./screens/BranchRegister')),
  '/branch-master/detail': remote.screen(() => import('./screens/BranchDetail')),
  '/branch-master/item/register/:branchType': remote.screen(
    () => import('./screens/IssuerRegister'),
  ),
});

export default routes;
