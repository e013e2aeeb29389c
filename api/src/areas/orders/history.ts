import type { AuditHistory } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { listAuditHistory, type Queryable } from '../../audit';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { orderAudit, orderItemAudit } from './audit';
import { findOrder } from './order-access';

/**
 * GET order/history?id=: the order's entries (purchase, payments) and its items' (reveals,
 * returns, removals), newest first. The caller's scope is checked against the order (404 for
 * another partner's), which the generic audit/history cannot do for a partner's own staff.
 */
export async function orderHistory(
  q: Queryable,
  query: { id: string; page: number; pageSize: number },
  scope: PartnerScope,
): Promise<AuditHistory> {
  await findOrder(q, query.id, scope);
  const items = rowsOf<{ id: string }>(
    await q.execute(sql`SELECT id FROM order_items WHERE order_id = ${query.id} ORDER BY position`),
  );
  return listAuditHistory(q, {
    entityType: orderAudit.type,
    entityId: query.id,
    include: items.map((item) => ({ entityType: orderItemAudit.type, entityId: item.id })),
    page: query.page,
    pageSize: query.pageSize,
  });
}
