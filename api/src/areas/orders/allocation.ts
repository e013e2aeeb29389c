import { STOCK_AUDIT_ENTITY } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../../audit';

/*
 * Stock allocation at purchase (docs/orders.md "Purchase that never oversells", decision 0021):
 * ONE statement takes, for every stock line, `quantity` on-hand items that have not expired,
 * earliest expiry first, with FOR UPDATE SKIP LOCKED (concurrent buyers never wait on each
 * other's items and never take the same one), sets them assigned, creates the delivered order
 * items holding their ICCID and sealed activation code, and writes each item's audit entry. A line
 * that got fewer items than it asked for makes the statement fail (orders_refuse_short_allocation,
 * migration 0018): the purchase is refused and rolls back whole.
 *
 * One statement for all lines also means one run of the stock counter trigger (decision 0016),
 * which locks the counter rows of every product in key order: two purchases of the same products
 * cannot deadlock on them. Those rows stay locked until the transaction ends, so purchases of one
 * product commit one after another; the purchase therefore allocates last, and on PostgreSQL sends
 * its COMMIT in the same message as the allocation (./one-message.ts), so that the rows are
 * released without waiting for another round trip to the API process (docs/performance.md
 * "Orders: purchase").
 */

export interface StockLine {
  lineId: string;
  productId: string;
  quantity: number;
  /** The position of the line's first order item (items are numbered across the order). */
  firstPosition: number;
}

export interface AllocationTarget {
  /**
   * The order the items go to. No order with this id (its insert gave way to another purchase
   * holding the key): nothing is allocated.
   */
  orderId: string;
  partnerId: string;
  actor: AuditActor;
  /** Items expiring before this business day (yyyy-MM-dd) are not sold. */
  today: string;
}

export interface AllocationShortfall {
  lineId: string;
  wanted: number;
  taken: number;
}

/** The allocation statement; it fails (P0001 'stock allocation short') when a line is short. */
export function allocationSql(target: AllocationTarget, lines: readonly StockLine[]): SQL {
  const wanted = JSON.stringify(
    [...lines]
      .sort((a, b) => (a.productId < b.productId ? -1 : 1))
      .map((line) => ({
        line_id: line.lineId,
        product_id: line.productId,
        quantity: line.quantity,
        first_position: line.firstPosition,
      })),
  );
  return sql`
    WITH wanted AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${wanted}::jsonb)
        AS w(line_id uuid, product_id uuid, quantity int, first_position int)
      WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${target.orderId}::uuid)
      ORDER BY product_id
    ),
    picked AS MATERIALIZED (
      SELECT w.line_id, w.first_position, s.id
      FROM wanted w
      CROSS JOIN LATERAL (
        SELECT si.id FROM stock_items si
        WHERE si.product_id = w.product_id AND si.status = 'on_hand'
          AND si.active_expire_date >= ${target.today}::date
        ORDER BY si.active_expire_date, si.id
        LIMIT w.quantity
        FOR UPDATE SKIP LOCKED
      ) s
    ),
    taken AS (
      UPDATE stock_items si
      SET status = 'assigned', version = si.version + 1, updated_at = now(),
          updated_by = ${target.actor.email}::text
      FROM picked
      -- = ANY(ARRAY(...)): the primary key finds the picked rows (a join would be planned for
      -- jsonb_to_recordset's 100-row guess and could scan the table).
      WHERE si.id = ANY(ARRAY(SELECT id FROM picked)) AND si.id = picked.id
      RETURNING si.id, si.iccid, si.smdp_address, si.activation_code_sealed,
        si.activation_code_masked, si.active_expire_date, picked.line_id, picked.first_position
    ),
    items AS (
      INSERT INTO order_items (order_id, line_id, partner_id, position, stock_item_id, status,
        iccid, smdp_address, activation_code_sealed, activation_code_masked, updated_by)
      SELECT ${target.orderId}::uuid, line_id, ${target.partnerId}::uuid,
        first_position - 1
          + row_number() OVER (PARTITION BY line_id ORDER BY active_expire_date, id),
        id, 'delivered', iccid, smdp_address, activation_code_sealed, activation_code_masked,
        ${target.actor.email}::text
      FROM taken
      RETURNING line_id
    ),
    audit AS (
      INSERT INTO audit_log (entity_type, entity_id, action, actor_user_id, actor_email, changes)
      SELECT ${STOCK_AUDIT_ENTITY}::text, taken.id::text, 'update', ${target.actor.userId}::uuid,
        ${target.actor.email}::text,
        jsonb_build_array(
          jsonb_build_object('field', 'status', 'before', 'on_hand', 'after', 'assigned'),
          jsonb_build_object('field', 'orderNo', 'before', null, 'after', o.order_no))
      FROM taken CROSS JOIN (SELECT order_no FROM orders WHERE id = ${target.orderId}::uuid) o
    ),
    counted AS (
      SELECT w.line_id, w.quantity AS wanted,
        (SELECT count(*) FROM items i WHERE i.line_id = w.line_id)::int AS taken
      FROM wanted w
    )
    SELECT line_id, wanted, taken,
      CASE WHEN taken < wanted THEN orders_refuse_short_allocation(line_id, wanted, taken) END
        AS refused
    FROM counted`;
}

/** The shortfall an allocation failed with, or null for any other error. */
export function shortfallOf(error: unknown): AllocationShortfall | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (
      candidate.code === 'P0001' &&
      candidate.message === 'stock allocation short' &&
      typeof candidate.detail === 'string'
    ) {
      const detail = JSON.parse(candidate.detail) as AllocationShortfall;
      return { lineId: detail.lineId, wanted: Number(detail.wanted), taken: Number(detail.taken) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
