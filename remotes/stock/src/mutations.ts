import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { deleteStockItem, revealActivationCode, stockKeys, updateStockStatus } from './api';

/**
 * The stock area's changes, each with the refresh it needs:
 * `useMutation(stockMutations.updateStatus(queryClient))`.
 */
export const stockMutations = {
  /** PUT stock: the answer is the item as it is now. */
  updateStatus: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateStockStatus,
      onSuccess: async (updated) => {
        queryClient.setQueryData(stockKeys.item(updated.id), updated);
        await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      },
    }),
  /** DELETE stock with the version shown. */
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (item: { id: string; version: number }) => deleteStockItem(item.id, item.version),
      onSuccess: async (_removed, item) => {
        queryClient.removeQueries({ queryKey: stockKeys.item(item.id) });
        await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      },
    }),
  /** POST stock/activation-code: the reveal is an entry of the item's history from now on. */
  revealActivationCode: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: revealActivationCode,
      onSuccess: (_code, id) => {
        // Not awaited: the code is shown without waiting for the history.
        void queryClient.invalidateQueries({ queryKey: stockKeys.itemHistory(id) });
      },
    }),
};
