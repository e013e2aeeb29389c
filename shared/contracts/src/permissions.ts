import * as v from 'valibot';
import { safeString } from './text-safety';

/** HTTP methods a permission entry can allow. Reads are GET even when the call is a POST list. */
export const PERMISSION_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type PermissionMethod = (typeof PERMISSION_METHODS)[number];

/**
 * Resources that permissions are granted on. They are the console's area paths, so the
 * menu, the routes and the API all ask the same question: can(resource, method).
 */
export const RESOURCES = {
  dashboard: '/dashboard',
  suppliers: '/supplier-management',
  tariffs: '/tariff',
  exchangeRates: '/exchange-rate',
  products: '/products',
  productPrices: '/products-price',
  stock: '/stock',
  stockActivationCode: '/stock/activation-code',
  orders: '/orders',
  orderActivationCode: '/orders/activation-code',
  partners: '/partners',
  campaigns: '/campaign-code',
  branches: '/branch-master',
  roles: '/roles',
  users: '/users',
  settings: '/settings',
  releases: '/settings/releases',
  notifications: '/notifications',
} as const;
export type Resource = (typeof RESOURCES)[keyof typeof RESOURCES];

/** A permission entry: a path (exact, 'prefix/*' or '*') and the methods it allows. */
export const PermissionEntrySchema = v.object({
  path: v.pipe(safeString(), v.minLength(1), v.maxLength(255)),
  methods: v.pipe(v.array(v.picklist(PERMISSION_METHODS)), v.minLength(1)),
});
export type PermissionEntry = v.InferOutput<typeof PermissionEntrySchema>;

export interface UserPermissions {
  roleId: string | null;
  permissions: PermissionEntry[];
}

function pathMatches(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(prefix + '/');
  }
  return pattern === path;
}

/** The one access rule: allowed if an entry matches the path and lists the method. */
export function can(
  permissions: readonly PermissionEntry[],
  path: string,
  method: PermissionMethod,
): boolean {
  return permissions.some(
    (entry) => pathMatches(entry.path, path) && entry.methods.includes(method),
  );
}

/**
 * Whether a held entry path covers ALL of `path` (an entry path): '*' covers everything; 'x/*'
 * covers x, anything below x, and 'y/*' for y at or below x; an exact path covers only itself.
 */
function pathCovers(held: string, path: string): boolean {
  if (held === '*') return true;
  if (path === '*') return false;
  if (!held.endsWith('/*')) return held === path;
  const prefix = held.slice(0, -2);
  const base = path.endsWith('/*') ? path.slice(0, -2) : path;
  return base === prefix || base.startsWith(prefix + '/');
}

/**
 * The escalation guard (docs/decisions/0023): may a holder of `permissions` grant `method` on the
 * entry path `path`? Only when one of their entries lists the method and covers the whole path,
 * i.e. is the same or a wider entry. For an exact path this is can().
 */
export function canGrant(
  permissions: readonly PermissionEntry[],
  path: string,
  method: PermissionMethod,
): boolean {
  return permissions.some(
    (entry) => pathCovers(entry.path, path) && entry.methods.includes(method),
  );
}

/** The (path, method) pairs of `entries` a holder of `permissions` could not grant; [] = none. */
export function grantsBeyond(
  permissions: readonly PermissionEntry[],
  entries: readonly PermissionEntry[],
): { path: string; method: PermissionMethod }[] {
  return entries.flatMap((entry) =>
    entry.methods
      .filter((method) => !canGrant(permissions, entry.path, method))
      .map((method) => ({ path: entry.path, method })),
  );
}

export const ROLE_IDS = {
  administrators: 'administrators',
  staff: 'administrators_staff',
  partner: 'administrators_partner',
} as const;

const ALL: PermissionMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

const BUSINESS_AREAS: Resource[] = [
  RESOURCES.dashboard,
  RESOURCES.suppliers,
  RESOURCES.tariffs,
  RESOURCES.exchangeRates,
  RESOURCES.products,
  RESOURCES.productPrices,
  RESOURCES.stock,
  RESOURCES.stockActivationCode,
  RESOURCES.orders,
  RESOURCES.orderActivationCode,
  RESOURCES.partners,
  RESOURCES.campaigns,
  RESOURCES.branches,
  RESOURCES.settings,
  RESOURCES.notifications,
];

/** The seeded permission matrix (docs/permissions.md explains it). */
export const SEED_ROLE_PERMISSIONS: Record<string, PermissionEntry[]> = {
  [ROLE_IDS.administrators]: [{ path: '*', methods: ALL }],
  [ROLE_IDS.staff]: BUSINESS_AREAS.map((path) => ({ path, methods: ALL })),
  [ROLE_IDS.partner]: [
    { path: RESOURCES.dashboard, methods: ['GET'] },
    { path: RESOURCES.orders, methods: ALL },
    { path: RESOURCES.orderActivationCode, methods: ['GET'] },
    { path: RESOURCES.partners, methods: ['GET', 'PUT'] },
    { path: RESOURCES.productPrices, methods: ['GET'] },
    { path: RESOURCES.notifications, methods: ['GET'] },
  ],
};
