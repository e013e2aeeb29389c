import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { SupplierDetail, SyncItem } from '@esim/contracts';
import { isApiError } from '@esim/platform';
import {
  createSupplier,
  deleteSupplier,
  supplierKeys,
  testSupplierConnection,
  updateSupplier,
} from './api';
import { acceptProductUpdates, syncKeys } from './sync/api';

/** The products area's queries (read there, changed by accepting a supplier's updates). */
const PRODUCT_KEYS = ['products'] as const;

/**
 * The suppliers area's changes, each with the refresh it needs:
 * `useMutation(supplierMutations.update(queryClient))`.
 */
export const supplierMutations = {
  /** POST supplier */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createSupplier,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.lists() }),
    }),
  /** PUT supplier: the answer is the supplier as it is now. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateSupplier,
      onSuccess: async (saved: SupplierDetail) => {
        queryClient.setQueryData(supplierKeys.detail(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      },
    }),
  /** DELETE supplier with the version shown. */
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (supplier: { id: string; version: number }) =>
        deleteSupplier(supplier.id, supplier.version),
      onSuccess: async (_removed, supplier) => {
        queryClient.removeQueries({ queryKey: supplierKeys.detail(supplier.id) });
        await queryClient.invalidateQueries({ queryKey: supplierKeys.lists() });
      },
    }),
  /** POST supplier/test-connection (changes nothing). */
  testConnection: () => mutationOptions({ mutationFn: testSupplierConnection }),
  /** PUT product/external/product-for-update: accept a supplier's new / changed products. */
  acceptProductUpdates: (queryClient: QueryClient) => {
    const refreshUpdates = (supplierId: string) =>
      queryClient.invalidateQueries({ queryKey: syncKeys.updates(supplierId, 'all') });
    return mutationOptions({
      mutationFn: ({ supplierId, items }: { supplierId: string; items: SyncItem[] }) =>
        acceptProductUpdates(
          supplierId,
          items.map(({ ref, hash }) => ({ ref, hash })),
        ),
      onSuccess: async (_result, { supplierId }) => {
        await refreshUpdates(supplierId);
        // Product screens show the new values.
        await queryClient.invalidateQueries({ queryKey: PRODUCT_KEYS });
      },
      // A 409 means the supplier data moved on: show the current data.
      onError: async (error, { supplierId }) => {
        if (isApiError(error) && error.status === 409) await refreshUpdates(supplierId);
      },
    });
  },
};
