import {
  STOCK_STATUSES,
  type ListResult,
  type StockProductListItem,
  type StockStatus,
  type StockStatusCounts,
  type stockProductListSchema,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../../db/client';
import { containsPattern, iso, parseJson, rowsOf } from '../list-helpers';

type ProductListQuery = v.InferOutput<typeof stockProductListSchema>;

export function emptyCounts(): StockStatusCounts {
  return Object.fromEntries(STOCK_STATUSES.map((status) => [status, 0])) as StockStatusCounts;
}

/** The on-hand items of each product expiring in the window, summed from the expiry buckets. */
const expiringByProduct = (soonFrom: string, soonTo: string) => sql`
  (SELECT product_id, sum(items) AS items FROM stock_expiry_counts
   WHERE status = 'on_hand' AND active_expire_date BETWEEN ${soonFrom}::date AND ${soonTo}::date
   GROUP BY product_id)`;

interface SortKey {
  key: SQL;
  /** Only the last import can be missing (a product without items): it sorts first ascending. */
  nullable?: boolean;
  /** What the key needs joined to the products (nothing for the product's own columns). */
  join?: (soonFrom: string, soonTo: string) => SQL;
}

const SORTS: Record<ProductListQuery['sort'] & string, SortKey> = {
  productName: { key: sql`lower(p.name)` },
  productCode: { key: sql`lower(p.product_code) COLLATE "C"` },
  supplierName: { key: sql`lower(su.name)` },
  total: {
    key: sql`coalesce(ps.items, 0)`,
    join: () => sql`LEFT JOIN stock_product_summary ps ON ps.product_id = p.id`,
  },
  onHand: {
    key: sql`coalesce(oh.items, 0)`,
    join: () => sql`LEFT JOIN stock_counts oh ON oh.product_id = p.id AND oh.status = 'on_hand'`,
  },
  expiringSoon: {
    key: sql`coalesce(es.items, 0)`,
    join: (soonFrom, soonTo) =>
      sql`LEFT JOIN ${expiringByProduct(soonFrom, soonTo)} es ON es.product_id = p.id`,
  },
  lastImportedDate: {
    key: sql`ps.last_imported_at`,
    nullable: true,
    join: () => sql`LEFT JOIN stock_product_summary ps ON ps.product_id = p.id`,
  },
};

/**
 * stock/list: the products of stock suppliers with their counts. The page is chosen on narrow
 * keys (the product's columns, or one maintained figure joined in: stock_product_summary,
 * stock_counts, the expiry buckets); only the page's rows are then given their counts, so a page
 * costs the same at any depth and never touches stock_items. The total is counted on the
 * products alone, at the same time.
 */
export async function listStockProducts(
  db: Db,
  query: ProductListQuery,
  window: { soonFrom: string; soonTo: string },
): Promise<ListResult<StockProductListItem>> {
  const { soonFrom, soonTo } = window;
  const where: SQL[] = [sql`su.delivery_type = 'stock'`];
  if (query.supplierId) where.push(sql`p.supplier_id = ${query.supplierId}`);
  if (query.productId) where.push(sql`p.id = ${query.productId}`);
  if (query.search) {
    const like = containsPattern(query.search);
    where.push(
      sql`(p.name ILIKE ${like} OR p.product_code ILIKE ${like} OR su.name ILIKE ${like})`,
    );
  }
  const whereSql = sql.join(where, sql` AND `);
  const sort = SORTS[query.sort ?? 'productName'] ?? SORTS.productName;
  // Ties go by id in the same direction, so an index of (key, id) can serve either direction.
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  const nulls = sort.nullable
    ? query.order === 'desc'
      ? sql`NULLS LAST`
      : sql`NULLS FIRST`
    : sql``;
  const [pageRows, countRows] = await Promise.all([
    db.execute(sql`
      WITH page AS (
        SELECT p.id, p.product_code, p.name, su.id AS supplier_id, su.name AS supplier_name,
               ${sort.key} AS sort_key
        FROM products p JOIN suppliers su ON su.id = p.supplier_id
        ${sort.join ? sort.join(soonFrom, soonTo) : sql``}
        WHERE ${whereSql}
        ORDER BY ${sort.key} ${direction} ${nulls}, p.id ${direction}
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize})
      SELECT page.id AS product_id, page.product_code, page.name AS product_name,
             page.supplier_id, page.supplier_name,
             (SELECT coalesce(jsonb_object_agg(c.status, c.items), '{}'::jsonb)
              FROM stock_counts c WHERE c.product_id = page.id) AS counts,
             (SELECT ps.items FROM stock_product_summary ps WHERE ps.product_id = page.id) AS total,
             (SELECT ps.last_imported_at FROM stock_product_summary ps
              WHERE ps.product_id = page.id) AS last_imported,
             (SELECT sum(e.items) FROM stock_expiry_counts e
              WHERE e.product_id = page.id AND e.status = 'on_hand'
                AND e.active_expire_date BETWEEN ${soonFrom}::date AND ${soonTo}::date)
               AS expiring_soon
      FROM page ORDER BY page.sort_key ${direction} ${nulls}, page.id ${direction}`),
    db.execute(sql`
      SELECT count(*) AS n FROM products p JOIN suppliers su ON su.id = p.supplier_id
      WHERE ${whereSql}`),
  ]);
  const rows = rowsOf<Record<string, unknown>>(pageRows);
  const totalRows = rowsOf<{ n: string }>(countRows);
  return {
    items: rows.map((row) => {
      const counts = emptyCounts();
      const byStatus = parseJson(row.counts as Record<string, unknown> | string | null) ?? {};
      for (const [status, items] of Object.entries(byStatus)) {
        if (status in counts) counts[status as StockStatus] = Number(items);
      }
      return {
        productId: String(row.product_id),
        productCode: String(row.product_code),
        productName: String(row.product_name),
        supplierId: String(row.supplier_id),
        supplierName: String(row.supplier_name),
        counts,
        total: Number(row.total ?? 0),
        expiringSoon: Number(row.expiring_soon ?? 0),
        lastImportedDate: row.last_imported ? iso(row.last_imported as string) : null,
      };
    }),
    total: Number(totalRows[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
