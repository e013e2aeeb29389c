import type { AuditChange, NoticeAuditEntry, NoticeHistory } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { iso, parseJson, rowsOf } from '../list-helpers';
import { noticeAudit } from './service';

interface HistoryRow {
  id: string | number;
  entity_id: string;
  action: NoticeAuditEntry['action'];
  actor_user_id: string | null;
  actor_email: string;
  at: string | Date;
  changes: AuditChange[] | string;
  notice_title: string | null;
}

/**
 * The History tab of the notices screen: every notice's entries, newest first, each with the
 * notice's English title: the current one, or for a withdrawn notice the title its withdrawal
 * entry recorded.
 */
export async function listNoticeHistory(
  q: Queryable,
  page: number,
  pageSize: number,
): Promise<NoticeHistory> {
  const type = noticeAudit.type;
  const rows = rowsOf<HistoryRow>(
    await q.execute(sql`
      SELECT a.id, a.entity_id, a.action, a.actor_user_id, a.actor_email, a.at, a.changes,
        COALESCE(
          (SELECT n.title_en FROM notices n WHERE n.id::text = a.entity_id),
          (SELECT c->>'before' FROM audit_log d, jsonb_array_elements(d.changes) c
            WHERE d.entity_type = ${type} AND d.entity_id = a.entity_id AND d.action = 'delete'
              AND c->>'field' = 'titleEn' LIMIT 1)
        ) AS notice_title
      FROM audit_log a WHERE a.entity_type = ${type}
      ORDER BY a.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await q.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = ${type}`),
  );
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      entityType: type,
      entityId: row.entity_id,
      action: row.action,
      actor: { userId: row.actor_user_id, email: row.actor_email },
      at: iso(row.at),
      changes: parseJson<AuditChange[]>(row.changes) ?? [],
      noticeTitle: row.notice_title ?? '',
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}
