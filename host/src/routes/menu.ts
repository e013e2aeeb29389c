import type { PermissionMethod } from '@esim/contracts';
import {
  SIGNED_IN,
  type LabelTexts,
  type PublishedRoute,
  type RouteIcon,
} from '@esim/remote-kit/manifest';

export type CanFn = (path: string, method: PermissionMethod) => boolean;

/** One signed-in route of the console: a route of a pinned remote's manifest. */
export interface AreaRouteEntry extends PublishedRoute {
  /** The remote (area) that owns and renders the route. */
  area: string;
}

export interface MenuEntry {
  /** The route path (also the menu item key). */
  key: string;
  labels: LabelTexts;
  icon: RouteIcon;
}

/** A label's text in a language ('ja-JP' reads 'ja'), else English. */
export function labelText(labels: LabelTexts, language: string | undefined): string {
  const base = language?.split('-')[0];
  return (
    (language && labels[language]) ||
    (base && labels[base]) ||
    labels.en ||
    Object.values(labels)[0] ||
    ''
  );
}

/** Whether the user may open a route. */
export function canUseRoute(route: Pick<PublishedRoute, 'permission'>, can: CanFn): boolean {
  const { permission } = route;
  if (permission === SIGNED_IN) return true;
  return can(permission.path, permission.method);
}

/** The side menu: the routes with a menu placement the user can use, by menu order. */
export function buildMenu(routes: readonly AreaRouteEntry[], can: CanFn): MenuEntry[] {
  return routes
    .flatMap((route) =>
      route.menu && canUseRoute(route, can) ? [{ route, menu: route.menu }] : [],
    )
    .sort((a, b) => a.menu.order - b.menu.order)
    .map(({ route, menu }) => ({ key: route.path, labels: menu.labels, icon: route.icon }));
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
export function homePathFor(
  routes: readonly AreaRouteEntry[],
  can: CanFn,
  fallback: string,
): string {
  const dashboard = routes.find((route) => route.path === fallback);
  if (dashboard && canUseRoute(dashboard, can)) return fallback;
  return buildMenu(routes, can)[0]?.key ?? fallback;
}
