import type { ComponentType, LazyExoticComponent } from 'react';
import type { PermissionMethod, Resource } from '@esim/contracts';

/** The permission a route needs: allowed when can(permissions, path, method). */
export interface RoutePermission {
  path: Resource;
  method: PermissionMethod;
}

/**
 * One console route a remote owns. The host builds the router and the menu from these; it
 * never hard-codes an area's screens.
 */
export interface RemoteRoute {
  /** Absolute console path in react-router syntax, e.g. '/tariff/:tariffGroup/create'. */
  path: string;
  /** i18n key 'namespace:key' of the screen name (and the menu label when inMenu). */
  labelKey: string;
  /** Name of an @ant-design/icons component, e.g. 'ShopOutlined'; the host renders it. */
  icon: string;
  /** What the signed-in user needs to see the route (and its menu entry). */
  permission: RoutePermission;
  /** Shown in the side menu; detail and register screens are reached from their list. */
  inMenu: boolean;
  /** The screen, loaded on demand (React.lazy). Rendered without props. */
  Component: LazyExoticComponent<ComponentType>;
}

/** A route as a remote writes it: without a Component it gets the area's coming-soon screen. */
export type RemoteRouteDefinition = Omit<RemoteRoute, 'Component'> & {
  Component?: RemoteRoute['Component'];
};

/** One namespace's JSON (locales/<lng>/<area>.json). */
export type LocaleJson = Record<string, unknown>;

/** Loads the remote's namespace for a language; unsupported languages get English. */
export type LocaleLoader = (language: string) => Promise<LocaleJson>;

/** What `loadRemote('<area>/routes')` resolves to. */
export interface RemoteRoutesModule {
  routes: RemoteRoute[];
  default: RemoteRoute[];
}

/** What `loadRemote('<area>/locales')` resolves to. */
export interface RemoteLocalesModule {
  loadLocale: LocaleLoader;
  default: LocaleLoader;
}

/** Name and version of one remote build (shown by the skeleton screen). */
export interface RemoteBuild {
  name: string;
  version: string;
}
