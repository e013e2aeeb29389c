import {
  ERROR_CODES,
  NOTIFICATION_MESSAGES,
  RESOURCES,
  can,
  type DashboardNotification,
  type ListResult,
  type NoticeItem,
  type NoticeReadResult,
  type NoticeRecord,
  type NoticeSortColumn,
  type NotificationLanguage,
  type NotificationState,
  type NotificationTag,
  type PublishNoticeData,
  type UpdateNoticeData,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { defineAuditEntity, recordAudit, type AuditActor, type Queryable } from '../../audit';
import { fieldError } from '../../csv';
import { AppError, StaleVersionError, ValidationError } from '../../http/errors';
import { containsPattern, endOfRange, rowsOf } from '../list-helpers';
import type { AreaDeps } from '../types';
import { SELECT_NOTICE, snapshot, toItem, toRecord, validAt, type NoticeRow } from './records';

/*
 * Notices (docs/notifications.md): published by staff holding POST on /notifications, read by
 * everyone holding GET, each reader with read marks of their own (notice_reads).
 */

/** Audit entity: one notice (publish, edit, withdraw). Its history is for those who publish. */
export const noticeAudit = defineAuditEntity('notification', RESOURCES.notifications, {
  reaches: (auth) => can(auth.permissions, RESOURCES.notifications, 'POST'),
});

const SORTS: Record<NoticeSortColumn, string> = {
  title: 'lower(n.title_en)',
  tag: 'n.tag',
  severity: 'n.severity',
  validFrom: 'n.valid_from',
  validTo: 'n.valid_to',
  createdDate: 'n.created_at',
  updatedDate: 'n.updated_at',
};

export interface NoticeListInput {
  page: number;
  pageSize: number;
  sort?: NoticeSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  tag?: NotificationTag | undefined;
  state?: NotificationState | undefined;
}

const STATE_CONDITIONS: Record<NotificationState, SQL> = {
  scheduled: sql`n.valid_from > now()`,
  current: validAt(),
  expired: sql`(n.valid_to IS NOT NULL AND n.valid_to <= now())`,
};

function listWhere(input: NoticeListInput): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (input.search) {
    const pattern = containsPattern(input.search);
    parts.push(sql`(n.title_en ILIKE ${pattern} OR n.title_ja ILIKE ${pattern}
      OR n.title_de ILIKE ${pattern} OR n.title_th ILIKE ${pattern})`);
  }
  if (input.tag) parts.push(sql`n.tag = ${input.tag}`);
  if (input.state) parts.push(STATE_CONDITIONS[input.state]);
  // Valid at some moment of the range.
  if (input.from) {
    const from = new Date(input.from).toISOString();
    parts.push(sql`(n.valid_to IS NULL OR n.valid_to > ${from}::timestamptz)`);
  }
  if (input.to) parts.push(sql`n.valid_from < ${endOfRange(input.to).toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

function listOrder(input: NoticeListInput): SQL {
  if (!input.sort) return sql.raw('n.created_at DESC, n.id');
  const direction = input.order === 'desc' ? 'DESC' : 'ASC';
  return sql.raw(`${SORTS[input.sort]} ${direction} NULLS LAST, n.id`);
}

function notFound(): AppError {
  return new AppError(404, ERROR_CODES.notFound, NOTIFICATION_MESSAGES.notFound);
}

const READ_COUNT = sql`(SELECT count(*) FROM notice_reads r WHERE r.notice_id = n.id)::int AS read_count`;
const readBy = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ${userId}::uuid) AS read`;

/** An end already past is refused when it is new (an edit may keep an end that has passed). */
function refusePastEnd(input: PublishNoticeData, before: NoticeRecord | null): void {
  if (input.validTo === null || input.validTo === before?.validTo) return;
  if (new Date(input.validTo).getTime() <= Date.now())
    throw new ValidationError([fieldError('validTo', 'dateNotPast')]);
}

function textValues(input: PublishNoticeData) {
  return sql`${input.title.en}, ${input.title.ja}, ${input.title.de}, ${input.title.th},
    ${input.body.en}, ${input.body.ja}, ${input.body.de}, ${input.body.th}`;
}

export function createNoticeService(deps: Pick<AreaDeps, 'db'>) {
  const { db } = deps;

  async function findRecord(q: Queryable, id: string, lock = false): Promise<NoticeRecord> {
    const [row] = rowsOf<NoticeRow>(
      await q.execute(sql`
        SELECT ${SELECT_NOTICE}, ${READ_COUNT} FROM notices n WHERE n.id = ${id}::uuid
        ${lock ? sql`FOR UPDATE OF n` : sql``}`),
    );
    if (!row) throw notFound();
    return toRecord(row);
  }

  async function validNow(
    q: Queryable,
    userId: string,
    language: NotificationLanguage,
    limit?: number,
  ): Promise<NoticeItem[]> {
    const rows = rowsOf<NoticeRow>(
      await q.execute(sql`
        SELECT ${SELECT_NOTICE}, ${readBy(userId)} FROM notices n WHERE ${validAt()}
        ORDER BY n.valid_from DESC, n.created_at DESC, n.id
        ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`),
    );
    return rows.map((row) => toItem(row, language));
  }

  async function unreadCount(q: Queryable, userId: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await q.execute(sql`
        SELECT count(*)::int AS n FROM notices n WHERE ${validAt()} AND NOT EXISTS (
          SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ${userId}::uuid)`),
    );
    return Number(row?.n ?? 0);
  }

  return {
    /** GET regular-update: every notice valid now, newest first, with the caller's read flag. */
    readerList(userId: string, language: NotificationLanguage): Promise<NoticeItem[]> {
      return validNow(db, userId, language);
    },

    /** GET dashboard/notification: unread count and the latest notices valid now. */
    async dashboard(
      userId: string,
      language: NotificationLanguage,
      limit: number,
    ): Promise<DashboardNotification> {
      const [unread, items] = await Promise.all([
        unreadCount(db, userId),
        validNow(db, userId, language, limit),
      ]);
      return { unread, items };
    },

    /** GET regular-update/all */
    async list(input: NoticeListInput): Promise<ListResult<NoticeRecord>> {
      const where = listWhere(input);
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM notices n WHERE ${where}`),
      );
      const rows = rowsOf<NoticeRow>(
        await db.execute(sql`
          SELECT ${SELECT_NOTICE}, ${READ_COUNT} FROM notices n WHERE ${where}
          ORDER BY ${listOrder(input)}
          LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
      );
      const now = new Date();
      return {
        items: rows.map((row) => toRecord(row, now)),
        total: Number(count?.n ?? 0),
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    get(id: string): Promise<NoticeRecord> {
      return findRecord(db, id);
    },

    async publish(input: PublishNoticeData, actor: AuditActor): Promise<NoticeRecord> {
      refusePastEnd(input, null);
      return db.transaction(async (tx) => {
        const [created] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            INSERT INTO notices (tag, severity, title_en, title_ja, title_de, title_th, body_en,
              body_ja, body_de, body_th, valid_from, valid_to, created_by, updated_by)
            VALUES (${input.tag}, ${input.severity}, ${textValues(input)},
              ${input.validFrom}::timestamptz, ${input.validTo}::timestamptz, ${actor.email},
              ${actor.email})
            RETURNING id`),
        );
        const record = await findRecord(tx, created!.id);
        await recordAudit(tx, {
          entityType: noticeAudit.type,
          entityId: record.id,
          action: 'create',
          actor,
          after: snapshot(record),
        });
        return record;
      });
    },

    async update(input: UpdateNoticeData, actor: AuditActor): Promise<NoticeRecord> {
      return db.transaction(async (tx) => {
        const before = await findRecord(tx, input.id, true);
        if (before.version !== input.version) throw new StaleVersionError();
        refusePastEnd(input, before);
        await tx.execute(sql`
          UPDATE notices SET tag = ${input.tag}, severity = ${input.severity},
            (title_en, title_ja, title_de, title_th, body_en, body_ja, body_de, body_th)
              = (${textValues(input)}),
            valid_from = ${input.validFrom}::timestamptz, valid_to = ${input.validTo}::timestamptz,
            version = version + 1, updated_at = now(), updated_by = ${actor.email}
          WHERE id = ${input.id}::uuid`);
        const after = await findRecord(tx, input.id);
        await recordAudit(tx, {
          entityType: noticeAudit.type,
          entityId: input.id,
          action: 'update',
          actor,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    },

    /** DELETE regular-update: the notice and its read marks go; the audit log keeps it. */
    async withdraw(id: string, version: number | undefined, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findRecord(tx, id, true);
        if (version !== undefined && before.version !== version) throw new StaleVersionError();
        await tx.execute(sql`DELETE FROM notices WHERE id = ${id}::uuid`);
        await recordAudit(tx, {
          entityType: noticeAudit.type,
          entityId: id,
          action: 'delete',
          actor,
          before: snapshot(before),
        });
      });
    },

    /** POST regular-update/read: marks for the caller only; unknown ids are ignored. */
    async markRead(
      userId: string,
      input: { ids?: string[] | undefined; all?: true | undefined },
    ): Promise<NoticeReadResult> {
      const which = input.all
        ? validAt()
        : sql`n.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(input.ids ?? [])}::jsonb))`;
      const inserted = rowsOf<{ notice_id: string }>(
        await db.execute(sql`
          INSERT INTO notice_reads (notice_id, user_id)
          SELECT n.id, ${userId}::uuid FROM notices n WHERE ${which}
          ON CONFLICT (user_id, notice_id) DO NOTHING
          RETURNING notice_id`),
      );
      return { marked: inserted.length, unread: await unreadCount(db, userId) };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
