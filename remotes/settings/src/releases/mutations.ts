import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { pinRelease, releaseKeys, rollbackRelease } from './api';

/**
 * The Releases screen's changes, each refreshing the release list:
 * `useMutation(releaseMutations.pin(queryClient))`.
 */
export const releaseMutations = {
  /** PUT release/pin */
  pin: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: pinRelease,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
    }),
  /** POST release/rollback */
  rollback: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: rollbackRelease,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
    }),
};
