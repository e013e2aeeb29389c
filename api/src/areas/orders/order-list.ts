import {
  ORDER_COUNT_CAP,
  type OrderCompanyOption,
  type OrderListItem,
  type OrderListResult,
  type PaymentStatus,
  type ProcessingStatus,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { iso, parseJson, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import {
  isUnfiltered,
  orderBy,
  orderWhere,
  whereSql,
  type OrderFilters,
  type OrderListQuery,
} from './order-list-sql';

interface ListRow {
  id: string;
  order_no: string;
  partner_id: string;
  partner_name: string;
  customer_name: string;
  purchased_at: string;
  item_count: number | string;
  sub_total: number | string;
  discount: number | string;
  tax_total: number | string;
  final_price: number | string;
  paid_amount: number | string;
  payment_status: PaymentStatus;
  processing_status: ProcessingStatus;
}

function toListItem(row: ListRow): OrderListItem {
  return {
    id: row.id,
    orderNo: row.order_no,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    customerName: row.customer_name,
    purchasedAt: iso(row.purchased_at),
    itemCount: Number(row.item_count),
    subTotal: Number(row.sub_total),
    discount: Number(row.discount),
    taxTotal: Number(row.tax_total),
    finalPrice: Number(row.final_price),
    paidAmount: Number(row.paid_amount),
    paymentStatus: row.payment_status,
    processingStatus: row.processing_status,
  };
}

/** The eSIMs an order counts: every item but the ones removed from it. */
export const ITEM_COUNT_SQL = sql`(SELECT count(*) FROM order_items i
  WHERE i.order_id = o.id AND i.status <> 'removed')`;

/**
 * order/list in ONE statement: the page's ids picked on the sort's index alone (narrow keys,
 * LIMIT/OFFSET over index entries), then only those 50 orders read and their items counted; the
 * total beside it, from the maintained counter for all orders, or counted up to
 * ORDER_COUNT_CAP (or the end of the page asked for) when filtered (totalCapped).
 */
export async function listOrders(
  q: Queryable,
  query: OrderListQuery,
  scope: PartnerScope,
): Promise<OrderListResult> {
  const filters: OrderFilters = query;
  const where = whereSql(orderWhere(filters, scope));
  const order = orderBy(query.sort, query.order);
  const offset = (query.page - 1) * query.pageSize;
  const cap = Math.max(ORDER_COUNT_CAP, query.page * query.pageSize + query.pageSize);
  const unfiltered = isUnfiltered(filters, scope);
  const total = unfiltered
    ? sql`(SELECT coalesce(sum(orders), 0) FROM orders_count_all)`
    : sql`(SELECT count(*) FROM (SELECT 1 FROM orders o ${where} LIMIT ${cap + 1}) capped)`;
  const [row] = rowsOf<{ items: ListRow[] | string | null; total: string | number }>(
    await q.execute(sql`
      SELECT
        (SELECT coalesce(json_agg(x ORDER BY x.n), '[]'::json) FROM (
           SELECT row_number() OVER (ORDER BY ${order}) AS n, o.id, o.order_no, o.partner_id,
                  o.partner_name, o.customer_name, o.purchased_at, ${ITEM_COUNT_SQL} AS item_count,
                  o.sub_total, o.discount, o.tax_total, o.final_price, o.paid_amount,
                  o.payment_status, o.processing_status
           FROM (SELECT o.id FROM orders o ${where} ORDER BY ${order}
                 LIMIT ${query.pageSize} OFFSET ${offset}) page
           JOIN orders o ON o.id = page.id) x) AS items,
        ${total} AS total`),
  );
  const counted = Number(row?.total ?? 0);
  const capped = !unfiltered && counted > cap;
  return {
    items: (parseJson(row?.items) ?? []).map(toListItem),
    total: capped ? cap : counted,
    totalCapped: capped,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Partners that have orders (the list's partner filter), by name; a scoped caller's own only. */
export async function orderCompanies(
  q: Queryable,
  scope: PartnerScope,
): Promise<OrderCompanyOption[]> {
  if (!scope.all && !scope.partnerId) return [];
  const rows = rowsOf<{ id: string; name: string }>(
    await q.execute(sql`
      SELECT p.id, p.name FROM partners p
      WHERE EXISTS (SELECT 1 FROM orders o WHERE o.partner_id = p.id)
        ${scope.all ? sql`` : sql`AND p.id = ${scope.partnerId}`}
      ORDER BY lower(p.name) COLLATE "C", p.id`),
  );
  return rows.map((row) => ({ partnerId: row.id, name: row.name }));
}
