import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  branches,
  DOCUMENT_TYPE_VALUES,
  ISSUER_COUNTRY_VALUES,
  issuers,
  REPORT_LANGUAGE_VALUES,
} from './branches';
import { orders } from './orders';
import { partners } from './partners';

export const DOCUMENT_BATCH_TYPE_VALUES = ['invoice', 'receipt'] as const;
export const DOCUMENT_BATCH_STATUS_VALUES = ['queued', 'running', 'done', 'failed'] as const;

/** PostgreSQL bytea (a Buffer from node-postgres, a Uint8Array from PGlite). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Issued invoices, receipts and credit notes of orders (api/drizzle/0020_order_documents.sql):
 * immutable (a trigger refuses changes but storing the PDF once), `data` the document as printed.
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    type: text('type', { enum: DOCUMENT_TYPE_VALUES }).notNull(),
    jurisdiction: text('jurisdiction', { enum: ISSUER_COUNTRY_VALUES }).notNull(),
    number: text('number').notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    itemIds: uuid('item_ids').array().notNull(),
    originalId: uuid('original_id').references((): AnyPgColumn => orderDocuments.id, {
      onDelete: 'restrict',
    }),
    reason: text('reason'),
    language: text('language', { enum: REPORT_LANGUAGE_VALUES }).notNull(),
    currency: text('currency').notNull(),
    buyerName: text('buyer_name').notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    data: jsonb('data').notNull(),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('order_documents_number_unique').on(t.issuerId, t.type, t.number),
    index('order_documents_order_idx').on(t.orderId, t.createdAt.desc(), t.id.desc()),
    index('order_documents_partner_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('order_documents_original_idx')
      .on(t.originalId)
      .where(sql`original_id IS NOT NULL`),
  ],
);

/** One batch of documents (POST order/document/batch) and its progress. */
export const documentBatches = pgTable('document_batches', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  type: text('type', { enum: DOCUMENT_BATCH_TYPE_VALUES }).notNull(),
  status: text('status', { enum: DOCUMENT_BATCH_STATUS_VALUES }).notNull().default('queued'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  errors: jsonb('errors').notNull().default([]),
  orderIds: uuid('order_ids').array().notNull(),
  jobId: uuid('job_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
});
