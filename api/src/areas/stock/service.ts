import type { stockProductListSchema, updateStockStatusSchema } from '@esim/contracts';
import {
  RESOURCES,
  STOCK_AUDIT_ENTITY,
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_IMPORT_BACKGROUND_ROWS,
  STOCK_API_MESSAGES,
  STOCK_MESSAGES,
  STOCK_STATUSES,
  STOCK_TRANSITIONS,
  canDeleteStock,
  canTransition,
  deleteRefused,
  transitionRefused,
  type ApiMessage,
  type ListResult,
  type StockActivationCode,
  type StockDetailFilters,
  type StockDetailResult,
  type StockImportJob,
  type StockImportResult,
  type StockItemDetail,
  type StockItemListItem,
  type StockProductListItem,
  type StockStatus,
  type StockStatusCounts,
} from '@esim/contracts';
import { splitQrString } from '@esim/utils';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import { defineAuditEntity, recordAudit, type AuditActor } from '../../audit';
import { importValidationError, keyedMessage } from '../../csv';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  BusinessRuleError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
} from '../../http/errors';
import { getJob, type JobHandler, type JobQueue } from '../../jobs';
import { createSecretBox } from '../../secrets';
import { endOfRange, iso, rowsOf } from '../list-helpers';
import {
  checkExisting,
  importResult,
  insertStockRows,
  isoDay,
  stockToday,
  maskMatchingId,
  parseStockCsv,
  type ParsedStockImport,
} from './import';

export const stockItemAudit = defineAuditEntity(STOCK_AUDIT_ENTITY, RESOURCES.stock);

export const STOCK_IMPORT_JOB = 'stock.import';

type ProductListQuery = v.InferOutput<typeof stockProductListSchema>;
type StatusUpdate = v.InferOutput<typeof updateStockStatusSchema>;

function emptyCounts(): StockStatusCounts {
  return Object.fromEntries(STOCK_STATUSES.map((status) => [status, 0])) as StockStatusCounts;
}

function dayText(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

// ---------------------------------------------------------------- keyset cursors

export interface Cursor {
  sort: string;
  order: string;
  value: string;
  id: string;
}

/** The opaque keyset cursor of stock/detail (base64url JSON; the bench builds deep ones). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: string, order: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      cursor.sort === sort &&
      cursor.order === order &&
      typeof cursor.value === 'string' &&
      typeof cursor.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(cursor.id)
    ) {
      return cursor;
    }
  } catch {
    // fall through
  }
  throw new ValidationError([
    { field: 'cursor', message: keyedMessage('invalidFormat', { format: 'cursor' }) },
  ]);
}

const ITEM_SORT_SQL: Record<StockDetailFilters['sort'], { column: SQL; text: SQL }> = {
  importedDate: {
    column: sql`s.imported_at`,
    text: sql`to_char(s.imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  },
  iccid: { column: sql`s.iccid`, text: sql`s.iccid` },
  activeExpireDate: {
    column: sql`s.active_expire_date`,
    text: sql`to_char(s.active_expire_date, 'YYYY-MM-DD')`,
  },
};

const CURSOR_CAST: Record<StockDetailFilters['sort'], SQL> = {
  importedDate: sql`::timestamptz`,
  iccid: sql`::text`,
  activeExpireDate: sql`::date`,
};

interface ItemRow {
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

function toListItem(row: ItemRow): StockItemListItem {
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

export interface StockServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir'>;
  log?: FastifyBaseLogger;
  /** Queues the large imports (without it, a large apply is refused). */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * Parses of files this process just queued (job id -> parse), for its own worker to reuse (the job
 * re-checks the database). Process-wide: the routes' service queues, the worker's service runs.
 * An entry another process's worker made useless goes after PARSE_KEPT_MS.
 */
const queuedParses = new Map<string, ParsedStockImport>();
const PARSE_KEPT_MS = 10 * 60_000;

function rememberParse(jobId: string, parsed: ParsedStockImport): void {
  queuedParses.set(jobId, parsed);
  setTimeout(() => queuedParses.delete(jobId), PARSE_KEPT_MS).unref();
}

function takeParse(jobId: string): ParsedStockImport | undefined {
  const parsed = queuedParses.get(jobId);
  queuedParses.delete(jobId);
  return parsed;
}

export function createStockService(deps: StockServiceDeps) {
  const { db } = deps;
  const box = createSecretBox(deps.config, 'stock-activation-code');
  const now = deps.now ?? (() => new Date());

  // ---------------------------------------------------------------- counts

  async function countsOf(productId: string | undefined): Promise<{
    counts: StockStatusCounts;
    expiringSoon: number;
  }> {
    const counts = emptyCounts();
    const rows = rowsOf<{ status: StockStatus; items: string }>(
      await db.execute(sql`
        SELECT status, sum(items)::bigint AS items FROM stock_counts
        ${productId ? sql`WHERE product_id = ${productId}` : sql``}
        GROUP BY status`),
    );
    for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.items);
    const today = stockToday(now());
    const soon = rowsOf<{ n: string }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM stock_items
        WHERE status = 'on_hand' AND active_expire_date BETWEEN ${today}::date
              AND ${addDays(today, STOCK_EXPIRING_SOON_DAYS)}::date
        ${productId ? sql`AND product_id = ${productId}` : sql``}`),
    );
    return { counts, expiringSoon: Number(soon[0]?.n ?? 0) };
  }

  // ---------------------------------------------------------------- stock/list

  const PRODUCT_SORT: Record<string, SQL> = {
    productName: sql`lower(product_name)`,
    productCode: sql`lower(product_code)`,
    supplierName: sql`lower(supplier_name)`,
    total: sql`total`,
    onHand: sql`on_hand`,
    expiringSoon: sql`expiring_soon`,
    lastImportedDate: sql`last_imported`,
  };

  async function listProducts(query: ProductListQuery): Promise<ListResult<StockProductListItem>> {
    const today = stockToday(now());
    const soonTo = addDays(today, STOCK_EXPIRING_SOON_DAYS);
    const where: SQL[] = [sql`su.delivery_type = 'stock'`];
    if (query.supplierId) where.push(sql`p.supplier_id = ${query.supplierId}`);
    if (query.productId) where.push(sql`p.id = ${query.productId}`);
    if (query.search) {
      const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        sql`(p.name ILIKE ${like} OR p.product_code ILIKE ${like} OR su.name ILIKE ${like})`,
      );
    }
    const base = sql`
      SELECT p.id AS product_id, p.product_code, p.name AS product_name, su.id AS supplier_id,
             su.name AS supplier_name,
             COALESCE((SELECT jsonb_object_agg(c.status, c.items) FROM stock_counts c
                       WHERE c.product_id = p.id), '{}'::jsonb) AS counts,
             COALESCE((SELECT sum(c.items) FROM stock_counts c WHERE c.product_id = p.id), 0) AS total,
             COALESCE((SELECT c.items FROM stock_counts c
                       WHERE c.product_id = p.id AND c.status = 'on_hand'), 0) AS on_hand,
             (SELECT count(*) FROM stock_items s WHERE s.product_id = p.id AND s.status = 'on_hand'
                AND s.active_expire_date BETWEEN ${today}::date AND ${soonTo}::date) AS expiring_soon,
             (SELECT max(s.imported_at) FROM stock_items s WHERE s.product_id = p.id) AS last_imported
      FROM products p JOIN suppliers su ON su.id = p.supplier_id
      WHERE ${sql.join(where, sql` AND `)}`;
    const sortSql = PRODUCT_SORT[query.sort ?? 'productName'] ?? PRODUCT_SORT.productName!;
    const direction = query.order === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT * FROM (${base}) x ORDER BY ${sortSql} ${direction}, product_id
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    );
    const totalRows = rowsOf<{ n: string }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM products p JOIN suppliers su ON su.id = p.supplier_id
        WHERE ${sql.join(where, sql` AND `)}`),
    );
    return {
      items: rows.map((row) => {
        const counts = emptyCounts();
        for (const [status, items] of Object.entries(row.counts as Record<string, unknown>)) {
          if (status in counts) counts[status as StockStatus] = Number(items);
        }
        return {
          productId: String(row.product_id),
          productCode: String(row.product_code),
          productName: String(row.product_name),
          supplierId: String(row.supplier_id),
          supplierName: String(row.supplier_name),
          counts,
          total: Number(row.total),
          expiringSoon: Number(row.expiring_soon),
          lastImportedDate: row.last_imported ? iso(row.last_imported as string) : null,
        };
      }),
      total: Number(totalRows[0]?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  // ---------------------------------------------------------------- stock/detail

  function itemWhere(filters: Omit<StockDetailFilters, 'page' | 'pageSize' | 'cursor'>): SQL[] {
    const where: SQL[] = [];
    if (filters.productId) where.push(sql`s.product_id = ${filters.productId}`);
    if (filters.supplierId) {
      where.push(
        sql`s.product_id IN (SELECT id FROM products WHERE supplier_id = ${filters.supplierId})`,
      );
    }
    if (filters.status && filters.status.length > 0) {
      where.push(
        sql`s.status IN (${sql.join(
          filters.status.map((status) => sql`${status}`),
          sql`, `,
        )})`,
      );
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
      const today = stockToday(now());
      where.push(
        sql`s.active_expire_date BETWEEN ${today}::date AND ${addDays(today, filters.expiringWithinDays)}::date`,
      );
    }
    if (filters.from)
      where.push(sql`s.imported_at >= ${new Date(filters.from).toISOString()}::timestamptz`);
    if (filters.to)
      where.push(sql`s.imported_at < ${endOfRange(filters.to).toISOString()}::timestamptz`);
    return where;
  }

  function selectItems(
    filters: StockDetailFilters,
    extraWhere: SQL[],
    limit: number,
    offset: number,
  ): SQL {
    const sort = ITEM_SORT_SQL[filters.sort];
    const direction = filters.order === 'asc' ? sql`ASC` : sql`DESC`;
    const where = [...itemWhere(filters), ...extraWhere];
    return sql`
      SELECT s.id, s.product_id, s.iccid, s.activation_code_masked, s.smdp_address, s.status,
             s.active_expire_date, s.imported_at, s.hold_until, s.version, ${sort.text} AS sort_text
      FROM stock_items s
      ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY ${sort.column} ${direction}, s.id ${direction}
      LIMIT ${limit} OFFSET ${offset}`;
  }

  function keysetCondition(filters: StockDetailFilters, cursor: Cursor): SQL {
    const sort = ITEM_SORT_SQL[filters.sort];
    const cast = CURSOR_CAST[filters.sort];
    const value = sql`${cursor.value}${cast}`;
    return filters.order === 'asc'
      ? sql`(${sort.column}, s.id) > (${value}, ${cursor.id}::uuid)`
      : sql`(${sort.column}, s.id) < (${value}, ${cursor.id}::uuid)`;
  }

  async function countItems(filters: StockDetailFilters): Promise<number> {
    // Only product/status filters: the maintained counts answer without scanning the items.
    if (
      !filters.search &&
      !filters.supplierId &&
      filters.expiringWithinDays === undefined &&
      !filters.from &&
      !filters.to
    ) {
      const where: SQL[] = [];
      if (filters.productId) where.push(sql`product_id = ${filters.productId}`);
      if (filters.status && filters.status.length > 0) {
        where.push(
          sql`status IN (${sql.join(
            filters.status.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        );
      }
      const rows = rowsOf<{ n: string | null }>(
        await db.execute(sql`
          SELECT sum(items) AS n FROM stock_counts
          ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`),
      );
      return Number(rows[0]?.n ?? 0);
    }
    const where = itemWhere(filters);
    const rows = rowsOf<{ n: string }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM stock_items s
        ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`),
    );
    return Number(rows[0]?.n ?? 0);
  }

  async function productHeader(productId: string) {
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        SELECT p.id, p.product_code, p.name, su.id AS supplier_id, su.name AS supplier_name
        FROM products p JOIN suppliers su ON su.id = p.supplier_id WHERE p.id = ${productId}`),
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('Product');
    return {
      id: row.id!,
      productCode: row.product_code!,
      name: row.name!,
      supplierId: row.supplier_id!,
      supplierName: row.supplier_name!,
    };
  }

  /** One page of items: OFFSET for `page`, KEYSET when a cursor is given. */
  async function detailPage(filters: StockDetailFilters): Promise<{
    items: StockItemListItem[];
    nextCursor: string | null;
  }> {
    const extra = filters.cursor
      ? [keysetCondition(filters, decodeCursor(filters.cursor, filters.sort, filters.order))]
      : [];
    const offset = filters.cursor ? 0 : (filters.page - 1) * filters.pageSize;
    const rows = rowsOf<ItemRow>(
      await db.execute(selectItems(filters, extra, filters.pageSize + 1, offset)),
    );
    const page = rows.slice(0, filters.pageSize);
    const last = page.at(-1);
    const nextCursor =
      rows.length > filters.pageSize && last
        ? encodeCursor({
            sort: filters.sort,
            order: filters.order,
            value: last.sort_text,
            id: last.id,
          })
        : null;
    return { items: page.map(toListItem), nextCursor };
  }

  async function detail(filters: StockDetailFilters): Promise<StockDetailResult> {
    const product = filters.productId ? await productHeader(filters.productId) : null;
    const [page, total, counts] = [
      await detailPage(filters),
      await countItems(filters),
      await countsOf(filters.productId),
    ];
    return {
      items: page.items,
      total,
      page: filters.page,
      pageSize: filters.pageSize,
      nextCursor: page.nextCursor,
      counts: counts.counts,
      expiringSoon: counts.expiringSoon,
      product,
    };
  }

  /** Export rows (keyset batches over the same filters); never the activation code. */
  async function* exportRows(
    filters: StockDetailFilters,
  ): AsyncGenerator<(string | number | null)[]> {
    // Exports stream in batches of 2,000 by keyset.
    const base = { ...filters, page: 1 };
    let cursor: string | undefined;
    for (;;) {
      const extra = cursor
        ? [keysetCondition(base, decodeCursor(cursor, base.sort, base.order))]
        : [];
      const rows = rowsOf<ItemRow & { product_code: string; product_name: string }>(
        await db.execute(sql`
          SELECT x.*, p.product_code, p.name AS product_name
          FROM (${selectItems(base, extra, 2_000, 0)}) x JOIN products p ON p.id = x.product_id
          ORDER BY ${filters.sort === 'iccid' ? sql`x.iccid` : filters.sort === 'activeExpireDate' ? sql`x.active_expire_date` : sql`x.imported_at`} ${filters.order === 'asc' ? sql`ASC` : sql`DESC`}, x.id ${filters.order === 'asc' ? sql`ASC` : sql`DESC`}`),
      );
      for (const row of rows) {
        const item = toListItem(row);
        yield [
          item.iccid,
          row.product_code,
          row.product_name,
          item.smdpAddress,
          item.status,
          item.activeExpireDate,
          item.importedDate,
          item.holdUntil,
        ];
      }
      const last = rows.at(-1);
      if (rows.length < 2_000 || !last) return;
      cursor = encodeCursor({
        sort: base.sort,
        order: base.order,
        value: last.sort_text,
        id: last.id,
      });
    }
  }

  // ---------------------------------------------------------------- one item

  interface FullRow extends ItemRow {
    activation_code_sealed: string;
    status_reason: string | null;
    import_file_name: string | null;
    import_id: string | null;
    created_by: string;
    updated_at: unknown;
    updated_by: string;
    product_code: string;
    product_name: string;
    supplier_id: string;
    supplier_name: string;
  }

  async function loadRow(
    q: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
    id: string,
    lock = false,
  ) {
    const rows = rowsOf<FullRow>(
      await q.execute(sql`
        SELECT s.*, ${ITEM_SORT_SQL.importedDate.text} AS sort_text, p.product_code,
               p.name AS product_name, su.id AS supplier_id, su.name AS supplier_name
        FROM stock_items s JOIN products p ON p.id = s.product_id
        JOIN suppliers su ON su.id = p.supplier_id
        WHERE s.id = ${id}
        ${lock ? sql`FOR UPDATE OF s` : sql``}`),
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(STOCK_MESSAGES.notFound);
    return row;
  }

  function toDetail(row: FullRow): StockItemDetail {
    const code = row.activation_code_masked;
    return {
      ...toListItem(row),
      productCode: row.product_code,
      productName: row.product_name,
      supplierId: row.supplier_id,
      supplierName: row.supplier_name,
      matchingIdMasked: splitQrString(code).id,
      statusReason: row.status_reason,
      importFileName: row.import_file_name,
      importId: row.import_id,
      allowedStatuses: [...STOCK_TRANSITIONS[row.status]],
      canDelete: canDeleteStock(row.status),
      createdBy: row.created_by,
      updatedDate: iso(row.updated_at as string),
      updatedBy: row.updated_by,
    };
  }

  function snapshot(row: { status: string; status_reason: string | null; hold_until: unknown }) {
    return {
      status: row.status,
      statusReason: row.status_reason,
      holdUntil: row.hold_until ? iso(row.hold_until as string) : null,
    };
  }

  async function get(id: string): Promise<StockItemDetail> {
    return toDetail(await loadRow(db, id));
  }

  async function changeStatus(input: StatusUpdate, actor: AuditActor): Promise<StockItemDetail> {
    await db.transaction(async (tx) => {
      const before = await loadRow(tx, input.id, true);
      if (before.version !== input.version) throw new StaleVersionError();
      if (!canTransition(before.status, input.status)) {
        throw new BusinessRuleError(transitionRefused(before.status, input.status));
      }
      let holdUntil: string | null = null;
      if (input.status === 'holding') {
        const until = new Date(input.holdUntil!);
        if (until.getTime() <= now().getTime()) {
          throw new ValidationError([{ field: 'holdUntil', message: keyedMessage('dateNotPast') }]);
        }
        holdUntil = until.toISOString();
      }
      const reason = input.reason ? input.reason : null;
      const after = rowsOf<{ status: string; status_reason: string | null; hold_until: unknown }>(
        await tx.execute(sql`
          UPDATE stock_items SET status = ${input.status}, status_reason = ${reason},
                 hold_until = ${holdUntil}::timestamptz, version = version + 1,
                 updated_at = now(), updated_by = ${actor.email}
          WHERE id = ${input.id}
          RETURNING status, status_reason, hold_until`),
      );
      await recordAudit(tx, {
        entityType: stockItemAudit.type,
        entityId: input.id,
        action: 'update',
        actor,
        before: snapshot(before),
        after: snapshot(after[0]!),
      });
    });
    return get(input.id);
  }

  async function remove(id: string, version: number, actor: AuditActor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await loadRow(tx, id, true);
      if (before.version !== version) throw new StaleVersionError();
      if (!canDeleteStock(before.status)) throw new BusinessRuleError(deleteRefused(before.status));
      await tx.execute(sql`DELETE FROM stock_items WHERE id = ${id}`);
      await recordAudit(tx, {
        entityType: stockItemAudit.type,
        entityId: id,
        action: 'delete',
        actor,
        before: {
          productId: before.product_id,
          iccid: before.iccid,
          ...snapshot(before),
          activeExpireDate: dayText(before.active_expire_date),
        },
      });
    });
  }

  /** The full code, audited ('revealed'); never logged. */
  async function reveal(id: string, actor: AuditActor): Promise<StockActivationCode> {
    return db.transaction(async (tx) => {
      const row = await loadRow(tx, id);
      const activationCode = box.open(row.activation_code_sealed);
      await recordAudit(tx, {
        entityType: stockItemAudit.type,
        entityId: id,
        action: 'update',
        actor,
        before: { activationCode: null },
        after: { activationCode: 'revealed' },
      });
      const parts = splitQrString(activationCode);
      return {
        id,
        iccid: row.iccid,
        activationCode,
        smdpAddress: parts.address,
        matchingId: parts.id,
      };
    });
  }

  // ---------------------------------------------------------------- import

  async function stockProduct(productId: string): Promise<void> {
    const rows = rowsOf<{ delivery_type: string }>(
      await db.execute(sql`
        SELECT su.delivery_type FROM products p JOIN suppliers su ON su.id = p.supplier_id
        WHERE p.id = ${productId}`),
    );
    if (!rows[0]) throw new NotFoundError('Product');
    if (rows[0].delivery_type !== 'stock')
      throw new BusinessRuleError(STOCK_API_MESSAGES.notStockProduct);
  }

  async function parseAndCheck(text: string) {
    return checkExisting(db, await parseStockCsv(text, stockToday(now())));
  }

  function refuseUnlessApplicable(
    parsed: Awaited<ReturnType<typeof parseAndCheck>>,
    meta: { productId: string; fileName: string },
  ) {
    const result = importResult(parsed, { dryRun: false, ...meta });
    if (result.errorCount > 0) throw importValidationError(result.errors);
    if (result.validRows === 0) throw new BusinessRuleError(STOCK_API_MESSAGES.allExpired);
    return result;
  }

  async function applyRows(
    parsed: Awaited<ReturnType<typeof parseAndCheck>>,
    meta: { productId: string; fileName: string },
    actor: AuditActor,
    progress?: (done: number) => void,
    completeIn?: (
      tx: Parameters<Parameters<Db['transaction']>[0]>[0],
      result: StockImportResult,
    ) => Promise<void>,
  ): Promise<StockImportResult> {
    return db.transaction(async (tx) => {
      const importId = randomUUID();
      const imported = await insertStockRows(tx, parsed.valid, {
        ...meta,
        importId,
        actor,
        seal: (text) => box.seal(text),
        now: now(),
        ...(progress ? { onProgress: progress } : {}),
      });
      const result = importResult(parsed, { dryRun: false, ...meta, imported, importId });
      if (completeIn) await completeIn(tx, result);
      return result;
    });
  }

  /** POST stock/csv: dry run, or apply (in the background for large files). */
  async function importCsv(
    text: string,
    meta: { productId: string; fileName: string; dryRun: boolean },
    actor: AuditActor,
  ): Promise<{ result: StockImportResult; message?: ApiMessage }> {
    await stockProduct(meta.productId);
    const parsed = await parseAndCheck(text);
    const ids = { productId: meta.productId, fileName: meta.fileName };
    if (meta.dryRun) return { result: importResult(parsed, { dryRun: true, ...ids }) };
    refuseUnlessApplicable(parsed, ids);
    if (parsed.totalRows > STOCK_IMPORT_BACKGROUND_ROWS) {
      if (!deps.jobs) throw new Error('stock service without a job queue');
      const jobId = await deps.jobs.enqueue({
        kind: STOCK_IMPORT_JOB,
        payload: { ...ids, actor },
        // The file holds activation codes: sealed like them while it waits (cleared at the end).
        input: box.seal(text),
        createdBy: actor.email,
        total: parsed.valid.length,
      });
      // This process most likely runs it (the queue wakes its own worker): keep the parse.
      rememberParse(jobId, parsed);
      return {
        result: importResult(parsed, { dryRun: false, ...ids, jobId }),
        message: STOCK_API_MESSAGES.importStarted,
      };
    }
    const result = await applyRows(parsed, ids, actor);
    return { result, message: STOCK_API_MESSAGES.imported };
  }

  /** The background import: re-validates (stock may have changed) and applies in one transaction. */
  const importJobHandler: JobHandler = async (ctx) => {
    const payload = ctx.job.payload as { productId: string; fileName: string; actor: AuditActor };
    await stockProduct(payload.productId);
    const prepared = takeParse(ctx.job.id);
    const parsed = prepared
      ? await checkExisting(db, prepared)
      : await parseAndCheck(ctx.job.input ? box.open(ctx.job.input) : '');
    const ids = { productId: payload.productId, fileName: payload.fileName };
    refuseUnlessApplicable(parsed, ids);
    const total = parsed.valid.length;
    ctx.progress(0, total);
    return applyRows(
      parsed,
      ids,
      payload.actor,
      (done) => ctx.progress(done, total),
      (tx, result) => ctx.completeIn(tx, result),
    );
  };

  async function importJob(id: string): Promise<StockImportJob> {
    const job = await getJob(db, id);
    if (!job || job.kind !== STOCK_IMPORT_JOB) throw new NotFoundError(STOCK_MESSAGES.jobNotFound);
    return {
      id: job.id,
      status: job.status,
      progress: { done: job.progressDone, total: job.progressTotal },
      result: (job.result as StockImportResult | null) ?? null,
      error: job.error,
      createdDate: job.createdAt.toISOString(),
      finishedDate: job.finishedAt ? job.finishedAt.toISOString() : null,
    };
  }

  return {
    listProducts,
    detail,
    exportRows,
    get,
    changeStatus,
    remove,
    reveal,
    importCsv,
    importJob,
    importJobHandler,
    maskMatchingId,
  };
}

export type StockService = ReturnType<typeof createStockService>;
