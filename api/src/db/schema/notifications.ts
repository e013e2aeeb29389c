import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';

/*
 * Notices (api/drizzle/0023_notifications.sql, docs/notifications.md). The length and validity
 * CHECKs live in the migration.
 */

/** The fixed tag list (utils/model/list 'notificationsTag'). */
export const notificationTags = pgTable('notification_tags', {
  code: text('code').primaryKey(),
  sortOrder: smallint('sort_order').notNull().unique(),
});

export const notices = pgTable(
  'notices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tag: text('tag')
      .notNull()
      .references(() => notificationTags.code),
    severity: text('severity', { enum: ['info', 'warning'] })
      .notNull()
      .default('info'),
    titleEn: text('title_en').notNull(),
    titleJa: text('title_ja'),
    titleDe: text('title_de'),
    titleTh: text('title_th'),
    bodyEn: text('body_en').notNull(),
    bodyJa: text('body_ja'),
    bodyDe: text('body_de'),
    bodyTh: text('body_th'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    index('notices_validity_idx').on(t.validFrom.desc(), t.validTo),
    index('notices_created_idx').on(t.createdAt.desc(), t.id),
  ],
);

/** One user's read mark on one notice. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.noticeId] }),
    index('notice_reads_notice_idx').on(t.noticeId),
  ],
);
