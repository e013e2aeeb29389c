import { RESOURCES } from '@esim/contracts';
import { remote } from './remote';

/**
 * The './routes' expose: every console route the products area owns. Routes without a
 * Component show the area's coming-soon screen until their real screen is released.
 */
export const routes = remote.routes([
  {
    path: '/products',
    labelKey: 'products:routes.list',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/products/detail',
    labelKey: 'products:routes.detail',
    icon: 'AppstoreOutlined',
    permission: { path: RESOURCES.products, method: 'GET' },
    inMenu: false,
  },
  {
    path: '/products-price',
    labelKey: 'products:routes.priceList',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
    inMenu: true,
  },
  {
    path: '/products-price/detail',
    labelKey: 'products:routes.priceDetail',
    icon: 'DollarOutlined',
    permission: { path: RESOURCES.productPrices, method: 'GET' },
    inMenu: false,
  },
]);

export default routes;
