import type { OrderItemDetail } from '@esim/contracts';

/** What the user may do with an eSIM of an order, by their permissions. */
export interface ItemPermissions {
  /** PUT on /orders (the item changes). */
  returnToStock: boolean;
  /** DELETE on /orders. */
  remove: boolean;
}

/**
 * The actions an order item offers: back to stock only for a delivered eSIM that was taken from
 * stock; removal only once its delivery failed or it was returned (as the API allows them).
 */
export function itemActions(
  item: Pick<OrderItemDetail, 'status' | 'deliveryType' | 'stockItemId'>,
  can: ItemPermissions,
): { returnToStock: boolean; remove: boolean } {
  return {
    returnToStock:
      can.returnToStock &&
      item.status === 'delivered' &&
      item.deliveryType === 'stock' &&
      item.stockItemId !== null,
    remove: can.remove && (item.status === 'failed' || item.status === 'returned'),
  };
}
