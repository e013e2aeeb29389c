import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const AUDIT_ACTION_VALUES = ['create', 'update', 'delete'] as const;

/** One field of an audit entry: its value before and after the change (null = absent). */
export interface AuditChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit history of every area (api/drizzle/0005_audit_suppliers_rates.sql). Append-only: a
 * trigger refuses UPDATE, DELETE and TRUNCATE. Write it only through recordAudit() (src/audit).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action', { enum: AUDIT_ACTION_VALUES }).notNull(),
    /** null for the system actor (seed, jobs). */
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb('changes')
      .$type<AuditChangeRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id.desc())],
);
