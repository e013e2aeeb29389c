import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  CreateProductInput,
  EditSellingPriceInput,
  EditSpecialPriceInput,
  ListResult,
  ProductDetail,
  ProductLabelList,
  ProductLabelsInput,
  ProductList,
  ProductListQuery,
  ProductPriceList,
  ProductPriceListQuery,
  ProductPrices,
  SupplierListItem,
  TariffGroupListItem,
  UpdateProductInput,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the products area (everything under 'products' is refreshed after a change). */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: ProductListQuery) => [...productKeys.lists(), query] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...productKeys.all, 'history', id, page, pageSize] as const,
  labels: () => [...productKeys.all, 'labels'] as const,
  priceList: (query: ProductPriceListQuery) => [...productKeys.all, 'price-list', query] as const,
  prices: (id: string) => [...productKeys.all, 'prices', id] as const,
};

/** Reference data other areas own (read only here). */
const referenceKeys = {
  suppliers: ['suppliers', 'options'] as const,
  tariffCodes: ['tariffs', 'code-options'] as const,
};

/** POST product/list */
export const productListQuery = (query: ProductListQuery) =>
  queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api.post<ProductList>('product/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET product?id= (every field, priced, with its tariff price lists). */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<ProductDetail>('product', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET product/history?id=&page=&pageSize= */
export const productHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: productKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('product/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET product/label/list: every label in use, with how many products carry it. */
export const labelListQuery = () =>
  queryOptions({
    queryKey: productKeys.labels(),
    queryFn: ({ signal }) => api.get<ProductLabelList>('product/label/list', { signal }),
  });

/** POST product/price/list */
export const priceListQuery = (query: ProductPriceListQuery) =>
  queryOptions({
    queryKey: productKeys.priceList(query),
    queryFn: ({ signal }) => api.post<ProductPriceList>('product/price/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET product/prices?id= (one product in every tariff code). */
export const productPricesQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.prices(id),
    queryFn: ({ signal }) =>
      api.get<ProductPrices>('product/prices', {
        searchParams: { id },
        signal,
        notifyError: false,
      }),
    staleTime: 0,
  });

/** The suppliers (POST supplier/list, first 100 by name) for filters and the create form. */
export const supplierOptionsQuery = () =>
  queryOptions({
    queryKey: referenceKeys.suppliers,
    queryFn: ({ signal }) =>
      api.post<ListResult<SupplierListItem>>(
        'supplier/list',
        { page: 1, pageSize: 100, sort: 'name', order: 'asc' },
        { signal, notifyError: false },
      ),
    staleTime: 60_000,
  });

/** Tariff codes (POST tariff/list, first 100 profiles) for the price list's code filter. */
export const tariffCodeOptionsQuery = () =>
  queryOptions({
    queryKey: referenceKeys.tariffCodes,
    queryFn: ({ signal }) =>
      api.post<ListResult<TariffGroupListItem>>(
        'tariff/list',
        { page: 1, pageSize: 100, sort: 'tariffGroup', order: 'asc' },
        { signal, notifyError: false },
      ),
    staleTime: 60_000,
  });

export const createProduct = (input: CreateProductInput) =>
  api.post<ProductDetail>('product', input);

export const updateProduct = (input: UpdateProductInput) =>
  api.put<ProductDetail>('product', input);

/** The API's field errors are shown on the dialog's field; the toast would repeat them. */
export const editSellingPrice = (input: EditSellingPriceInput) =>
  api.put<ProductDetail>('product/edit-selling-price', input);

export const editSpecialPrice = (input: EditSpecialPriceInput) =>
  api.put<ProductDetail>('product/edit-special-price', input);

export const saveLabels = (input: ProductLabelsInput) =>
  api.put<ProductDetail>('product/label', input);

/** A list query's filters as GET search params (no paging; empty values left out). */
function exportParams(query: object): Record<string, string> {
  const { page: _page, pageSize: _pageSize, ...filters } = query as Record<string, unknown>;
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') searchParams[key] = String(value);
  }
  return searchParams;
}

/** GET product/export with the list's filters and sort. */
export const exportProducts = (query: ProductListQuery) =>
  downloadFile('product/export', 'products.csv', { searchParams: exportParams(query) });

/** GET product/price/export with the price list's filters and sort. */
export const exportPrices = (query: ProductPriceListQuery) =>
  downloadFile('product/price/export', 'product-prices.csv', {
    searchParams: exportParams(query),
  });
