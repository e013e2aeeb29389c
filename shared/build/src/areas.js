/** The business-area remotes (remotes/<area>), in menu order. */
export const REMOTE_AREAS = /** @type {const} */ ([
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
]);
