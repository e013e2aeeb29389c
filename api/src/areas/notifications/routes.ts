import {
  NOTIFICATION_MESSAGES,
  RESOURCES,
  dashboardNotificationQuerySchema,
  markNoticesReadSchema,
  noticeHistoryQuerySchema,
  noticeIdQuerySchema,
  noticeListSchema,
  noticeReaderQuerySchema,
  publishNoticeSchema,
  updateNoticeSchema,
  withdrawNoticeQuerySchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { listNoticeHistory } from './history';
import { createNoticeService } from './service';

const readNotices = { resource: RESOURCES.notifications, action: 'GET' } as const;
/** The management reads show notices not yet valid and the audit: the publishers' permission. */
const manageNotices = { resource: RESOURCES.notifications, action: 'POST' } as const;

/**
 * Notices (spec section 7 'notification, regular-update. Also regular-update and
 * regular-update/all'; docs/notifications.md). Readers see the notices valid now in their
 * language with their own read marks; publishers manage every notice.
 */
export const notificationRoutes: AreaRoutes = (deps) => {
  const service = createNoticeService(deps);
  return [
    route({
      method: 'GET',
      url: 'regular-update',
      permission: readNotices,
      query: noticeReaderQuerySchema,
      summary: 'The notices valid now, newest first, in the reader’s language, with `read`',
      description: 'A language the notice was not written in falls back to English.',
      tags: ['notifications'],
      handler: async ({ query, auth }) => ({
        data: await service.readerList(auth.userId, query.language),
      }),
    }),
    route({
      method: 'GET',
      url: 'dashboard/notification',
      permission: readNotices,
      query: dashboardNotificationQuerySchema,
      summary: 'The header bell and the dashboard widget: unread count and the latest notices',
      tags: ['notifications', 'dashboard'],
      handler: async ({ query, auth }) => ({
        data: await service.dashboard(auth.userId, query.language, query.limit),
      }),
    }),
    route({
      method: 'POST',
      url: 'regular-update/read',
      // Marking read is part of reading: the caller's own marks only.
      permission: readNotices,
      body: markNoticesReadSchema,
      summary: 'Mark notices read for the caller ({ ids } or { all: true })',
      description: 'Ids of notices that do not exist are ignored. No message (nothing to toast).',
      tags: ['notifications'],
      handler: async ({ body, auth }) => ({ data: await service.markRead(auth.userId, body) }),
    }),
    route({
      method: 'GET',
      url: 'regular-update/all',
      permission: manageNotices,
      query: noticeListSchema,
      summary: 'Every notice (scheduled, current, expired), paged, sorted and filtered',
      description:
        'Filters: tag, state (scheduled|current|expired), search (a title contains), from/to ' +
        '(valid at some moment of the range). Default: newest first. Needs POST (publishers).',
      tags: ['notifications'],
      handler: async ({ query }) => ({ data: await service.list(query) }),
    }),
    route({
      method: 'GET',
      url: 'regular-update/detail',
      permission: manageNotices,
      query: noticeIdQuerySchema,
      summary: 'One notice in every language (the edit form reloads it after a conflict)',
      tags: ['notifications'],
      handler: async ({ query }) => ({ data: await service.get(query.id) }),
    }),
    route({
      method: 'GET',
      url: 'regular-update/history',
      permission: manageNotices,
      query: noticeHistoryQuerySchema,
      summary: 'Audit entries of every notice (publish, edit, withdraw), newest first',
      tags: ['notifications'],
      handler: async ({ query }) => ({
        data: await listNoticeHistory(deps.db, query.page, query.pageSize),
      }),
    }),
    route({
      method: 'POST',
      url: 'regular-update',
      permission: { resource: RESOURCES.notifications, action: 'POST' },
      body: publishNoticeSchema,
      status: 201,
      summary: 'Publish a notice',
      description:
        'English title and body required, ja/de/th optional. validTo after validFrom; a validTo ' +
        "already past: 'Dates must be equal to or later than the current date'.",
      tags: ['notifications'],
      handler: async ({ body, auth }) => ({
        data: await service.publish(body, actorOf(auth)),
        message: NOTIFICATION_MESSAGES.published,
      }),
    }),
    route({
      method: 'PUT',
      url: 'regular-update',
      permission: { resource: RESOURCES.notifications, action: 'PUT' },
      body: updateNoticeSchema,
      summary: 'Edit a notice (the whole notice, with the version it was loaded at; stale: 409)',
      description: 'Read marks stay: a reader who read it is not told again.',
      tags: ['notifications'],
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth)),
        message: NOTIFICATION_MESSAGES.updated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'regular-update',
      permission: { resource: RESOURCES.notifications, action: 'DELETE' },
      query: withdrawNoticeQuerySchema,
      summary: 'Withdraw a notice (it disappears for everyone; the audit history keeps it)',
      tags: ['notifications'],
      handler: async ({ query, auth }) => {
        await service.withdraw(query.id, query.version, actorOf(auth));
        return { data: { id: query.id }, message: NOTIFICATION_MESSAGES.withdrawn };
      },
    }),
  ];
};
