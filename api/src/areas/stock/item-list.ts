import {
  STOCK_COUNT_CAP,
  STOCK_STATUSES,
  type StockDetailFilters,
  type StockDetailResult,
  type StockItemListItem,
  type StockStatus,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { endOfRange, iso, parseJson, rowsOf } from '../list-helpers';
import { decodeCursor, encodeCursor } from './cursor';
import { emptyCounts } from './product-list';

type ItemFilters = Omit<StockDetailFilters, 'page' | 'pageSize' | 'cursor'>;

/** The business days the item lists compare expiry dates with. */
export interface ExpiryWindow {
  today: string;
  /** today + STOCK_EXPIRING_SOON_DAYS */
  soonTo: string;
  /** today + n days */
  plusDays: (days: number) => string;
}

const SORT_SQL: Record<StockDetailFilters['sort'], { column: SQL; text: SQL; cast: SQL }> = {
  importedDate: {
    column: sql`s.imported_at`,
    text: sql`to_char(s.imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: sql`::timestamptz`,
  },
  iccid: { column: sql`s.iccid`, text: sql`s.iccid`, cast: sql`::text` },
  activeExpireDate: {
    column: sql`s.active_expire_date`,
    text: sql`to_char(s.active_expire_date, 'YYYY-MM-DD')`,
    cast: sql`::date`,
  },
};

export interface ItemRow {
  id: string;
  product_id: string;
  iccid: string;
  activation_code_masked: string;
  smdp_address: string;
  status: StockStatus;
  active_expire_date: unknown;
  imported_at: unknown;
  hold_until: unknown;
  version: number;
  sort_text: string;
}

export function dayText(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export function toListItem(row: Omit<ItemRow, 'sort_text'>): StockItemListItem {
  return {
    id: row.id,
    productId: row.product_id,
    iccid: row.iccid,
    activationCodeMasked: row.activation_code_masked,
    smdpAddress: row.smdp_address,
    status: row.status,
    activeExpireDate: dayText(row.active_expire_date),
    importedDate: iso(row.imported_at as string),
    holdUntil: row.hold_until ? iso(row.hold_until as string) : null,
    version: Number(row.version),
  };
}

function statusList(statuses: readonly StockStatus[]): SQL {
  return sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
}

function itemWhere(filters: ItemFilters, window: ExpiryWindow): SQL[] {
  const where: SQL[] = [];
  if (filters.productId) where.push(sql`s.product_id = ${filters.productId}`);
  if (filters.supplierId) {
    where.push(
      sql`s.product_id IN (SELECT id FROM products WHERE supplier_id = ${filters.supplierId})`,
    );
  }
  if (filters.status && filters.status.length > 0) {
    where.push(sql`s.status IN (${statusList(filters.status)})`);
  }
  if (filters.search) {
    const digits = filters.search.replace(/[^0-9]/g, '');
    // A whole ICCID: the unique index. Part of one: its first or its last digits, each an index
    // range scan (migration 0010); digits only, so no LIKE wildcard can come from the input.
    const reversed = [...digits].reverse().join('');
    where.push(
      digits.length >= 19
        ? sql`s.iccid = ${digits}`
        : sql`(s.iccid LIKE ${`${digits}%`} OR reverse(s.iccid) LIKE ${`${reversed}%`})`,
    );
  }
  if (filters.expiringWithinDays !== undefined) {
    where.push(
      sql`s.active_expire_date BETWEEN ${window.today}::date
          AND ${window.plusDays(filters.expiringWithinDays)}::date`,
    );
  }
  if (filters.from) {
    where.push(sql`s.imported_at >= ${new Date(filters.from).toISOString()}::timestamptz`);
  }
  if (filters.to) {
    where.push(sql`s.imported_at < ${endOfRange(filters.to).toISOString()}::timestamptz`);
  }
  return where;
}

const whereClause = (where: SQL[]) =>
  where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

function keysetCondition(filters: ItemFilters, cursorText: string): SQL {
  const cursor = decodeCursor(cursorText, filters.sort, filters.order);
  const sort = SORT_SQL[filters.sort];
  const value = sql`${cursor.value}${sort.cast}`;
  return filters.order === 'asc'
    ? sql`(${sort.column}, s.id) > (${value}, ${cursor.id}::uuid)`
    : sql`(${sort.column}, s.id) < (${value}, ${cursor.id}::uuid)`;
}

/** The page's rows come back as one JSON array, ordered like the page. */
const JSON_ROW_ORDER: Record<StockDetailFilters['sort'], SQL> = {
  importedDate: sql`x.imported_at`,
  iccid: sql`x.iccid`,
  activeExpireDate: sql`x.active_expire_date`,
};

/**
 * A page of rows. At an OFFSET its ids are chosen first on the sort key and the id alone (an
 * index-only scan where the filters allow) and only those rows are read: a deep OFFSET walks
 * index entries, never the rows it skips. Without one (the first page, a cursor, the export's
 * batches) the rows are read straight in index order.
 */
function selectPage(
  filters: ItemFilters,
  window: ExpiryWindow,
  extraWhere: SQL[],
  limit: number,
  offset: number,
): SQL {
  const sort = SORT_SQL[filters.sort];
  const direction = filters.order === 'asc' ? sql`ASC` : sql`DESC`;
  const where = whereClause([...itemWhere(filters, window), ...extraWhere]);
  const columns = sql`s.id, s.product_id, s.iccid, s.activation_code_masked, s.smdp_address,
    s.status, s.active_expire_date, s.imported_at, s.hold_until, s.version,
    ${sort.text} AS sort_text`;
  if (offset === 0) {
    return sql`SELECT ${columns} FROM stock_items s ${where}
               ORDER BY ${sort.column} ${direction}, s.id ${direction} LIMIT ${limit}`;
  }
  return sql`
    SELECT ${columns}
    FROM (SELECT s.id, ${sort.column} AS sort_value FROM stock_items s ${where}
          ORDER BY ${sort.column} ${direction}, s.id ${direction}
          LIMIT ${limit} OFFSET ${offset}) k
    JOIN stock_items s ON s.id = k.id
    ORDER BY k.sort_value ${direction}, k.id ${direction}`;
}

/**
 * Where the counts of an answer come from: a product's or a supplier's rows of the per-product
 * counters, or, for all stock, the striped all-stock counters (a few hundred rows).
 */
function counterScope(
  productId: string | undefined,
  supplierId: string | undefined,
): { counts: SQL; expiry: SQL; where: SQL[] } {
  const where: SQL[] = [];
  if (productId) where.push(sql`c.product_id = ${productId}`);
  if (supplierId) {
    where.push(sql`c.product_id IN (SELECT id FROM products WHERE supplier_id = ${supplierId})`);
  }
  if (where.length > 0) {
    return { counts: sql`stock_counts`, expiry: sql`stock_expiry_counts`, where };
  }
  return { counts: sql`stock_counts_all`, expiry: sql`stock_expiry_counts_all`, where: [] };
}

/** A search or an import-date range: no maintained count has these, the items are counted. */
const countsItems = (filters: ItemFilters) => Boolean(filters.search || filters.from || filters.to);

/**
 * The total of the answer, from the counters where the filters allow (product, supplier, status
 * and an expiry window); a search or an import-date range counts the items, but at most up to
 * `cap` (the answer then says the total is capped).
 */
function totalSql(filters: ItemFilters, window: ExpiryWindow, cap: number): SQL {
  if (countsItems(filters)) {
    return sql`(SELECT count(*) FROM (SELECT 1 FROM stock_items s
                ${whereClause(itemWhere(filters, window))} LIMIT ${cap + 1}) capped)`;
  }
  const statuses = filters.status && filters.status.length > 0 ? filters.status : STOCK_STATUSES;
  const scope = counterScope(filters.productId, filters.supplierId);
  const where = [sql`c.status IN (${statusList(statuses)})`, ...scope.where];
  if (filters.expiringWithinDays !== undefined) {
    where.push(
      sql`c.active_expire_date BETWEEN ${window.today}::date
          AND ${window.plusDays(filters.expiringWithinDays)}::date`,
    );
    return sql`(SELECT coalesce(sum(c.items), 0) FROM ${scope.expiry} c ${whereClause(where)})`;
  }
  return sql`(SELECT coalesce(sum(c.items), 0) FROM ${scope.counts} c ${whereClause(where)})`;
}

/**
 * stock/detail in ONE statement, one round trip: the page's rows (OFFSET for `page`, KEYSET when
 * a cursor is given; one row more than the page, to know whether a next page exists) as a JSON
 * array, and beside them the counts by status and the on-hand items expiring soon (maintained:
 * stock_counts, stock_expiry_counts), the total and the product header.
 */
export async function listStockItems(
  db: Db,
  filters: StockDetailFilters,
  window: ExpiryWindow,
): Promise<StockDetailResult> {
  const { productId } = filters;
  const extra = filters.cursor ? [keysetCondition(filters, filters.cursor)] : [];
  const offset = filters.cursor ? 0 : (filters.page - 1) * filters.pageSize;
  const cap = Math.max(STOCK_COUNT_CAP, filters.page * filters.pageSize + filters.pageSize);
  // Counts by status and expiring soon are the product's, or all stock's (never the supplier's).
  const scope = counterScope(productId, undefined);
  const direction = filters.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [row] = rowsOf<{
    items: ItemRow[] | string | null;
    counts: Record<string, unknown> | string | null;
    expiring_soon: string | number | null;
    total: string | number | null;
    product: Record<string, string> | string | null;
  }>(
    await db.execute(sql`
      SELECT
        (SELECT coalesce(json_agg(x ORDER BY ${JSON_ROW_ORDER[filters.sort]} ${direction},
                                  x.id ${direction}), '[]'::json)
         FROM (${selectPage(filters, window, extra, filters.pageSize + 1, offset)}) x) AS items,
        (SELECT coalesce(json_object_agg(g.status, g.items), '{}'::json) FROM (
           SELECT c.status, sum(c.items)::bigint AS items FROM ${scope.counts} c
           ${whereClause(scope.where)} GROUP BY c.status) g) AS counts,
        (SELECT coalesce(sum(c.items), 0) FROM ${scope.expiry} c
         ${whereClause([
           sql`c.status = 'on_hand'`,
           sql`c.active_expire_date BETWEEN ${window.today}::date AND ${window.soonTo}::date`,
           ...scope.where,
         ])}) AS expiring_soon,
        ${totalSql(filters, window, cap)} AS total,
        ${
          productId
            ? sql`(SELECT json_build_object('id', p.id, 'productCode', p.product_code,
                     'name', p.name, 'supplierId', su.id, 'supplierName', su.name)
                   FROM products p JOIN suppliers su ON su.id = p.supplier_id
                   WHERE p.id = ${productId})`
            : sql`NULL::json`
        } AS product`),
  );
  const product = parseJson(row?.product);
  if (productId && !product) throw new NotFoundError('Product');
  const counts = emptyCounts();
  for (const [status, items] of Object.entries(parseJson(row?.counts) ?? {})) {
    if (status in counts) counts[status as StockStatus] = Number(items);
  }
  const rows = parseJson(row?.items) ?? [];
  const page = rows.slice(0, filters.pageSize);
  const last = page.at(-1);
  const counted = Number(row?.total ?? 0);
  const capped = countsItems(filters) && counted > cap;
  return {
    items: page.map(toListItem),
    total: capped ? cap : counted,
    totalCapped: capped,
    page: filters.page,
    pageSize: filters.pageSize,
    nextCursor:
      rows.length > filters.pageSize && last
        ? encodeCursor({
            sort: filters.sort,
            order: filters.order,
            value: last.sort_text,
            id: last.id,
          })
        : null,
    counts,
    expiringSoon: Number(row?.expiring_soon ?? 0),
    product: product
      ? {
          id: String(product.id),
          productCode: String(product.productCode),
          name: String(product.name),
          supplierId: String(product.supplierId),
          supplierName: String(product.supplierName),
        }
      : null,
  };
}

const EXPORT_BATCH = 5_000;

/**
 * Export rows (never the activation code): one ordered pass over the list's order, in keyset
 * batches that each continue the index range where the previous one stopped. Product code and
 * name come from a small map filled as products appear, not a join per batch.
 */
export async function* exportStockItems(
  db: Db,
  filters: ItemFilters,
  window: ExpiryWindow,
): AsyncGenerator<(string | number | null)[]> {
  const productNames = new Map<string, { code: string; name: string }>();
  let cursor: string | undefined;
  for (;;) {
    const extra = cursor ? [keysetCondition(filters, cursor)] : [];
    const rows = rowsOf<ItemRow>(
      await db.execute(selectPage(filters, window, extra, EXPORT_BATCH, 0)),
    );
    const missing = [...new Set(rows.map((row) => row.product_id))].filter(
      (id) => !productNames.has(id),
    );
    if (missing.length > 0) {
      const found = rowsOf<{ id: string; product_code: string; name: string }>(
        await db.execute(sql`SELECT id, product_code, name FROM products
                             WHERE id = ANY(${sql.param(missing)}::uuid[])`),
      );
      for (const product of found) {
        productNames.set(product.id, { code: product.product_code, name: product.name });
      }
    }
    for (const row of rows) {
      const item = toListItem(row);
      const product = productNames.get(row.product_id);
      yield [
        item.iccid,
        product?.code ?? '',
        product?.name ?? '',
        item.smdpAddress,
        item.status,
        item.activeExpireDate,
        item.importedDate,
        item.holdUntil,
      ];
    }
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    cursor = encodeCursor({
      sort: filters.sort,
      order: filters.order,
      value: last.sort_text,
      id: last.id,
    });
  }
}
