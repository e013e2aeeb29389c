import type { RemoteRoute } from '@esim/remote-kit';
import type { AppRoute, AreaId } from '../routes/route-table';

/** What the host needs of a remote's route to check it against its own route table. */
export type RouteDescription = Pick<RemoteRoute, 'path' | 'permission' | 'inMenu'>;

/**
 * Differences between a remote's exposed routes and the host's static route table for that
 * area (the table drives the menu and the access guards, so a dead remote never removes its
 * menu entry; the remote supplies the screens). Empty when they agree on every path, its
 * permission and its menu flag.
 */
export function routeMismatches(
  area: AreaId,
  remoteRoutes: readonly RouteDescription[],
  table: readonly AppRoute[],
): string[] {
  const problems: string[] = [];
  const expected = new Map(
    table.filter((route) => route.area === area).map((route) => [route.path, route]),
  );
  const seen = new Set<string>();
  for (const route of remoteRoutes) {
    if (seen.has(route.path)) problems.push(`${area} exposes ${route.path} twice`);
    seen.add(route.path);
    const own = expected.get(route.path);
    if (!own) {
      problems.push(`${area} exposes ${route.path}, which the host's route table does not have`);
      continue;
    }
    const { path, method } = route.permission;
    if (own.permission.path !== path || own.permission.method !== method) {
      problems.push(
        `${route.path}: the remote asks ${method} ${path}, the host's table ` +
          `${own.permission.method} ${own.permission.path}`,
      );
    }
    if (own.inMenu !== route.inMenu) {
      problems.push(
        `${route.path}: inMenu is ${route.inMenu} in the remote, ${own.inMenu} in the host`,
      );
    }
  }
  for (const path of expected.keys()) {
    if (!seen.has(path)) problems.push(`${area} does not expose ${path} of the host's route table`);
  }
  return problems;
}
