import * as v from 'valibot';
import { listQuerySchema, pageField, pageSizeField, type ListResult } from './api';
import type { AuditEntry } from './audit';
import { isCalendarDateTime } from './calendar-date';
import { MAX_LENGTH, uuidField, versionField } from './fields';
import { defineApiMessages, encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';

/*
 * Notices: maintenance and system news (spec sections 1 and 7: 'Dashboard: ... notification,
 * regular-update. Also regular-update and regular-update/all'; the notificationsTag collection of
 * utils/model/list; issue 18). Staff holding POST on RESOURCES.notifications publish a notice in
 * up to four languages (English required) with a validity period; everyone holding GET sees the
 * notices valid now in the header bell, on the dashboard and on /settings/notifications, each with
 * a read mark of their own.
 *
 * Title and body are PLAIN TEXT: the console renders them as text with their line breaks kept
 * (never as HTML), so there is nothing to sanitise; control characters are refused like any text.
 *
 * Permission: RESOURCES.notifications (GET reads, POST publishes, PUT edits, DELETE withdraws).
 * Marking notices read is part of reading (GET). The management reads (regular-update/all,
 * /detail, /history) show notices not yet valid and who changed what: they need POST, the
 * publishers' permission, not GET (readers see only what is valid now).
 *
 * Calls (under /api/mng):
 *   GET    regular-update?language=           the notices valid now, newest first  -> NoticeItem[]
 *   POST   regular-update                     publish (201)                         -> NoticeRecord
 *   PUT    regular-update                     edit (whole notice + version; 409)    -> NoticeRecord
 *   DELETE regular-update?id=&version=        withdraw (the notice and its marks go) -> { id }
 *   GET    regular-update/detail?id=          one notice, every language (POST holders) -> NoticeRecord
 *   GET    regular-update/all?<list query>    management list, paged, sorted, filtered by tag
 *                                             and state                             -> ListResult<NoticeRecord>
 *   GET    regular-update/history?page=&pageSize=  audit entries of every notice, newest first
 *                                             (POST holders)                        -> NoticeHistory
 *   POST   regular-update/read                { ids } or { all: true }              -> NoticeReadResult
 *   GET    dashboard/notification?limit=&language=  the bell and the dashboard widget -> DashboardNotification
 *
 * Validity: a notice is valid from validFrom (included) to validTo (excluded); validTo null =
 * open-ended. Instants are ISO 8601 date-times with a zone ('2026-12-01T09:00:00+09:00'); the API
 * answers them in UTC ('2026-12-01T00:00:00.000Z').
 */

// ---------------------------------------------------------------- constants

/** The fixed tag list (the notificationsTag collection); the console labels them per language. */
export const NOTIFICATION_TAGS = ['maintenance', 'system', 'release', 'other'] as const;
export type NotificationTag = (typeof NOTIFICATION_TAGS)[number];

export const NOTIFICATION_SEVERITIES = ['info', 'warning'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

/** The languages a notice may be written in; English is required, the others optional. */
export const NOTIFICATION_LANGUAGES = ['en', 'ja', 'de', 'th'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** Where a notice stands now: before its validity, within it, after it. */
export const NOTIFICATION_STATES = ['scheduled', 'current', 'expired'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export const NOTIFICATION_TITLE_MAX_LENGTH = MAX_LENGTH.long;
export const NOTIFICATION_BODY_MAX_LENGTH = 4000;

/** Notices the bell and the dashboard widget show (dashboard/notification ?limit=). */
export const NOTIFICATION_BELL_DEFAULT_LIMIT = 5;
export const NOTIFICATION_BELL_MAX_LIMIT = 20;
/** Notices one regular-update/read call may name. */
export const NOTIFICATION_READ_MAX_IDS = 100;

// ---------------------------------------------------------------- messages

/** Texts of the notices area (apiMessages:notifications.*). */
export const NOTIFICATION_MESSAGES = defineApiMessages('notifications', {
  published: 'Notice published.',
  updated: 'Notice updated.',
  withdrawn: 'Notice withdrawn.',
  notFound: 'Notice not found',
});

// ---------------------------------------------------------------- fields

/** An ISO 8601 date-time with its zone (Z or ±hh:mm), answered as UTC ISO text. */
const DATE_TIME_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function inYearRange(text: string): boolean {
  const year = new Date(text).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}

function dateTimeField(name: string) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.regex(DATE_TIME_WITH_ZONE, encodeMessage('invalidFormat', { format: 'date' })),
    v.check(isCalendarDateTime, encodeMessage('invalidFormat', { format: 'date' })),
    // The zone may carry the instant out of the years the database and ISO text agree on.
    v.check(inYearRange, encodeMessage('invalidFormat', { format: 'date' })),
    v.transform((text) => new Date(text).toISOString()),
  );
}

/** A multi-line plain text: trimmed, NFC, safe (line breaks and tabs allowed). */
function noticeText(name: string, maxLength: number) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    toNfc(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
  );
}

/** The same in an optional language: '', null and absent all mean "not written". */
function optionalNoticeText(name: string, maxLength: number) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
      v.transform((text): string | null => (text === '' ? null : text)),
    ),
    null,
  );
}

function localized(name: string, maxLength: number) {
  return v.object(
    {
      en: noticeText(name, maxLength),
      ja: optionalNoticeText(name, maxLength),
      de: optionalNoticeText(name, maxLength),
      th: optionalNoticeText(name, maxLength),
    },
    encodeMessage('required', { name }),
  );
}

const noticeEntries = {
  tag: v.picklist(NOTIFICATION_TAGS, encodeMessage('required', { name: 'noticeTag' })),
  severity: v.optional(
    v.picklist(NOTIFICATION_SEVERITIES, encodeMessage('invalidFormat', { format: 'severity' })),
    'info',
  ),
  /** Per language; `en` required. */
  title: localized('noticeTitle', NOTIFICATION_TITLE_MAX_LENGTH),
  /** Per language; `en` required. Plain text, line breaks kept. */
  body: localized('noticeBody', NOTIFICATION_BODY_MAX_LENGTH),
  validFrom: dateTimeField('validFrom'),
  /** null / absent: open-ended. */
  validTo: v.nullish(dateTimeField('validTo'), null),
};

/** validTo after validFrom (on the validTo field). */
function validityRule<T extends { validFrom: string; validTo: string | null }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { validFrom, validTo } = dataset.value;
    if (validTo !== null && validTo <= validFrom)
      addIssue({
        message: encodeMessage('endAfterStart', { name: 'validTo' }),
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as unknown as Record<string, unknown>,
            key: 'validTo',
            value: validTo,
          },
        ],
      });
  });
}

const publishNoticeObject = v.object(noticeEntries);
/** POST regular-update. A validTo already past is refused (dateNotPast on validTo). */
export const publishNoticeSchema = v.pipe(
  publishNoticeObject,
  validityRule<v.InferOutput<typeof publishNoticeObject>>(),
);
export type PublishNoticeInput = v.InferInput<typeof publishNoticeSchema>;
export type PublishNoticeData = v.InferOutput<typeof publishNoticeSchema>;

const updateNoticeObject = v.object({
  ...noticeEntries,
  id: uuidField('id'),
  version: versionField,
});
/** PUT regular-update: the whole notice and the version it was loaded at (stale: 409). */
export const updateNoticeSchema = v.pipe(
  updateNoticeObject,
  validityRule<v.InferOutput<typeof updateNoticeObject>>(),
);
export type UpdateNoticeInput = v.InferInput<typeof updateNoticeSchema>;
export type UpdateNoticeData = v.InferOutput<typeof updateNoticeSchema>;

/** GET regular-update/detail?id= (a notice as its managers edit it). */
export const noticeIdQuerySchema = v.object({ id: uuidField('id') });

/** DELETE regular-update?id=&version= (version optional: when sent, a stale one is a 409). */
export const withdrawNoticeQuerySchema = v.object({
  id: uuidField('id'),
  version: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'version' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
    ),
  ),
});

const languageField = v.optional(
  v.picklist(NOTIFICATION_LANGUAGES, encodeMessage('invalidFormat', { format: 'language' })),
  'en',
);

/** GET regular-update?language= (the reader's console language; default English). */
export const noticeReaderQuerySchema = v.object({ language: languageField });
export type NoticeReaderQuery = v.InferInput<typeof noticeReaderQuerySchema>;

/** GET dashboard/notification?limit=&language= */
export const dashboardNotificationQuerySchema = v.object({
  language: languageField,
  limit: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' ? Number(value) : value)),
      v.number(encodeMessage('invalidFormat', { format: 'number' })),
      v.integer(encodeMessage('invalidFormat', { format: 'number' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'number' })),
      v.maxValue(NOTIFICATION_BELL_MAX_LIMIT, encodeMessage('invalidFormat', { format: 'number' })),
    ),
    NOTIFICATION_BELL_DEFAULT_LIMIT,
  ),
});
export type DashboardNotificationQuery = v.InferInput<typeof dashboardNotificationQuerySchema>;

export const NOTICE_SORT_COLUMNS = [
  'title',
  'tag',
  'severity',
  'validFrom',
  'validTo',
  'createdDate',
  'updatedDate',
] as const;
export type NoticeSortColumn = (typeof NOTICE_SORT_COLUMNS)[number];

/**
 * GET regular-update/all. search: a title in any language contains; from/to: notices valid at
 * some moment of that range; state: now before, within or after the validity. Default order:
 * newest first (createdDate desc).
 */
export const noticeListSchema = v.object({
  ...listQuerySchema(NOTICE_SORT_COLUMNS).entries,
  tag: v.optional(v.picklist(NOTIFICATION_TAGS, encodeMessage('invalidFormat', { format: 'tag' }))),
  state: v.optional(
    v.picklist(NOTIFICATION_STATES, encodeMessage('invalidFormat', { format: 'state' })),
  ),
});
export type NoticeListQuery = v.InferInput<typeof noticeListSchema>;

/** GET regular-update/history?page=&pageSize= */
export const noticeHistoryQuerySchema = v.object({
  page: pageField(),
  pageSize: pageSizeField(20),
});
export type NoticeHistoryQuery = v.InferInput<typeof noticeHistoryQuerySchema>;

/**
 * POST regular-update/read: { ids } marks those notices read for the caller (ids of notices that
 * do not exist are ignored), { all: true } every notice valid now. Sending both, or neither, is a
 * 400. No message: reading is not a change the console announces.
 */
export const markNoticesReadSchema = v.pipe(
  v.object({
    ids: v.optional(
      v.pipe(
        v.array(uuidField('id'), encodeMessage('invalidFormat', { format: 'id' })),
        v.nonEmpty(encodeMessage('required', { name: 'ids' })),
        v.maxLength(
          NOTIFICATION_READ_MAX_IDS,
          encodeMessage('maxLength', { name: 'ids', length: NOTIFICATION_READ_MAX_IDS }),
        ),
        v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
      ),
    ),
    all: v.optional(v.literal(true, encodeMessage('invalidFormat', { format: 'all' }))),
  }),
  v.forward(
    v.check(
      (input) => (input.ids !== undefined) !== (input.all === true),
      encodeMessage('required', { name: 'ids' }),
    ),
    ['ids'],
  ),
);
export type MarkNoticesReadInput = v.InferInput<typeof markNoticesReadSchema>;

// ---------------------------------------------------------------- answers

/** A text per language; `en` always set, the others null when not written. */
export interface LocalizedNoticeText {
  en: string;
  ja: string | null;
  de: string | null;
  th: string | null;
}

/** A notice as a reader sees it: in their language, English where it was not written. */
export interface NoticeItem {
  id: string;
  tag: NotificationTag;
  severity: NotificationSeverity;
  title: string;
  /** Plain text with line breaks. */
  body: string;
  /** The language title and body are in (the asked one, or 'en' when it was not written). */
  language: NotificationLanguage;
  validFrom: string;
  validTo: string | null;
  /** The caller has read it. */
  read: boolean;
  /** When it was published. */
  createdDate: string;
}

/** A notice as its managers see it (regular-update/all, publish, edit). */
export interface NoticeRecord {
  id: string;
  tag: NotificationTag;
  severity: NotificationSeverity;
  title: LocalizedNoticeText;
  body: LocalizedNoticeText;
  validFrom: string;
  validTo: string | null;
  state: NotificationState;
  /** Users who have read it. */
  readCount: number;
  version: number;
  createdBy: string;
  createdDate: string;
  updatedBy: string;
  updatedDate: string;
}

/** dashboard/notification: the bell's badge and list, the dashboard widget. */
export interface DashboardNotification {
  /** Notices valid now that the caller has not read. */
  unread: number;
  /** The latest notices valid now (at most `limit`), newest first. */
  items: NoticeItem[];
}

/** regular-update/read */
export interface NoticeReadResult {
  /** Read marks written by this call (a notice read before counts 0). */
  marked: number;
  /** Notices valid now still unread by the caller. */
  unread: number;
}

/** An audit entry of a notice, with the notice's English title (kept after a withdrawal). */
export interface NoticeAuditEntry extends AuditEntry {
  noticeTitle: string;
}
export type NoticeHistory = ListResult<NoticeAuditEntry>;

/** The notificationsTag collection of utils/model/list. */
export interface NotificationTagRecord {
  code: NotificationTag;
  sortOrder: number;
}

export type NoticeListResult = ListResult<NoticeRecord>;

/** Where a notice stands at `now` (the console's own copy of the API's rule). */
export function noticeState(
  notice: { validFrom: string; validTo: string | null },
  now: Date = new Date(),
): NotificationState {
  if (new Date(notice.validFrom).getTime() > now.getTime()) return 'scheduled';
  if (notice.validTo !== null && new Date(notice.validTo).getTime() <= now.getTime())
    return 'expired';
  return 'current';
}
