import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import {
  copyCode,
  copyProducts,
  createCode,
  createCurrency,
  createGroup,
  createRate,
  deleteCode,
  deleteGroup,
  rateKeys,
  saveProductPrice,
  tariffKeys,
  updateCurrency,
  updateGroup,
} from './api';

/** Options whose success refreshes every tariffs query (prices depend on the whole area). */
function refreshingTariffs<TResult, TInput>(
  queryClient: QueryClient,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  return mutationOptions({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all }),
  });
}

/** Options whose success refreshes rates and currencies, and the tariff prices computed with them. */
function refreshingRates<TResult, TInput>(
  queryClient: QueryClient,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  return mutationOptions({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rateKeys.all });
      await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
    },
  });
}

/**
 * The tariffs area's changes, each with the refresh it needs:
 * `useMutation(tariffMutations.createGroup(queryClient))`.
 */
export const tariffMutations = {
  /** POST tariff/group */
  createGroup: (queryClient: QueryClient) => refreshingTariffs(queryClient, createGroup),
  /** PUT tariff/group */
  updateGroup: (queryClient: QueryClient) => refreshingTariffs(queryClient, updateGroup),
  /** DELETE tariff/group?id= */
  deleteGroup: (queryClient: QueryClient) => refreshingTariffs(queryClient, deleteGroup),
  /** POST tariff */
  createCode: (queryClient: QueryClient) => refreshingTariffs(queryClient, createCode),
  /** DELETE tariff?id= */
  deleteCode: (queryClient: QueryClient) => refreshingTariffs(queryClient, deleteCode),
  /** POST tariff/copy */
  copyCode: (queryClient: QueryClient) => refreshingTariffs(queryClient, copyCode),
  /** POST tariff/copy-product */
  copyProducts: (queryClient: QueryClient) => refreshingTariffs(queryClient, copyProducts),
  /** PUT tariff/product-price (a manual price, or null to clear it) */
  saveProductPrice: (queryClient: QueryClient) => refreshingTariffs(queryClient, saveProductPrice),
};

/**
 * Exchange rates and currencies: `useMutation(rateMutations.createRate(queryClient))`.
 */
export const rateMutations = {
  /** POST exchange-rate */
  createRate: (queryClient: QueryClient) => refreshingRates(queryClient, createRate),
  /** POST currency */
  createCurrency: (queryClient: QueryClient) => refreshingRates(queryClient, createCurrency),
  /** PUT currency (e.g. retire / restore) */
  updateCurrency: (queryClient: QueryClient) => refreshingRates(queryClient, updateCurrency),
};
