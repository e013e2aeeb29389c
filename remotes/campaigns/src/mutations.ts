import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { CampaignDetail } from '@esim/contracts';
import {
  campaignKeys,
  createCampaign,
  deleteCampaign,
  generateCampaignCodes,
  updateCampaign,
} from './api';

/**
 * The campaigns area's changes, each with the refresh it needs:
 * `useMutation(campaignMutations.update(queryClient))`.
 */
export const campaignMutations = {
  /** POST campaign */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createCampaign,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
    }),
  /** PUT campaign: the answer is the campaign as it is now. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateCampaign,
      onSuccess: async (saved: CampaignDetail) => {
        queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      },
    }),
  /** DELETE campaign with the version shown. */
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (campaign: { id: string; version: number }) =>
        deleteCampaign(campaign.id, campaign.version),
      onSuccess: async (_removed, campaign) => {
        queryClient.removeQueries({ queryKey: campaignKeys.detail(campaign.id) });
        await queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      },
    }),
  /** POST campaign/generate-codes: the campaign's quantities and its codes change. */
  generate: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: generateCampaignCodes,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    }),
};
