import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ProductDetail } from '@esim/contracts';
import {
  createProduct,
  editSellingPrice,
  editSpecialPrice,
  productKeys,
  saveLabels,
  updateProduct,
} from './api';

/** A change answers with the product as it is now: show it, refresh the rest of the area. */
async function showSaved(queryClient: QueryClient, saved: ProductDetail | undefined) {
  if (saved?.id) queryClient.setQueryData(productKeys.detail(saved.id), saved);
  await queryClient.invalidateQueries({ queryKey: productKeys.all });
}

/**
 * The products area's changes, each with the refresh it needs:
 * `useMutation(productMutations.update(queryClient))`.
 */
export const productMutations = {
  /** POST product */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createProduct,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
    }),
  /** PUT product */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateProduct,
      onSuccess: (saved) => showSaved(queryClient, saved),
    }),
  /** PUT product/edit-selling-price */
  editSellingPrice: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: editSellingPrice,
      onSuccess: (saved) => showSaved(queryClient, saved),
    }),
  /** PUT product/edit-special-price */
  editSpecialPrice: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: editSpecialPrice,
      onSuccess: (saved) => showSaved(queryClient, saved),
    }),
  /** PUT product/label */
  saveLabels: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: saveLabels,
      onSuccess: (saved) => showSaved(queryClient, saved),
    }),
};
