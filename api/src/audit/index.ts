/**
 * Audit history for every area (docs/audit.md).
 *
 *   // once, at module level of your area (service.ts):
 *   export const tariffGroupAudit = defineAuditEntity('tariffGroup', RESOURCES.tariffs);
 *
 *   // in the write, inside the SAME transaction as the change:
 *   await db.transaction(async (tx) => {
 *     const [after] = await tx.update(...).returning();
 *     await recordAudit(tx, {
 *       entityType: tariffGroupAudit.type, entityId: after.id, action: 'update',
 *       actor: actorOf(auth), before: snapshot(before), after: snapshot(after),
 *     });
 *   });
 *
 * The entry is only committed with the change (and the change only with the entry). The table is
 * append-only (a trigger refuses UPDATE/DELETE/TRUNCATE); there is no API to edit or delete it.
 */
import {
  AUDIT_ENTITY_TYPE_PATTERN,
  AUDIT_REDACTED,
  AUDIT_SYSTEM_ACTOR,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditHistory,
  type Resource,
} from '@esim/contracts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from '../http/define-route';

/** A Drizzle transaction (the callback argument of db.transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database handle or a transaction. */
export type Queryable = Db | Tx;

// ---------------------------------------------------------------- entity types

export interface AuditEntityDefinition {
  /** The entity type stored in audit_log.entity_type ('supplier'). */
  readonly type: string;
  /** Reading its history needs GET on this resource (audit/history checks it). */
  readonly resource: Resource;
  /**
   * Whether the caller may read this record's history at all (a partner's own staff reach only
   * their partner); absent = anyone with GET on the resource.
   */
  readonly reaches?: (auth: AuthContext, entityId: string) => boolean;
}

const ENTITIES = new Map<string, AuditEntityDefinition>();

/**
 * Registers an entity type and the resource whose GET permission reads its history. Call it once
 * at module level of the area that writes the entries. Registering the same type again with the
 * same resource returns the same definition; with another resource it throws.
 */
export function defineAuditEntity(
  type: string,
  resource: Resource,
  options: { reaches?: (auth: AuthContext, entityId: string) => boolean } = {},
): AuditEntityDefinition {
  if (!AUDIT_ENTITY_TYPE_PATTERN.test(type)) throw new Error(`Invalid audit entity type "${type}"`);
  const existing = ENTITIES.get(type);
  if (existing) {
    if (existing.resource !== resource) {
      throw new Error(`Audit entity type "${type}" is already registered for ${existing.resource}`);
    }
    return existing;
  }
  const definition = Object.freeze({
    type,
    resource,
    ...(options.reaches ? { reaches: options.reaches } : {}),
  });
  ENTITIES.set(type, definition);
  return definition;
}

/** The registered definition of an entity type, or undefined. */
export function auditEntity(type: string): AuditEntityDefinition | undefined {
  return ENTITIES.get(type);
}

/** Every registered entity type (for docs and tests). */
export function auditEntityTypes(): string[] {
  return [...ENTITIES.keys()].sort();
}

// ---------------------------------------------------------------- actors

export interface AuditActor {
  /** null for the system (seed data, jobs). */
  userId: string | null;
  email: string;
}

/** Entries the system writes itself (seed data, background jobs). */
export const SYSTEM_ACTOR: AuditActor = Object.freeze({
  userId: null,
  email: AUDIT_SYSTEM_ACTOR,
});

/** The signed-in caller as an actor. */
export function actorOf(auth: Pick<AuthContext, 'userId' | 'email'>): AuditActor {
  return { userId: auth.userId, email: auth.email };
}

// ---------------------------------------------------------------- diffs

/** A record as the audit sees it: field name (as the API names it) -> value. */
export type AuditSnapshot = Record<string, unknown>;

/** Bookkeeping fields that never make an entry on their own (the entry has actor and time). */
export const AUDIT_IGNORED_FIELDS: readonly string[] = [
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'createdDate',
  'updatedDate',
];

export interface DiffOptions {
  /** Fields whose values are secret: a change shows as '[redacted]' (null stays null). */
  redact?: readonly string[];
  /** Extra fields to leave out (besides AUDIT_IGNORED_FIELDS). */
  ignore?: readonly string[];
}

/** JSON-safe value: Date -> ISO text, bigint -> text, undefined -> null, nested likewise. */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, normalise(item)]),
    );
  }
  return value;
}

/** Key-order-independent JSON, for comparing normalised values. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Field-level changes from `before` to `after` (either may be null: create / delete). Fields in
 * the order of `after`, then fields only `before` has. Unchanged, ignored and null-to-null fields
 * are left out; redacted fields say '[redacted]' instead of their values.
 */
export function diffSnapshots(
  before: AuditSnapshot | null | undefined,
  after: AuditSnapshot | null | undefined,
  options: DiffOptions = {},
): AuditChange[] {
  const ignored = new Set([...AUDIT_IGNORED_FIELDS, ...(options.ignore ?? [])]);
  const redacted = new Set(options.redact ?? []);
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (ignored.has(field)) continue;
    const was = normalise(before?.[field]);
    const now = normalise(after?.[field]);
    if (stableJson(was) === stableJson(now)) continue;
    if (redacted.has(field)) {
      changes.push({
        field,
        before: was === null ? null : AUDIT_REDACTED,
        after: now === null ? null : AUDIT_REDACTED,
      });
    } else {
      changes.push({ field, before: was, after: now });
    }
  }
  return changes;
}

// ---------------------------------------------------------------- writing

export interface AuditWrite extends DiffOptions {
  entityType: string;
  entityId: string;
  action: AuditAction;
  actor: AuditActor;
  /** The record before the change: null/absent for a create. */
  before?: AuditSnapshot | null;
  /** The record after the change: null/absent for a delete. */
  after?: AuditSnapshot | null;
}

export interface RecordedAudit {
  id: string;
  changes: AuditChange[];
}

type AuditRow = typeof auditLog.$inferInsert & { changes: AuditChange[] };

/** Checks a write and computes its row; null for an update that changed nothing. */
function prepare(write: AuditWrite): AuditRow | null {
  if (!ENTITIES.has(write.entityType)) {
    throw new Error(
      `Audit entity type "${write.entityType}" is not registered (call defineAuditEntity)`,
    );
  }
  const before = write.action === 'create' ? null : (write.before ?? null);
  const after = write.action === 'delete' ? null : (write.after ?? null);
  if (write.action !== 'create' && before === null) {
    throw new Error(`recordAudit ${write.action} needs the record before the change`);
  }
  if (write.action !== 'delete' && after === null) {
    throw new Error(`recordAudit ${write.action} needs the record after the change`);
  }
  const changes = diffSnapshots(before, after, write);
  if (write.action === 'update' && changes.length === 0) return null;
  return {
    entityType: write.entityType,
    entityId: write.entityId,
    action: write.action,
    actorUserId: write.actor.userId,
    actorEmail: write.actor.email,
    changes,
  };
}

/**
 * Writes one audit entry with the field-level diff, in `tx` (the transaction of the change).
 * An update that changed nothing (after ignoring bookkeeping fields) writes nothing and returns
 * null. Throws for an entity type nobody registered (defineAuditEntity): such entries could not be
 * read back through the API.
 */
export async function recordAudit(tx: Tx, write: AuditWrite): Promise<RecordedAudit | null> {
  const values = prepare(write);
  if (!values) return null;
  const [row] = await tx.insert(auditLog).values(values).returning({ id: auditLog.id });
  if (!row) throw new Error('audit entry not written');
  return { id: row.id.toString(), changes: values.changes };
}

const AUDIT_BATCH = 500;

/**
 * Many entries at once (imports): recordAudit for each write, inserted in batches of 500, in
 * `tx`. Updates without changes are skipped. Returns the number of entries written.
 */
export async function recordAuditMany(tx: Tx, writes: readonly AuditWrite[]): Promise<number> {
  const rows = writes.map(prepare).filter((row): row is AuditRow => row !== null);
  for (let start = 0; start < rows.length; start += AUDIT_BATCH) {
    await tx.insert(auditLog).values(rows.slice(start, start + AUDIT_BATCH));
  }
  return rows.length;
}

// ---------------------------------------------------------------- reading

/** One record in the log: its entity type and id. */
export interface AuditSubject {
  entityType: string;
  entityId: string;
}

export interface HistoryQuery extends AuditSubject {
  /** Other records whose entries belong to this history too (a stock item's import). */
  include?: readonly AuditSubject[];
  page: number;
  pageSize: number;
}

/** An entity's entries, newest first, paged. Does not check permissions (the routes do). */
export async function listAuditHistory(db: Queryable, query: HistoryQuery): Promise<AuditHistory> {
  const subject = ({ entityType, entityId }: AuditSubject) =>
    and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId));
  const where = or(subject(query), ...(query.include ?? []).map(subject));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const items: AuditEntry[] = rows.map((row) => ({
    id: row.id.toString(),
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    actor: { userId: row.actorUserId, email: row.actorEmail },
    at: (row.at instanceof Date ? row.at : new Date(row.at)).toISOString(),
    changes: row.changes,
  }));
  return { items, total: count?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
