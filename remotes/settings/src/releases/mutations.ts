import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { endCanary, pinRelease, releaseKeys, rollbackRelease, setCanary } from './api';

const refreshList = (queryClient: QueryClient) => () =>
  queryClient.invalidateQueries({ queryKey: releaseKeys.list() });

/**
 * The Releases screen's changes, each refreshing the release list:
 * `useMutation(releaseMutations.pin(queryClient))`.
 */
export const releaseMutations = {
  /** PUT release/pin */
  pin: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: pinRelease, onSuccess: refreshList(queryClient) }),
  /** POST release/rollback */
  rollback: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: rollbackRelease, onSuccess: refreshList(queryClient) }),
  /** PUT release/canary */
  setCanary: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: setCanary, onSuccess: refreshList(queryClient) }),
  /** DELETE release/canary */
  endCanary: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: endCanary, onSuccess: refreshList(queryClient) }),
};
