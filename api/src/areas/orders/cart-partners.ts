import type { CartPartnerOption } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';

/**
 * GET cart/partners: the partners the caller may sell to, by name (the wizard's partner picker).
 * Read here rather than through utils/model/list 'partners', which needs GET on the partners
 * area: selling needs the orders permission only. A partner's own staff get their partner (and
 * a partner role bound to no partner none: the scope fails closed).
 */
export async function cartPartners(
  q: Queryable,
  scope: PartnerScope,
): Promise<CartPartnerOption[]> {
  if (!scope.all && !scope.partnerId) return [];
  return rowsOf<CartPartnerOption>(
    await q.execute(sql`
      SELECT p.id, p.code, p.name FROM partners p
      ${scope.all ? sql`` : sql`WHERE p.id = ${scope.partnerId}`}
      ORDER BY lower(p.name) COLLATE "C", p.id`),
  ).map((row) => ({ id: row.id, code: row.code, name: row.name }));
}
