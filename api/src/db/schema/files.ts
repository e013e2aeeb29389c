import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './access';

export const FILE_UPLOAD_STATUSES = [
  'pending',
  'receiving',
  'verifying',
  'stored',
  'rejected',
  'expired',
] as const;
export type FileUploadStatus = (typeof FILE_UPLOAD_STATUSES)[number];

/** One row per upload link (api/drizzle/0015_file_uploads.sql, docs/files.md). */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    key: text('key').notNull(),
    purpose: text('purpose').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storage: text('storage', { enum: ['local', 's3'] }).notNull(),
    status: text('status', { enum: FILE_UPLOAD_STATUSES }).notNull().default('pending'),
    contentType: text('content_type'),
    storedSize: bigint('stored_size', { mode: 'number' }),
    rejectedReason: text('rejected_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('file_uploads_key_unique').on(t.key),
    index('file_uploads_open_idx')
      .on(t.expiresAt)
      .where(sql`status IN ('pending', 'receiving', 'verifying')`),
  ],
);
export type FileUploadRow = typeof fileUploads.$inferSelect;
