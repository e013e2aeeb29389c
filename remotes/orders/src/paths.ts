/** Console paths of the orders area. */
export const ORDER_LIST_PATH = '/orders';
export const ORDER_REGISTER_PATH = '/orders/register';
export const ORDER_DETAIL_PATH = '/orders/detail';
export const ORDER_ITEM_PATH = '/orders/detail/item';

export const orderDetailUrl = (id: string) => `${ORDER_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
export const orderItemUrl = (id: string) => `${ORDER_ITEM_PATH}?id=${encodeURIComponent(id)}`;
