import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the products area owns, with its screen: the
 * product list and detail, the price list and one product's prices.
 */
export const routes = remote.routes([
  {
    path: '/products',
    labelKey: 'products:routes.list',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/ProductListScreen')),
  },
  {
    path: '/products/detail',
    labelKey: 'products:routes.detail',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/ProductDetailScreen')),
  },
  {
    path: '/products-price',
    labelKey: 'products:routes.priceList',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
    inMenu: true,
    Component: remote.screen(() => import('./screens/PriceListScreen')),
  },
  {
    path: '/products-price/detail',
    labelKey: 'products:routes.priceDetail',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
    inMenu: false,
    Component: remote.screen(() => import('./screens/PriceDetailScreen')),
  },
]);

export default routes;
