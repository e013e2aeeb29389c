import type { CsvValue } from '../../csv';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadEnglishCatalog } from '../../http/messages';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { readInScope } from './order-access';
import { ITEM_COUNT_SQL } from './order-list';
import { orderWhere, whereSql, type OrderListQuery } from './order-list-sql';

/*
 * The order CSV exports (order/export-csv, order/export-csv/detail, order/revenue/export): the
 * list's filters, in purchase order (newest first; oldest first with sort=purchasedAt&order=asc),
 * read in keyset batches that each continue the (purchased_at, id) index range where the previous
 * one stopped, so 1,000,000 orders stream in a few hundred short statements.
 */

const EXPORT_BATCH = 5_000;

export interface ExportOrder {
  id: string;
  order_no: string;
  purchased_key: string;
  purchased_at: string;
  partner_name: string;
  customer_name: string;
  item_count: number | string;
  purchase_price: number | string;
  sub_total: number | string;
  discount: number | string;
  tax_total: number | string;
  total_amount: number | string;
  final_price: number | string;
  paid_amount: number | string;
  payment_status: string;
  processing_status: string;
}

/**
 * The orders of the list's filters, in batches (each batch one statement, scoped). The next batch
 * is asked for before this one is handed on, so the database reads it while this one is written.
 */
async function* orderBatches(
  db: Db,
  query: OrderListQuery,
  scope: PartnerScope,
): AsyncGenerator<ExportOrder[]> {
  const ascending = query.sort === 'purchasedAt' && query.order === 'asc';
  const direction = ascending ? sql`ASC` : sql`DESC`;
  const batchAfter = (after: { key: string; id: string } | null): Promise<ExportOrder[]> => {
    const where = orderWhere(query, scope);
    if (after) {
      where.push(
        ascending
          ? sql`(o.purchased_at, o.id) > (${after.key}::timestamptz, ${after.id}::uuid)`
          : sql`(o.purchased_at, o.id) < (${after.key}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const batch = readInScope(db, scope, async (q) =>
      rowsOf<ExportOrder>(
        await q.execute(sql`
          SELECT o.id, o.order_no,
                 to_char(o.purchased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                   AS purchased_key,
                 o.purchased_at, o.partner_name, o.customer_name, ${ITEM_COUNT_SQL} AS item_count,
                 o.purchase_price, o.sub_total, o.discount, o.tax_total, o.total_amount,
                 o.final_price, o.paid_amount, o.payment_status, o.processing_status
          FROM orders o ${whereSql(where)}
          ORDER BY o.purchased_at ${direction}, o.id ${direction}
          LIMIT ${EXPORT_BATCH}`),
      ),
    );
    // A download stopped half-way leaves the batch asked for ahead unread: not an unhandled error.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = batchAfter(null);
  for (;;) {
    const rows = await pending;
    const last = rows.at(-1);
    const more = rows.length === EXPORT_BATCH && last !== undefined;
    if (more) pending = batchAfter({ key: last.purchased_key, id: last.id });
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}

/** Header labels: the English field names (common.json fields), as the other exports write. */
function headerOf(keys: readonly string[]): string[] {
  const labels = loadEnglishCatalog().fields;
  return keys.map((key) => labels[key] ?? key);
}

const money = (value: number | string) => Number(value);
const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

type Column = [string, (order: ExportOrder) => CsvValue];

const ORDER_COLUMNS: Column[] = [
  ['orderNo', (o) => o.order_no],
  ['purchasedAt', (o) => instant(o.purchased_at)],
  ['partnerName', (o) => o.partner_name],
  ['customerName', (o) => o.customer_name],
  ['itemCount', (o) => Number(o.item_count)],
  ['subTotal', (o) => money(o.sub_total)],
  ['discount', (o) => money(o.discount)],
  ['taxTotal', (o) => money(o.tax_total)],
  ['finalPrice', (o) => money(o.final_price)],
  ['paidAmount', (o) => money(o.paid_amount)],
  ['paymentStatus', (o) => o.payment_status],
  ['processingStatus', (o) => o.processing_status],
];

/** Gross profit: what the partner pays net of tax and discount, less what the eSIMs cost us. */
const grossProfit = (o: ExportOrder) =>
  money(o.sub_total) - money(o.discount) - money(o.purchase_price);

const REVENUE_COLUMNS: Column[] = [
  ['orderNo', (o) => o.order_no],
  ['purchasedAt', (o) => instant(o.purchased_at)],
  ['partnerName', (o) => o.partner_name],
  ['purchasePrice', (o) => money(o.purchase_price)],
  ['subTotal', (o) => money(o.sub_total)],
  ['discount', (o) => money(o.discount)],
  ['taxTotal', (o) => money(o.tax_total)],
  ['totalAmount', (o) => money(o.total_amount)],
  ['finalPrice', (o) => money(o.final_price)],
  ['paidAmount', (o) => money(o.paid_amount)],
  ['paymentStatus', (o) => o.payment_status],
  ['grossProfit', grossProfit],
];

function perOrder(db: Db, query: OrderListQuery, scope: PartnerScope, columns: Column[]) {
  async function* rows() {
    for await (const batch of orderBatches(db, query, scope)) {
      for (const order of batch) yield columns.map(([, value]) => value(order));
    }
  }
  return { header: headerOf(columns.map(([key]) => key)), rows: rows() };
}

/** order/export-csv: one row per order. */
export const exportOrders = (db: Db, query: OrderListQuery, scope: PartnerScope) =>
  perOrder(db, query, scope, ORDER_COLUMNS);

/** order/revenue/export: revenue per order (cost, prices, tax, paid, gross profit). */
export const exportRevenue = (db: Db, query: OrderListQuery, scope: PartnerScope) =>
  perOrder(db, query, scope, REVENUE_COLUMNS);

const DETAIL_KEYS = [
  'orderNo',
  'purchasedAt',
  'partnerName',
  'customerName',
  'productCode',
  'productName',
  'iccid',
  'status',
] as const;

interface ExportItem {
  order_id: string;
  product_code: string;
  product_name: string;
  iccid: string | null;
  status: string;
}

/**
 * order/export-csv/detail: one row per eSIM of the orders (removed ones left out), never the
 * activation code. Each batch of orders reads its items in one statement on (order_id, position).
 */
export function exportOrderItems(db: Db, query: OrderListQuery, scope: PartnerScope) {
  async function* rows() {
    for await (const batch of orderBatches(db, query, scope)) {
      const items = await readInScope(db, scope, async (tx) =>
        rowsOf<ExportItem>(
          await tx.execute(sql`
            SELECT i.order_id, l.product_code, l.product_name, i.iccid, i.status
            FROM order_items i JOIN order_lines l ON l.id = i.line_id
            WHERE i.order_id = ANY(${sql.param(batch.map((order) => order.id))}::uuid[])
              AND i.status <> 'removed'
            ORDER BY i.order_id, i.position`),
        ),
      );
      const byOrder = new Map<string, ExportItem[]>();
      for (const item of items) {
        const list = byOrder.get(item.order_id);
        if (list) list.push(item);
        else byOrder.set(item.order_id, [item]);
      }
      for (const order of batch) {
        for (const item of byOrder.get(order.id) ?? []) {
          yield [
            order.order_no,
            instant(order.purchased_at),
            order.partner_name,
            order.customer_name,
            item.product_code,
            item.product_name,
            item.iccid,
            item.status,
          ];
        }
      }
    }
  }
  return { header: headerOf(DETAIL_KEYS), rows: rows() };
}
