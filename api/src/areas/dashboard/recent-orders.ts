import type { DashboardRecentOrder, PaymentStatus, ProcessingStatus } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { iso, parseJson, rowsOf } from '../list-helpers';

interface RecentRow {
  id: string;
  order_no: string;
  partner_name: string;
  customer_name: string;
  products: string[] | string | null;
  quantity: string | number;
  final_price: string | number;
  currency: string;
  processing_status: ProcessingStatus;
  payment_status: PaymentStatus;
  purchased_at: string | Date;
}

/**
 * The latest orders, newest first, whatever their status (failed ones too: staff follow them up),
 * each with its lines' product names and eSIMs. `partnerId` null: every partner's. One statement
 * on orders_purchased_idx or orders_partner_purchased_idx (0018), a line lookup per order.
 */
export async function recentOrders(
  q: Queryable,
  partnerId: string | null,
  limit: number,
): Promise<DashboardRecentOrder[]> {
  const rows = rowsOf<RecentRow>(
    await q.execute(sql`
      SELECT o.id, o.order_no, o.partner_name, o.customer_name, o.final_price, o.currency,
        o.processing_status, o.payment_status, o.purchased_at,
        (SELECT coalesce(json_agg(l.product_name ORDER BY l.position), '[]'::json)
         FROM order_lines l WHERE l.order_id = o.id) AS products,
        (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id)
          AS quantity
      FROM orders o
      ${partnerId === null ? sql`` : sql`WHERE o.partner_id = ${partnerId}`}
      ORDER BY o.purchased_at DESC, o.id DESC
      LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.order_no,
    partnerName: row.partner_name,
    customerName: row.customer_name,
    products: parseJson(row.products) ?? [],
    quantity: Number(row.quantity),
    finalPrice: Number(row.final_price),
    currency: row.currency,
    processingStatus: row.processing_status,
    paymentStatus: row.payment_status,
    purchaseDate: iso(row.purchased_at),
  }));
}
