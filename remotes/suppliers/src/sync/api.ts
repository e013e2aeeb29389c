import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ExternalStockListResult,
  SyncApplyResult,
  SyncFilter,
  SyncListResult,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of supplier sync (inside the suppliers area). */
export const syncKeys = {
  all: ['supplier-sync'] as const,
  updates: (supplierId: string, filter: SyncFilter) =>
    [...syncKeys.all, 'updates', supplierId, filter] as const,
  esims: (supplierId: string, page: number, pageSize: number) =>
    [...syncKeys.all, 'esims', supplierId, page, pageSize] as const,
};

/**
 * POST product/external/product-for-update/list: fetches the supplier's catalogue now (errors are
 * shown in the tab, not as a toast).
 */
export const productUpdatesQuery = (supplierId: string, filter: SyncFilter) =>
  queryOptions({
    queryKey: syncKeys.updates(supplierId, filter),
    queryFn: ({ signal }) =>
      api.post<SyncListResult>(
        'product/external/product-for-update/list',
        { supplierId, filter },
        { signal, notifyError: false },
      ),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** PUT product/external/product-for-update: accept these rows (the API toasts 'Product synced.'). */
export const acceptProductUpdates = (supplierId: string, items: { ref: string; hash: string }[]) =>
  api.put<SyncApplyResult>(
    'product/external/product-for-update',
    { supplierId, items },
    { notifyError: false },
  );

/** POST stock/external/stock/list: a page of the eSIMs held at the supplier. */
export const externalEsimsQuery = (supplierId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: syncKeys.esims(supplierId, page, pageSize),
    queryFn: ({ signal }) =>
      api.post<ExternalStockListResult>(
        'stock/external/stock/list',
        { supplierId, page, pageSize },
        { signal, notifyError: false },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
