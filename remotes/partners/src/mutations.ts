import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { PartnerDetail } from '@esim/contracts';
import {
  createPartner,
  createPartnerAccount,
  deletePartner,
  partnerKeys,
  removePartnerAccount,
  updatePartner,
} from './api';

/**
 * The partners area's changes, each with the refresh it needs:
 * `useMutation(partnerMutations.update(queryClient))`.
 */
export const partnerMutations = {
  /** POST partner */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createPartner,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
    }),
  /** PUT partner: the answer is the partner as it is now. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updatePartner,
      onSuccess: async (saved: PartnerDetail) => {
        queryClient.setQueryData(partnerKeys.detail(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
      },
    }),
  /** DELETE partner with the version shown. */
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (partner: { id: string; version: number }) =>
        deletePartner(partner.id, partner.version),
      onSuccess: async (_removed, partner) => {
        queryClient.removeQueries({ queryKey: partnerKeys.detail(partner.id) });
        await queryClient.invalidateQueries({ queryKey: partnerKeys.lists() });
      },
    }),
  /** POST partner/account */
  addAccount: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createPartnerAccount,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    }),
  /** DELETE partner/account */
  removeAccount: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: removePartnerAccount,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    }),
};
