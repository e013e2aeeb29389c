import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  ListResult,
  StockActivationCode,
  StockDetailQuery,
  StockDetailResult,
  StockItemDetail,
  StockProductListItem,
  StockProductListQuery,
  SupplierListItem,
  SupplierListQuery,
  UpdateStockStatusInput,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the stock area (everything under 'stock' is refreshed after a change). */
export const stockKeys = {
  all: ['stock'] as const,
  products: (query: StockProductListQuery) => ['stock', 'products', query] as const,
  productOptions: (search: string) => ['stock', 'product-options', search] as const,
  items: (query: StockDetailQuery) => ['stock', 'items', query] as const,
  item: (id: string) => ['stock', 'item', id] as const,
  itemHistory: (id: string) => ['stock', 'history', id] as const,
  history: (id: string, page: number, pageSize: number) =>
    ['stock', 'history', id, page, pageSize] as const,
  suppliers: ['stock', 'suppliers'] as const,
};

/** The stock-type suppliers (filter of the stock product list). */
export const stockSuppliersQuery = () =>
  queryOptions({
    queryKey: stockKeys.suppliers,
    queryFn: ({ signal }) =>
      api.post<ListResult<SupplierListItem>>(
        'supplier/list',
        {
          page: 1,
          pageSize: 100,
          sort: 'name',
          order: 'asc',
          deliveryType: 'stock',
        } satisfies SupplierListQuery,
        { signal, notifyError: false },
      ),
    staleTime: 5 * 60_000,
  });

/** POST stock/list: the stock products with their counts by status. */
export const stockProductListQuery = (query: StockProductListQuery) =>
  queryOptions({
    queryKey: stockKeys.products(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<StockProductListItem>>('stock/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The product choice of the import wizard: stock products matching a search. */
export const stockProductOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: stockKeys.productOptions(search),
    queryFn: ({ signal }) =>
      api.post<ListResult<StockProductListItem>>(
        'stock/list',
        {
          page: 1,
          pageSize: 50,
          sort: 'productName',
          order: 'asc',
          ...(search ? { search } : {}),
        } satisfies StockProductListQuery,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** POST stock/detail: items of a product, paged (offset or the keyset cursor). */
export const stockItemsQuery = (query: StockDetailQuery) =>
  queryOptions({
    queryKey: stockKeys.items(query),
    queryFn: ({ signal }) => api.post<StockDetailResult>('stock/detail', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET stock?id= (the activation code masked). */
export const stockItemQuery = (id: string) =>
  queryOptions({
    queryKey: stockKeys.item(id),
    queryFn: ({ signal }) =>
      api.get<StockItemDetail>('stock', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET stock/history?id=&page=&pageSize= */
export const stockHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: stockKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('stock/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** PUT stock: a status change (the screen toasts its own translated text). */
export const updateStockStatus = (input: UpdateStockStatusInput) =>
  api.put<StockItemDetail>('stock', input, { notifySuccess: false });

/** DELETE stock?id=&version= */
export const deleteStockItem = (id: string, version: number) =>
  api.delete<{ id: string }>('stock', undefined, {
    searchParams: { id, version },
    notifySuccess: false,
  });

/** POST stock/activation-code: the full LPA string (audited by the API). */
export const revealActivationCode = (id: string) =>
  api.post<StockActivationCode>('stock/activation-code', { id }, { notifySuccess: false });

/** GET stock/export with the detail's filters (no paging): CSV without activation codes. */
export const exportStock = (filters: Omit<StockDetailQuery, 'page' | 'pageSize' | 'cursor'>) => {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    searchParams[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return downloadFile('stock/export', 'stock.csv', { searchParams });
};
