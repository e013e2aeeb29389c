import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { rowsOf } from '../list-helpers';
import { withPartnerScope, type PartnerScope } from '../partners/public';

/**
 * A read in the caller's scope: a partner's own staff in withPartnerScope (row-level security
 * behind the queries' own filter), the reseller's staff straight on the pool, where that
 * transaction would confine nothing and only cost a BEGIN and a COMMIT per page.
 */
export function readInScope<T>(
  db: Db,
  scope: PartnerScope,
  fn: (q: Queryable) => Promise<T>,
): Promise<T> {
  return scope.all ? fn(db) : withPartnerScope(db, scope, fn);
}

/** The condition that keeps a query on the caller's partner (alias `alias`). */
export function scopeCondition(scope: PartnerScope, alias = 'o') {
  if (scope.all) return sql`true`;
  return scope.partnerId ? sql`${sql.raw(alias)}.partner_id = ${scope.partnerId}` : sql`false`;
}

export interface LockedOrder {
  id: string;
  order_no: string;
  partner_id: string;
  final_price: number | string;
  paid_amount: number | string;
  payment_status: string;
  version: number;
}

/**
 * The order within the caller's scope (404 otherwise: another partner's order is not revealed),
 * locked FOR UPDATE when `lock`: payments change paid_amount from what this read.
 */
export async function findOrder(
  q: Queryable,
  id: string,
  scope: PartnerScope,
  lock = false,
): Promise<LockedOrder> {
  const [row] = rowsOf<LockedOrder>(
    await q.execute(sql`
      SELECT o.id, o.order_no, o.partner_id, o.final_price, o.paid_amount, o.payment_status,
             o.version
      FROM orders o WHERE o.id = ${id} AND ${scopeCondition(scope)}
      ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  if (!row) throw new NotFoundError('Order');
  return row;
}

/**
 * Money and stock belong to the reseller: a partner's own staff may look at their orders and
 * reveal codes, but payments, revenue imports, returns to stock and removals are the reseller
 * staff's (403), as a partner cannot change its own terms (decision 0019).
 */
export function refuseScoped(scope: PartnerScope): void {
  if (!scope.all) throw new ForbiddenError();
}
