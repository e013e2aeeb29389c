import type { PermissionMethod } from '@esim/contracts';
import type { AppRoute, MenuIcon } from './route-table';

export type CanFn = (path: string, method: PermissionMethod) => boolean;

export interface MenuEntry {
  /** The route path (also the menu item key). */
  key: string;
  labelKey: AppRoute['labelKey'];
  icon: MenuIcon;
}

/** Whether the user may open a route. */
export function canUseRoute(route: Pick<AppRoute, 'permission'>, can: CanFn): boolean {
  return can(route.permission.path, route.permission.method);
}

/** The side menu: the table's menu entries the user can use, in table order. */
export function buildMenu(routes: readonly AppRoute[], can: CanFn): MenuEntry[] {
  return routes
    .filter((route) => route.inMenu && canUseRoute(route, can))
    .map((route) => ({ key: route.path, labelKey: route.labelKey, icon: route.icon }));
}

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base + '/');
}

/** The menu entry to highlight for a location: the longest entry path containing it. */
export function selectedMenuKey(
  pathname: string,
  entries: readonly MenuEntry[],
): string | undefined {
  let best: string | undefined;
  for (const entry of entries) {
    if (isWithin(pathname, entry.key) && (best === undefined || entry.key.length > best.length))
      best = entry.key;
  }
  return best;
}

/** Where to send a user who may not use a route: the dashboard, else their first menu entry. */
export function homePathFor(routes: readonly AppRoute[], can: CanFn, fallback: string): string {
  const dashboard = routes.find((route) => route.path === fallback);
  if (dashboard && canUseRoute(dashboard, can)) return fallback;
  return buildMenu(routes, can)[0]?.key ?? fallback;
}
