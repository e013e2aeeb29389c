/** Console paths of the products area. */
export const PRODUCT_LIST_PATH = '/products';
export const PRODUCT_DETAIL_PATH = '/products/detail';
export const PRICE_LIST_PATH = '/products-price';
export const PRICE_DETAIL_PATH = '/products-price/detail';

export const productDetailUrl = (id: string) =>
  `${PRODUCT_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
export const priceDetailUrl = (id: string) => `${PRICE_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
