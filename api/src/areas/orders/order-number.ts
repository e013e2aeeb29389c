import { sql, type SQL } from 'drizzle-orm';

/*
 * Order numbers: 'O' + yyMMdd (the business day, Asia/Tokyo) + '-' + the next value of
 * order_no_seq, at least 6 digits (O240501-000123): readable, unique, sortable by day. The
 * sequence is never reset (a number refused by a rolled-back purchase is simply skipped).
 */

/** 'O240501-' for the business day '2024-05-01'. */
export function orderNoPrefix(businessDay: string): string {
  return `O${businessDay.slice(2).replaceAll('-', '')}-`;
}

/** The SQL expression of a new order number on `businessDay` (draws from order_no_seq). */
export function nextOrderNoSql(businessDay: string): SQL {
  return sql`(SELECT ${orderNoPrefix(businessDay)} || lpad(n::text, greatest(6, length(n::text)), '0')
    FROM (SELECT nextval('order_no_seq') AS n) seq)`;
}
