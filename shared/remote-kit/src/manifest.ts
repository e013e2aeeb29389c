/**
 * @esim/remote-kit/manifest: a remote's route manifest, the one place an area declares its
 * routes (path, label, icon, permission, menu placement). Data only (no React, no screen code):
 * the remote's build turns it into route-manifest.json beside mf-manifest.json, which the host
 * reads at start to build its router, menu and access checks (docs/decisions/0008).
 */
import type { PermissionMethod, Resource } from '@esim/contracts';

/** The file a remote build writes beside mf-manifest.json. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';
/** Version of route-manifest.json's shape; the host ignores files of another schema. */
export const ROUTE_MANIFEST_SCHEMA = 1;

/**
 * The icons a route may name: icons of the console's curated set (@esim/ui/icons, shared by the
 * host), which the host's menu renders by name (host/src/shell/menu-icons.tsx is typed against
 * this list). A new icon needs a host release (add it to @esim/ui/icons and here).
 */
export const ROUTE_ICONS = [
  'ApartmentOutlined',
  'AppstoreOutlined',
  'CalculatorOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DeploymentUnitOutlined',
  'DollarOutlined',
  'GiftOutlined',
  'SafetyCertificateOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'TagsOutlined',
  'TeamOutlined',
] as const;
export type RouteIcon = (typeof ROUTE_ICONS)[number];

/** The permission a route needs: allowed when can(permissions, path, method). */
export interface ResourcePermission {
  path: Resource;
  method: PermissionMethod;
}

/**
 * A resource permission, or 'signedIn': every signed-in user (their own profile, language and
 * session), as the API's own 'signedIn' routes.
 */
export type RoutePermission = ResourcePermission | 'signedIn';

/** The permission 'signedIn' routes declare. */
export const SIGNED_IN = 'signedIn' as const;

/** Where a route sits in the side menu (routes without it are reached from their list). */
export interface MenuPlacement {
  /** Position in the console's menu, across all areas (smaller first). */
  order: number;
  /** i18n key of the menu label when it differs from the screen name (default: labelKey). */
  labelKey?: string;
}

/** One console route of a remote, as it declares it. */
export interface RouteManifestEntry {
  /** Absolute console path in react-router syntax, e.g. '/tariff/:tariffGroup/create'. */
  path: string;
  /** i18n key '<area>:key' of the screen name (page title, coming-soon screen). */
  labelKey: string;
  /** The menu icon, one of ROUTE_ICONS. */
  icon: RouteIcon;
  /** What the signed-in user needs to see the route (and its menu entry). */
  permission: RoutePermission;
  /** Shown in the side menu, and where. */
  menu?: MenuPlacement;
}

/** Texts of a label by language ('en' always present). */
export type LabelTexts = Readonly<Record<string, string>>;

/** One route of route-manifest.json: the entry plus its label texts, resolved at build time. */
export interface PublishedRoute extends RouteManifestEntry {
  /** The screen name in every language of the console. */
  labels: LabelTexts;
  menu?: MenuPlacement & { labels: LabelTexts };
}

/** route-manifest.json. */
export interface RouteManifestFile {
  schema: typeof ROUTE_MANIFEST_SCHEMA;
  /** The remote (= area) name. */
  remote: string;
  version: string;
  routes: PublishedRoute[];
}

/**
 * Declares a remote's routes (src/manifest.ts). The literal types are kept, so the remote's
 * routes.tsx can only give screens to paths of its manifest.
 */
export function defineRouteManifest<const T extends readonly RouteManifestEntry[]>(routes: T): T {
  return routes;
}

const PERMISSION_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function labelProblems(labels: unknown, where: string): string[] {
  if (!isObject(labels) || !isText(labels.en)) return [`${where}: no English label text`];
  return Object.entries(labels)
    .filter(([, text]) => !isText(text))
    .map(([language]) => `${where}: the ${language} label is not a text`);
}

/** What is wrong with a list of route entries (empty when nothing). */
export function routeManifestProblems(
  routes: readonly unknown[],
  options: { published?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  routes.forEach((route, index) => {
    if (!isObject(route)) {
      problems.push(`route ${index} is not an object`);
      return;
    }
    const where = isText(route.path) ? route.path : `route ${index}`;
    if (!isText(route.path) || !route.path.startsWith('/')) {
      problems.push(`${where}: the path must start with '/'`);
    } else if (seen.has(route.path)) {
      problems.push(`${where} is declared twice`);
    } else seen.add(route.path);
    if (!isText(route.labelKey) || !route.labelKey.includes(':'))
      problems.push(`${where}: labelKey must be '<namespace>:<key>'`);
    if (!(ROUTE_ICONS as readonly unknown[]).includes(route.icon))
      problems.push(`${where}: icon ${String(route.icon)} is not one of ROUTE_ICONS`);
    const permission = route.permission;
    if (
      permission !== SIGNED_IN &&
      (!isObject(permission) ||
        !isText(permission.path) ||
        !permission.path.startsWith('/') ||
        !PERMISSION_METHODS.has(permission.method as string))
    )
      problems.push(
        `${where}: permission must be { path: '/resource', method: 'GET' | 'POST' … } or 'signedIn'`,
      );
    if (route.menu !== undefined) {
      if (!isObject(route.menu) || typeof route.menu.order !== 'number')
        problems.push(`${where}: menu must be { order: number }`);
      else if (options.published)
        problems.push(...labelProblems(route.menu.labels, `${where} menu`));
    }
    if (options.published) problems.push(...labelProblems(route.labels, where));
  });
  return problems;
}

/** route-manifest.json read back (from the network or a cache), or null when it is not one. */
export function parseRouteManifest(value: unknown): RouteManifestFile | null {
  if (!isObject(value) || value.schema !== ROUTE_MANIFEST_SCHEMA) return null;
  if (!isText(value.remote) || !isText(value.version) || !Array.isArray(value.routes)) return null;
  if (routeManifestProblems(value.routes, { published: true }).length > 0) return null;
  return value as unknown as RouteManifestFile;
}
