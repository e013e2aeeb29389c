import * as v from 'valibot';
import { pageField, pageSizeField, type ListResult } from './api';
import { MAX_LENGTH } from './fields';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Audit history (docs/audit.md): every create, update and delete of a business record is one
 * entry with field-level before/after values, written in the same transaction as the change.
 * Read-only over the API: there is no call to edit or delete an entry.
 *
 * Calls: GET audit/history?entityType=&entityId=&page=&pageSize= (any entity type, the caller
 * needs GET on the resource that entity type belongs to) and each area's own
 * GET <area>/history?id=&page=&pageSize= (e.g. supplier/history).
 */

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a secret field's value shows as in a change (null still means "not set"). */
export const AUDIT_REDACTED = '[redacted]';

/** The actor of entries the system writes itself (seed data, jobs). */
export const AUDIT_SYSTEM_ACTOR = 'system';

/** Entity types of this slice; other areas add their own (api/src/audit defineAuditEntity). */
export const AUDIT_ENTITY_TYPES = {
  supplier: 'supplier',
  exchangeRate: 'exchangeRate',
  currency: 'currency',
} as const;

/** An entity type name: a letter, then letters, digits, '_' or '-' (50 at most). */
export const AUDIT_ENTITY_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;

export interface AuditChange {
  /** The record's field name as the API names it (camelCase). */
  field: string;
  /** null = absent / not set. Secrets show AUDIT_REDACTED. */
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  /** Increasing with time (a bigint, as text). */
  id: string;
  entityType: string;
  entityId: string;
  action: AuditAction;
  actor: { userId: string | null; email: string };
  /** ISO timestamp. */
  at: string;
  /** create: every field set; update: the fields that changed; delete: the fields it had. */
  changes: AuditChange[];
}

/** Newest first. */
export type AuditHistory = ListResult<AuditEntry>;

const page = pageField();
const pageSize = pageSizeField(20);

const entityIdField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(
      MAX_LENGTH.default,
      encodeMessage('maxLength', { name, length: MAX_LENGTH.default }),
    ),
  );

/** GET audit/history query. */
export const auditHistoryQuerySchema = v.object({
  entityType: v.pipe(
    safeString(encodeMessage('required', { name: 'entityType' })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name: 'entityType' })),
    v.regex(AUDIT_ENTITY_TYPE_PATTERN, encodeMessage('invalidFormat', { format: 'entityType' })),
  ),
  entityId: entityIdField('entityId'),
  page,
  pageSize,
});
export type AuditHistoryQuery = v.InferInput<typeof auditHistoryQuerySchema>;

/** GET <area>/history?id= query (supplier/history, exchange-rate/history, ...). */
export const entityHistoryQuerySchema = v.object({
  id: entityIdField('id'),
  page,
  pageSize,
});
export type EntityHistoryQuery = v.InferInput<typeof entityHistoryQuerySchema>;

/** GET <area>/history?id= where the id is a UUID (tariff groups and codes). */
export const uuidEntityHistoryQuerySchema = v.object({
  id: v.pipe(
    safeString(encodeMessage('required', { name: 'id' })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name: 'id' })),
    v.uuid(encodeMessage('invalidFormat', { format: 'id' })),
  ),
  page,
  pageSize,
});
