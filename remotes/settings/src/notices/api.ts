import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ListResult,
  NoticeHistory,
  NoticeListQuery,
  NoticeRecord,
  NotificationTagRecord,
  PublishNoticeData,
  UpdateNoticeData,
} from '@esim/contracts';
import { api, notificationKeys } from '@esim/platform';

/** Query keys of the notices management (under the shared notifications key). */
export const noticeKeys = {
  list: (query: NoticeListQuery) => [...notificationKeys.all, 'manage', query] as const,
  detail: (id: string) => [...notificationKeys.all, 'detail', id] as const,
  history: (page: number, pageSize: number) =>
    [...notificationKeys.all, 'history', page, pageSize] as const,
  tags: ['utils', 'notificationsTag'] as const,
};

/** GET regular-update/all */
export const noticeListQuery = (query: NoticeListQuery) =>
  queryOptions({
    queryKey: noticeKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResult<NoticeRecord>>('regular-update/all', {
        searchParams: query as Record<string, string | number>,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET regular-update/detail?id= (the edit form's Reload after a conflict). */
export const noticeQuery = (id: string) =>
  queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<NoticeRecord>('regular-update/detail', { searchParams: { id }, signal }),
    staleTime: 0,
  });

/** GET regular-update/history */
export const noticeHistoryQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: noticeKeys.history(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<NoticeHistory>('regular-update/history', {
        searchParams: { page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The tags a notice may carry (utils/model/list 'notificationsTag'), in their order. */
export const noticeTagsQuery = () =>
  queryOptions({
    queryKey: noticeKeys.tags,
    queryFn: ({ signal }) =>
      api.post<NotificationTagRecord[]>(
        'utils/model/list',
        { collection: 'notificationsTag' },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

/** Publishing, editing and withdrawing refresh every notice query (bell and widget too). */
export const noticeMutations = {
  publish: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (input: PublishNoticeData) => api.post<NoticeRecord>('regular-update', input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    }),
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (input: UpdateNoticeData) => api.put<NoticeRecord>('regular-update', input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    }),
  withdraw: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (notice: { id: string; version: number }) =>
        api.delete<{ id: string }>('regular-update', undefined, {
          searchParams: { id: notice.id, version: notice.version },
        }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    }),
};
