import { RESOURCES } from '@esim/contracts';
import { defineRouteManifest } from '@esim/remote-kit/manifest';

/**
 * The products area's routes, declared once: path, label, icon, permission and menu placement.
 * The build writes them to route-manifest.json beside mf-manifest.json; the host builds its
 * router, menu and access checks from that file (no screen code here).
 */
export const manifest = defineRouteManifest([
  {
    path: '/products',
    labelKey: 'products:routes.list',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
    menu: { order: 40, labelKey: 'products:menu.products' },
  },
  {
    path: '/products/detail',
    labelKey: 'products:routes.detail',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
  },
  {
    path: '/products-price',
    labelKey: 'products:routes.priceList',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
    menu: { order: 41 },
  },
  {
    path: '/products-price/detail',
    labelKey: 'products:routes.priceDetail',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
  },
]);
