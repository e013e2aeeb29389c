import { queryOptions } from '@tanstack/react-query';
import type {
  PinChangeResult,
  PinReleaseInput,
  ReleaseListData,
  RollbackReleaseInput,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of the Releases screen. */
export const releaseKeys = {
  all: ['settings', 'releases'] as const,
  list: () => [...releaseKeys.all, 'list'] as const,
};

/** GET release/list: every remote with its versions, its pin and its pin history. */
export const releaseListQuery = () =>
  queryOptions({
    queryKey: releaseKeys.list(),
    queryFn: ({ signal }) => api.get<ReleaseListData>('release/list', { signal }),
    // A release manager acts on what is pinned now: always read it fresh on opening.
    staleTime: 0,
  });

/** PUT release/pin (the API's message is toasted by the client). */
export const pinRelease = (input: PinReleaseInput) =>
  api.put<PinChangeResult>('release/pin', input);

/** POST release/rollback (the API's message is toasted by the client). */
export const rollbackRelease = (input: RollbackReleaseInput) =>
  api.post<PinChangeResult>('release/rollback', input);
