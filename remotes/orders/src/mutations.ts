import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrderItemDetail, OrderRequestInput } from '@esim/contracts';
import {
  clearCart,
  orderKeys,
  purchaseOrder,
  recordPayment,
  removeItem,
  removePayment,
  retryDelivery,
  returnItemToStock,
  revealItemCode,
} from './api';

/** An order changed: show it as answered and refresh every list and history of the area. */
async function orderChanged(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  await queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/** An item changed: it, its order and the lists. */
async function itemChanged(queryClient: QueryClient, item: OrderItemDetail) {
  queryClient.setQueryData(orderKeys.item(item.id), item);
  await queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/**
 * The orders area's changes, each with the refresh it needs:
 * `useMutation(orderMutations.recordPayment(queryClient))`.
 */
export const orderMutations = {
  /** POST order with the cart's Idempotency-Key. */
  purchase: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ request, key }: { request: OrderRequestInput; key: string }) =>
        purchaseOrder(request, key),
      onSuccess: (order: OrderDetail) => {
        queryClient.setQueryData(orderKeys.detail(order.id), order);
        // Not awaited: the wizard shows the order at once; the lists refresh meanwhile.
        void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      },
    }),
  /** DELETE cart: a new, empty draft with a new key. */
  clearCart: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: clearCart,
      onSuccess: (cart) => queryClient.setQueryData(orderKeys.cart(), cart),
    }),
  /** POST order/retry-delivery */
  retryDelivery: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: retryDelivery,
      onSuccess: (order: OrderDetail) => orderChanged(queryClient, order),
    }),
  /** POST order/payment */
  recordPayment: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: recordPayment,
      onSuccess: (order: OrderDetail) => orderChanged(queryClient, order),
    }),
  /** DELETE order/payment?id= */
  removePayment: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: removePayment,
      onSuccess: (order: OrderDetail) => orderChanged(queryClient, order),
    }),
  /** POST order/item/activation-code: the reveal is in the history from now on. */
  revealCode: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: revealItemCode,
      onSuccess: () => {
        // Not awaited: the code is shown without waiting for the history.
        void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'history'] });
      },
    }),
  /** POST order/item/return-to-stock */
  returnToStock: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: returnItemToStock,
      onSuccess: (item: OrderItemDetail) => itemChanged(queryClient, item),
    }),
  /** DELETE order/item?id=&version= */
  removeItem: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (item: { id: string; version: number }) => removeItem(item.id, item.version),
      onSuccess: (item: OrderItemDetail) => itemChanged(queryClient, item),
    }),
};
