import type {
  DashboardNotification,
  MarkNoticesReadInput,
  NoticeItem,
  NoticeReadResult,
  NotificationLanguage,
} from '@esim/contracts';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client';

/*
 * The notices every reader sees (docs/notifications.md): the header bell (host), the dashboard's
 * news widget and the notices screen (remotes) read and mark them through these, under one key,
 * so reading a notice in one place updates the others at once.
 */

/** How often the bell asks for new notices. */
export const NOTIFICATION_REFRESH_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: (language: NotificationLanguage, limit: number) =>
    [...notificationKeys.all, 'latest', language, limit] as const,
  valid: (language: NotificationLanguage) => [...notificationKeys.all, 'valid', language] as const,
};

/**
 * GET dashboard/notification: the unread count and the latest notices valid now, in the
 * reader's language. Failures are not toasted (the bell asks every minute).
 */
export const latestNoticesQuery = (language: NotificationLanguage, limit = 5) =>
  queryOptions({
    queryKey: notificationKeys.latest(language, limit),
    queryFn: ({ signal }) =>
      api.get<DashboardNotification>('dashboard/notification', {
        searchParams: { language, limit },
        signal,
        notifyError: false,
      }),
    staleTime: 0,
  });

/** GET regular-update: every notice valid now, with the reader's read flags. */
export const validNoticesQuery = (language: NotificationLanguage) =>
  queryOptions({
    queryKey: notificationKeys.valid(language),
    queryFn: ({ signal }) =>
      api.get<NoticeItem[]>('regular-update', { searchParams: { language }, signal }),
    staleTime: 0,
  });

/** POST regular-update/read ({ ids } or { all: true }); every notice query refreshes. */
export const markNoticesReadMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: MarkNoticesReadInput) =>
      api.post<NoticeReadResult>('regular-update/read', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
