import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import {
  IDEMPOTENCY_KEY_HEADER,
  type cartReviewSchema,
  type AuditHistory,
  type Cart,
  type CartInput,
  type CartPartnerOption,
  type ListResult,
  type OrderCompanyOption,
  type OrderDetail,
  type OrderItemActivationCode,
  type OrderItemDetail,
  type OrderListInput,
  type OrderListResult,
  type OrderRequestInput,
  type OrderReview,
  type PurchasableListInput,
  type PurchasableProduct,
  type RecordPaymentInput,
  type ReturnToStockInput,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the orders area (everything under 'orders' is refreshed after a change). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListInput) => [...orderKeys.lists(), query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  item: (id: string) => [...orderKeys.all, 'item', id] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...orderKeys.all, 'history', id, page, pageSize] as const,
  companies: () => [...orderKeys.all, 'company-name'] as const,
  cart: () => ['orders-cart'] as const,
  bundles: (query: PurchasableListInput) => ['orders-cart', 'bundles', query] as const,
  partners: () => ['orders-cart', 'partners'] as const,
};

// ---------------------------------------------------------------- cart and purchase

/** GET cart: the caller's draft (created empty with a fresh Idempotency-Key). */
export const cartQuery = () =>
  queryOptions({
    queryKey: orderKeys.cart(),
    queryFn: ({ signal }) => api.get<Cart>('cart', { signal, notifyError: false }),
    // Read once per visit: the wizard owns the draft from then on (a refetch would reset it).
    staleTime: Infinity,
    gcTime: 0,
  });

/** PUT cart: saved in the background as the staff member goes (no toast). */
export const saveCart = (input: CartInput) =>
  api.put<Cart>('cart', input, { notifySuccess: false, notifyError: false });

/** DELETE cart: empties it and mints a new Idempotency-Key. */
export const clearCart = () => api.delete<Cart>('cart', undefined, { notifySuccess: false });

/** GET cart/partners: the partners the caller may sell to (needs GET on orders only). */
export const partnerOptionsQuery = () =>
  queryOptions({
    queryKey: orderKeys.partners(),
    queryFn: ({ signal }) => api.get<CartPartnerOption[]>('cart/partners', { signal }),
    staleTime: 60_000,
  });

/** POST cart/product-purchase/list: bundles the partner can buy, at its prices, with stock. */
export const bundleListQuery = (query: PurchasableListInput) =>
  queryOptions({
    queryKey: orderKeys.bundles(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<PurchasableProduct>>('cart/product-purchase/list', query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** What cart/review prices: an order request whose customer name may still be missing. */
export type CartReviewInput = v.InferInput<typeof cartReviewSchema>;

/** POST cart/review: prices a cart without writing anything (the screen shows refusals). */
export const reviewCart = (input: CartReviewInput, signal?: AbortSignal) =>
  api.post<OrderReview>('cart/review', input, {
    signal,
    notifyError: false,
    notifySuccess: false,
  });

/** POST order with the cart's Idempotency-Key: the same key answers the same order. */
export const purchaseOrder = (input: OrderRequestInput, idempotencyKey: string) =>
  api.post<OrderDetail>('order', input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    notifyError: false,
    notifySuccess: false,
    // A purchase waits for its stock allocation; the client's timeout would call it failed.
    timeout: 120_000,
  });

// ---------------------------------------------------------------- orders

/** POST order/list. */
export const orderListQuery = (query: OrderListInput) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => api.post<OrderListResult>('order/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET order/company-name: the partners that have orders (the list's filter). */
export const companyOptionsQuery = () =>
  queryOptions({
    queryKey: orderKeys.companies(),
    queryFn: ({ signal }) => api.get<OrderCompanyOption[]>('order/company-name', { signal }),
    staleTime: 60_000,
  });

/** GET order/detail?id= */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<OrderDetail>('order/detail', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET order/history?id=&page=&pageSize= */
export const orderHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('order/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const retryDelivery = (id: string) => api.post<OrderDetail>('order/retry-delivery', { id });

export const recordPayment = (input: RecordPaymentInput) =>
  api.post<OrderDetail>('order/payment', input);

export const removePayment = (id: string) =>
  api.delete<OrderDetail>('order/payment', undefined, { searchParams: { id } });

// ---------------------------------------------------------------- order items

/** GET order/item?id= (the activation code masked). */
export const orderItemQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.item(id),
    queryFn: ({ signal }) =>
      api.get<OrderItemDetail>('order/item', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** POST order/item/activation-code: the whole code (audited by the API). */
export const revealItemCode = (id: string) =>
  api.post<OrderItemActivationCode>('order/item/activation-code', { id }, { notifySuccess: false });

export const returnItemToStock = (input: ReturnToStockInput) =>
  api.post<OrderItemDetail>('order/item/return-to-stock', input);

export const removeItem = (id: string, version: number) =>
  api.delete<OrderItemDetail>('order/item', undefined, { searchParams: { id, version } });

// ---------------------------------------------------------------- exports

/** The list's filters as query parameters of an export (no paging, no sorting). */
export function exportParams(query: OrderListInput): Record<string, string> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** GET order/export-csv: one row per order. */
export const exportOrders = (query: OrderListInput) =>
  downloadFile('order/export-csv', 'orders.csv', { searchParams: exportParams(query) });

/** GET order/export-csv/detail: one row per eSIM (never activation codes). */
export const exportOrderItems = (query: OrderListInput) =>
  downloadFile('order/export-csv/detail', 'order-items.csv', {
    searchParams: exportParams(query),
  });

/** GET order/revenue/export: revenue per order. */
export const exportRevenue = (query: OrderListInput) =>
  downloadFile('order/revenue/export', 'revenue.csv', { searchParams: exportParams(query) });
