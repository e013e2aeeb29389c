import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  CreateSupplierData,
  ListResult,
  SupplierConnectionTest,
  SupplierDetail,
  SupplierListItem,
  SupplierListQuery,
  UpdateSupplierData,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the suppliers area. */
export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  list: (query: SupplierListQuery) => [...supplierKeys.lists(), query] as const,
  detail: (id: string) => [...supplierKeys.all, 'detail', id] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...supplierKeys.all, 'history', id, page, pageSize] as const,
};

/** POST supplier/list. */
export const supplierListQuery = (query: SupplierListQuery) =>
  queryOptions({
    queryKey: supplierKeys.list(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<SupplierListItem>>('supplier/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET supplier?id= */
export const supplierQuery = (id: string) =>
  queryOptions({
    queryKey: supplierKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<SupplierDetail>('supplier', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET supplier/history?id=&page=&pageSize= */
export const supplierHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: supplierKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('supplier/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const createSupplier = (input: CreateSupplierData) =>
  api.post<SupplierDetail>('supplier', input);

export const updateSupplier = (input: UpdateSupplierData) =>
  api.put<SupplierDetail>('supplier', input);

export const deleteSupplier = (id: string, version: number) =>
  api.delete<{ id: string }>('supplier', undefined, { searchParams: { id, version } });

export const testSupplierConnection = (id: string) =>
  api.post<SupplierConnectionTest>('supplier/test-connection', undefined, {
    searchParams: { id },
    notifyError: false,
  });

/** GET supplier/export with the list's filters (no paging). */
export const exportSuppliers = (query: SupplierListQuery) => {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') searchParams[key] = String(value);
  }
  return downloadFile('supplier/export', 'suppliers.csv', { searchParams });
};
