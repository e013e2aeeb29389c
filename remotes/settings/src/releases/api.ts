import { queryOptions } from '@tanstack/react-query';
import type {
  CanaryPin,
  EndCanaryInput,
  ListResult,
  PinChangeResult,
  PinReleaseInput,
  ReleaseListData,
  RoleListItem,
  RollbackReleaseInput,
  SetCanaryInput,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of the Releases screen. */
export const releaseKeys = {
  all: ['settings', 'releases'] as const,
  list: () => [...releaseKeys.all, 'list'] as const,
  roles: () => [...releaseKeys.all, 'roles'] as const,
};

/** GET release/list: every remote with its versions, its pin, its canary and its pin history. */
export const releaseListQuery = () =>
  queryOptions({
    queryKey: releaseKeys.list(),
    queryFn: ({ signal }) => api.get<ReleaseListData>('release/list', { signal }),
    // A release manager acts on what is pinned now: always read it fresh on opening.
    staleTime: 0,
  });

/** The roles a canary can be given to (role/list's largest page, by name; needs GET /roles). */
export const canaryRolesQuery = () =>
  queryOptions({
    queryKey: releaseKeys.roles(),
    queryFn: ({ signal }) =>
      api.post<ListResult<RoleListItem>>(
        'role/list',
        { page: 1, pageSize: 100, sort: 'name', order: 'asc' },
        { signal, notifyError: false },
      ),
    select: (result) => result.items,
    staleTime: 30_000,
  });

/** PUT release/pin (the API's message is toasted by the client). */
export const pinRelease = (input: PinReleaseInput) =>
  api.put<PinChangeResult>('release/pin', input);

/** POST release/rollback (the API's message is toasted by the client). */
export const rollbackRelease = (input: RollbackReleaseInput) =>
  api.post<PinChangeResult>('release/rollback', input);

/** PUT release/canary: set (or replace) a remote's canary. */
export const setCanary = (input: SetCanaryInput) => api.put<CanaryPin>('release/canary', input);

/** DELETE release/canary: everyone back on the pinned version. */
export const endCanary = (input: EndCanaryInput) => api.delete<unknown>('release/canary', input);
