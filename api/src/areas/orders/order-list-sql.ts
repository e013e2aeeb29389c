import type { OrderSortColumn, orderListSchema } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { PartnerScope } from '../partners/public';

/** The list's filters (also the exports' query); page, pageSize, sort and order are the page's. */
export type OrderListQuery = v.InferOutput<typeof orderListSchema>;
export type OrderFilters = Omit<OrderListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/** Japan has no daylight saving time: a calendar day in Asia/Tokyo starts at 00:00+09:00. */
const TOKYO_OFFSET = '+09:00';

/** The instants PostgreSQL and the contracts' dates share (years 1 to 9999). */
const FIRST_INSTANT = new Date('0001-01-01T00:00:00Z').getTime();
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A from/to filter as an instant: a bare date or a date-time without an offset is Tokyo time
 * (order numbers and the business day are Tokyo's too); 'to' as a bare date includes that day.
 * null past the years 1-9999 (from 0001-01-01 in Tokyo, to 9999-12-31): no bound.
 */
export function tokyoInstant(text: string, end: boolean): string | null {
  let instant: Date;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    instant = new Date(`${text}T00:00:00${TOKYO_OFFSET}`);
    if (end) instant.setUTCDate(instant.getUTCDate() + 1);
  } else {
    instant = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}${TOKYO_OFFSET}`);
  }
  const time = instant.getTime();
  if (Number.isNaN(time) || time < FIRST_INSTANT || time > LAST_INSTANT) return null;
  return instant.toISOString();
}

/** LIKE prefix pattern of a search text, lower-cased: %, _ and \ match themselves. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Order numbers are 'O' + yyMMdd + '-' + a serial (order-number.ts): text that starts with 'O'
 * and a digit is the start of an order number, any other text the start of a customer's name.
 */
export function searchesOrderNo(text: string): boolean {
  return /^o\d/i.test(text);
}

/**
 * The WHERE conditions of the list and the exports. Search: a prefix, any case, of the order
 * number (text like 'O2611...') or else of the customer's name. Each is a range of one index of
 * (key, purchased_at, id) in the "C" collation (migration 0019), so a page can be picked and its
 * total counted from the index alone; a "contains" search would read every order.
 */
export function orderWhere(filters: OrderFilters, scope: PartnerScope): SQL[] {
  const where: SQL[] = [];
  if (!scope.all) {
    // Bound to no partner: nothing (fail closed).
    where.push(scope.partnerId ? sql`o.partner_id = ${scope.partnerId}` : sql`false`);
  }
  if (filters.partnerId) where.push(sql`o.partner_id = ${filters.partnerId}`);
  if (filters.paymentStatus) where.push(sql`o.payment_status = ${filters.paymentStatus}`);
  if (filters.processingStatus) {
    where.push(sql`o.processing_status = ${filters.processingStatus}`);
  }
  const from = filters.from ? tokyoInstant(filters.from, false) : null;
  if (from) where.push(sql`o.purchased_at >= ${from}::timestamptz`);
  const to = filters.to ? tokyoInstant(filters.to, true) : null;
  if (to) where.push(sql`o.purchased_at < ${to}::timestamptz`);
  if (filters.search) {
    const pattern = prefixPattern(filters.search);
    where.push(
      searchesOrderNo(filters.search)
        ? sql`lower(o.order_no) COLLATE "C" LIKE ${pattern}`
        : sql`o.customer_name_lower COLLATE "C" LIKE ${pattern}`,
    );
  }
  return where;
}

export const whereSql = (where: SQL[]) =>
  where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

/** Whether the answer is every order (its total is maintained: orders_count_all). */
export function isUnfiltered(filters: OrderFilters, scope: PartnerScope): boolean {
  return (
    scope.all &&
    !filters.partnerId &&
    !filters.paymentStatus &&
    !filters.processingStatus &&
    !filters.from &&
    !filters.to &&
    !filters.search
  );
}

/**
 * The leading key of each sort; ties newest first (purchased_at DESC, id DESC). Each matches an
 * index of (key, purchased_at DESC, id DESC) (0018, 0019), so a page is read in index order; a
 * descending sort is the exact reverse (a backward scan of the same index).
 */
const LEADING_KEY: Record<Exclude<OrderSortColumn, 'purchasedAt'>, SQL> = {
  orderNo: sql`lower(o.order_no) COLLATE "C"`,
  partnerName: sql`lower(o.partner_name) COLLATE "C"`,
  customerName: sql`o.customer_name_lower COLLATE "C"`,
  finalPrice: sql`o.final_price`,
  paymentStatus: sql`o.payment_status`,
  processingStatus: sql`o.processing_status`,
};

/** ORDER BY of a sort; no sort = newest first. */
export function orderBy(sort: OrderSortColumn | undefined, order: 'asc' | 'desc'): SQL {
  if (!sort || sort === 'purchasedAt') {
    const direction = !sort || order === 'desc' ? sql`DESC` : sql`ASC`;
    return sql`o.purchased_at ${direction}, o.id ${direction}`;
  }
  const [lead, tail] = order === 'asc' ? [sql`ASC`, sql`DESC`] : [sql`DESC`, sql`ASC`];
  return sql`${LEADING_KEY[sort]} ${lead}, o.purchased_at ${tail}, o.id ${tail}`;
}
