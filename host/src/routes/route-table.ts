import { RESOURCES, type PermissionMethod } from '@esim/contracts';

/**
 * Every signed-in route of the console (spec section 2; login and OTP are public and live in
 * the router). The menu, the access checks and the area loading are all derived from this
 * table. Areas are the independently released remotes.
 */
export const AREAS = [
  'dashboard',
  'suppliers',
  'tariffs',
  'products',
  'stock',
  'orders',
  'partners',
  'campaigns',
  'branches',
  'roles',
  'settings',
] as const;
export type AreaId = (typeof AREAS)[number];

/** Menu icon names; the shell maps them to @ant-design/icons components. */
export type MenuIcon =
  | 'dashboard'
  | 'suppliers'
  | 'tariffs'
  | 'products'
  | 'productPrices'
  | 'stock'
  | 'orders'
  | 'partners'
  | 'campaigns'
  | 'branches'
  | 'roles'
  | 'settings'
  | 'releases';

export interface RoutePermission {
  /** A resource of RESOURCES (the area path permissions are granted on). */
  path: string;
  /** 'GET' to see a screen, 'POST' for screens that create something. */
  method: PermissionMethod;
}

export interface AppRoute {
  /** react-router path pattern (':param' for path parameters). */
  path: string;
  area: AreaId;
  /**
   * i18next key of the screen/menu label: 'menu.<key>' in the common namespace, or
   * '<area>:<key>' in an area's own namespace (screens added after the shell, e.g. Releases).
   */
  labelKey: `menu.${string}` | `${AreaId}:${string}`;
  icon: MenuIcon;
  permission: RoutePermission;
  /** Shown as an entry of the side menu. */
  inMenu: boolean;
}

const view = (path: string): RoutePermission => ({ path, method: 'GET' });
const create = (path: string): RoutePermission => ({ path, method: 'POST' });

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/dashboard',
    area: 'dashboard',
    labelKey: 'menu.dashboard',
    icon: 'dashboard',
    permission: view(RESOURCES.dashboard),
    inMenu: true,
  },

  {
    path: '/supplier-management',
    area: 'suppliers',
    labelKey: 'menu.suppliers',
    icon: 'suppliers',
    permission: view(RESOURCES.suppliers),
    inMenu: true,
  },
  {
    path: '/supplier-management/detail',
    area: 'suppliers',
    labelKey: 'menu.supplierDetail',
    icon: 'suppliers',
    permission: view(RESOURCES.suppliers),
    inMenu: false,
  },

  {
    path: '/tariff',
    area: 'tariffs',
    labelKey: 'menu.tariffs',
    icon: 'tariffs',
    permission: view(RESOURCES.tariffs),
    inMenu: true,
  },
  {
    path: '/tariff/create',
    area: 'tariffs',
    labelKey: 'menu.tariffProfileCreate',
    icon: 'tariffs',
    permission: create(RESOURCES.tariffs),
    inMenu: false,
  },
  {
    path: '/tariff/:tariffGroup/create',
    area: 'tariffs',
    labelKey: 'menu.tariffCodeCreate',
    icon: 'tariffs',
    permission: create(RESOURCES.tariffs),
    inMenu: false,
  },
  {
    path: '/tariff/detail',
    area: 'tariffs',
    labelKey: 'menu.tariffDetail',
    icon: 'tariffs',
    permission: view(RESOURCES.tariffs),
    inMenu: false,
  },
  {
    path: '/tariff/import/detail',
    area: 'tariffs',
    labelKey: 'menu.tariffImportDetail',
    icon: 'tariffs',
    permission: view(RESOURCES.tariffs),
    inMenu: false,
  },
  {
    path: '/tariff/exchange-rates',
    area: 'tariffs',
    labelKey: 'menu.exchangeRates',
    icon: 'tariffs',
    permission: view(RESOURCES.exchangeRates),
    inMenu: true,
  },

  {
    path: '/products',
    area: 'products',
    labelKey: 'menu.products',
    icon: 'products',
    permission: view(RESOURCES.products),
    inMenu: true,
  },
  {
    path: '/products/detail',
    area: 'products',
    labelKey: 'menu.productDetail',
    icon: 'products',
    permission: view(RESOURCES.products),
    inMenu: false,
  },
  {
    path: '/products-price',
    area: 'products',
    labelKey: 'menu.productPrices',
    icon: 'productPrices',
    permission: view(RESOURCES.productPrices),
    inMenu: true,
  },
  {
    path: '/products-price/detail',
    area: 'products',
    labelKey: 'menu.productPriceDetail',
    icon: 'productPrices',
    permission: view(RESOURCES.productPrices),
    inMenu: false,
  },

  {
    path: '/stock',
    area: 'stock',
    labelKey: 'menu.stock',
    icon: 'stock',
    permission: view(RESOURCES.stock),
    inMenu: true,
  },
  {
    path: '/stock/detail',
    area: 'stock',
    labelKey: 'menu.stockDetail',
    icon: 'stock',
    permission: view(RESOURCES.stock),
    inMenu: false,
  },

  {
    path: '/orders',
    area: 'orders',
    labelKey: 'menu.orders',
    icon: 'orders',
    permission: view(RESOURCES.orders),
    inMenu: true,
  },
  {
    path: '/orders/register',
    area: 'orders',
    labelKey: 'menu.orderRegister',
    icon: 'orders',
    permission: create(RESOURCES.orders),
    inMenu: false,
  },
  {
    path: '/orders/detail',
    area: 'orders',
    labelKey: 'menu.orderDetail',
    icon: 'orders',
    permission: view(RESOURCES.orders),
    inMenu: false,
  },
  {
    path: '/orders/detail/item',
    area: 'orders',
    labelKey: 'menu.orderItemDetail',
    icon: 'orders',
    permission: view(RESOURCES.orders),
    inMenu: false,
  },

  {
    path: '/partners',
    area: 'partners',
    labelKey: 'menu.partners',
    icon: 'partners',
    permission: view(RESOURCES.partners),
    inMenu: true,
  },
  {
    path: '/partners/register',
    area: 'partners',
    labelKey: 'menu.partnerRegister',
    icon: 'partners',
    permission: create(RESOURCES.partners),
    inMenu: false,
  },
  {
    path: '/partners/detail',
    area: 'partners',
    labelKey: 'menu.partnerDetail',
    icon: 'partners',
    permission: view(RESOURCES.partners),
    inMenu: false,
  },

  {
    path: '/campaign-code',
    area: 'campaigns',
    labelKey: 'menu.campaigns',
    icon: 'campaigns',
    permission: view(RESOURCES.campaigns),
    inMenu: true,
  },
  {
    path: '/campaign-code/detail',
    area: 'campaigns',
    labelKey: 'menu.campaignDetail',
    icon: 'campaigns',
    permission: view(RESOURCES.campaigns),
    inMenu: false,
  },

  {
    path: '/branch-master',
    area: 'branches',
    labelKey: 'menu.branches',
    icon: 'branches',
    permission: view(RESOURCES.branches),
    inMenu: true,
  },
  {
    path: '/branch-master/register',
    area: 'branches',
    labelKey: 'menu.branchRegister',
    icon: 'branches',
    permission: create(RESOURCES.branches),
    inMenu: false,
  },
  {
    path: '/branch-master/detail',
    area: 'branches',
    labelKey: 'menu.branchDetail',
    icon: 'branches',
    permission: view(RESOURCES.branches),
    inMenu: false,
  },
  {
    path: '/branch-master/item/register/:branchType',
    area: 'branches',
    labelKey: 'menu.issuerRegister',
    icon: 'branches',
    permission: create(RESOURCES.branches),
    inMenu: false,
  },

  {
    path: '/roles',
    area: 'roles',
    labelKey: 'menu.roles',
    icon: 'roles',
    permission: view(RESOURCES.roles),
    inMenu: true,
  },
  {
    path: '/roles/register',
    area: 'roles',
    labelKey: 'menu.roleRegister',
    icon: 'roles',
    permission: create(RESOURCES.roles),
    inMenu: false,
  },
  // Assigning permissions changes roles (POST role/assign): a screen for writers only.
  {
    path: '/roles/assign',
    area: 'roles',
    labelKey: 'menu.roleAssign',
    icon: 'roles',
    permission: create(RESOURCES.roles),
    inMenu: false,
  },

  {
    path: '/settings',
    area: 'settings',
    labelKey: 'menu.settings',
    icon: 'settings',
    permission: view(RESOURCES.settings),
    inMenu: true,
  },
  // Release managers: pin, roll back and preview the areas' versions (GET /settings/releases).
  {
    path: '/settings/releases',
    area: 'settings',
    labelKey: 'settings:routes.releases',
    icon: 'releases',
    permission: view(RESOURCES.releases),
    inMenu: true,
  },
];

/** Area namespaces the route table's labels use (loaded with the signed-in shell). */
export const LABEL_NAMESPACES: readonly string[] = [
  ...new Set(
    APP_ROUTES.map((route) => route.labelKey)
      .filter((key) => key.includes(':'))
      .map((key) => key.slice(0, key.indexOf(':'))),
  ),
];

/** Public sign-in routes. */
export const LOGIN_PATH = '/admin/auth/login';
export const OTP_PATH = '/admin/auth/otp';
/** Where '/' and the no-permission dialog lead. */
export const HOME_PATH = '/dashboard';
