import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { BranchDetail, IssuerDetail } from '@esim/contracts';
import {
  branchKeys,
  createBranch,
  createIssuer,
  deleteBranch,
  deleteIssuer,
  updateBranch,
  updateIssuer,
} from './api';

/**
 * The branches area's changes, each with the refresh it needs:
 * `useMutation(branchMutations.update(queryClient))`.
 */
export const branchMutations = {
  /** POST branch */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createBranch,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.lists() }),
    }),
  /** PUT branch: the answer is the branch as it is now. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateBranch,
      onSuccess: async (saved: BranchDetail) => {
        queryClient.setQueryData(branchKeys.detail(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: branchKeys.all });
      },
    }),
  /** DELETE branch with the version shown. */
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (branch: { id: string; version: number }) =>
        deleteBranch(branch.id, branch.version),
      onSuccess: async (_removed, branch) => {
        queryClient.removeQueries({ queryKey: branchKeys.detail(branch.id) });
        await queryClient.invalidateQueries({ queryKey: branchKeys.lists() });
      },
    }),
  /** POST branch/item: the branch list counts issuers, so lists refresh too. */
  createIssuer: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createIssuer,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
    }),
  /** PUT branch/item */
  updateIssuer: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateIssuer,
      onSuccess: async (saved: IssuerDetail) => {
        queryClient.setQueryData(branchKeys.issuer(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: branchKeys.all });
      },
    }),
  /** DELETE branch/item with the version shown. */
  removeIssuer: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (issuer: { id: string; version: number }) =>
        deleteIssuer(issuer.id, issuer.version),
      onSuccess: async (_removed, issuer) => {
        queryClient.removeQueries({ queryKey: branchKeys.issuer(issuer.id) });
        await queryClient.invalidateQueries({ queryKey: branchKeys.all });
      },
    }),
};
