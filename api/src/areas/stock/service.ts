import type { stockProductListSchema, updateStockStatusSchema } from '@esim/contracts';
import {
  MAX_RETURNED_ROW_ERRORS,
  RESOURCES,
  STOCK_AUDIT_ENTITY,
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_IMPORT_BACKGROUND_ROWS,
  STOCK_API_MESSAGES,
  STOCK_MESSAGES,
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
  type StockProductListItem,
} from '@esim/contracts';
import { splitQrString } from '@esim/utils';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import { defineAuditEntity, recordAudit, type AuditActor, type Tx } from '../../audit';
import { importValidationError, keyedMessage } from '../../csv';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  BusinessRuleError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
} from '../../http/errors';
import { getJob, type JobHandler, type JobQueue } from '../../jobs';
import { createSecretBox, secretKeyFor } from '../../secrets';
import { addDays, iso, rowsOf } from '../list-helpers';
import { duplicateIccid, maskMatchingId, recordImportAudit, stockToday } from './import';
import { checkStockFileInWorker } from './import-pool';
import {
  dayText,
  exportStockItems,
  listStockItems,
  toListItem,
  type ExpiryWindow,
  type ItemRow,
} from './item-list';
import { listStockProducts } from './product-list';
import {
  APPLY_CHUNK_ROWS,
  APPLY_CHUNK_ROWS_EMBEDDED,
  claimStagedImport,
  deleteStagedImport,
  existingListedIccids,
  existingStagedIccids,
  findStagedImport,
  insertStagedImport,
  insertStagedRows,
  moveStagedRows,
  type ExistingIccids,
  type StagedImport,
  type StagedParams,
} from './staging';

export const stockItemAudit = defineAuditEntity(STOCK_AUDIT_ENTITY, RESOURCES.stock);

export const STOCK_IMPORT_JOB = 'stock.import';

type ProductListQuery = v.InferOutput<typeof stockProductListSchema>;
type StatusUpdate = v.InferOutput<typeof updateStockStatusSchema>;

export interface StockServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir'>;
  log?: FastifyBaseLogger;
  /** Queues the large imports (without it, a large apply is refused). */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The secrets purpose of activation codes (api/src/secrets). */
const STOCK_SECRET_PURPOSE = 'stock-activation-code';

/** Thrown inside the staging transaction to roll it back (the file has rows already in stock). */
const notStaged = new Error('not staged');

export function createStockService(deps: StockServiceDeps) {
  const { db } = deps;
  const box = createSecretBox(deps.config, STOCK_SECRET_PURPOSE);
  const now = deps.now ?? (() => new Date());

  // ---------------------------------------------------------------- lists

  function expiryWindow(): ExpiryWindow {
    const today = stockToday(now());
    return {
      today,
      soonTo: addDays(today, STOCK_EXPIRING_SOON_DAYS),
      plusDays: (days) => addDays(today, days),
    };
  }

  const listProducts = (query: ProductListQuery): Promise<ListResult<StockProductListItem>> => {
    const window = expiryWindow();
    return listStockProducts(db, query, { soonFrom: window.today, soonTo: window.soonTo });
  };

  const detail = (filters: StockDetailFilters): Promise<StockDetailResult> =>
    listStockItems(db, filters, expiryWindow());

  const exportRows = (filters: StockDetailFilters) => exportStockItems(db, filters, expiryWindow());

  // ---------------------------------------------------------------- one item

  interface FullRow extends Omit<ItemRow, 'sort_text'> {
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
        SELECT s.*, p.product_code,
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

  /**
   * PostgreSQL: staged rows sent as bytea, 25,000 rows per apply statement. The embedded PGlite
   * (on this thread): as text, 5,000 rows per statement (staging.ts).
   */
  const stagedParams: StagedParams = deps.config.databaseUrl ? 'bytes' : 'text';
  const applyChunkRows = deps.config.databaseUrl ? APPLY_CHUNK_ROWS : APPLY_CHUNK_ROWS_EMBEDDED;

  /**
   * The activation codes' sealing key for the check thread (resolved on first use), in an
   * ArrayBuffer of its own: a pooled Buffer would send its whole 8 KB slab along.
   */
  let importKey: Uint8Array | undefined;
  function stockImportKey(): Uint8Array {
    return (importKey ??= new Uint8Array(secretKeyFor(deps.config, STOCK_SECRET_PURPOSE)));
  }

  /**
   * Checks a file in a worker thread and, when it has no row error, stages its rows (sealed) in
   * one transaction together with the duplicate check against the stock; a file with duplicates
   * is not staged. Answers the dry run's result (importId set when staged).
   */
  async function checkFile(
    bytes: Uint8Array,
    meta: { productId: string; fileName: string },
    actor: AuditActor,
  ): Promise<StockImportResult> {
    await stockProduct(meta.productId);
    const checked = await checkStockFileInWorker({
      bytes,
      today: stockToday(now()),
      sealKey: stockImportKey(),
    });
    if (checked.fileErrors) throw new ValidationError(checked.fileErrors);
    let existing: ExistingIccids = { errors: [], count: 0 };
    let importId: string | null = null;
    if (checked.validRows > 0 && checked.errorCount === 0) {
      const id = randomUUID();
      const staged: StagedImport = {
        id,
        ...meta,
        createdBy: actor.email,
        totalRows: checked.totalRows,
        validRows: checked.validRows,
        expiredRows: checked.expiredRows,
        firstRow: checked.firstRow,
        lastRow: checked.lastRow,
      };
      try {
        await db.transaction(async (tx) => {
          await insertStagedRows(tx, id, checked.chunks, stagedParams);
          existing = await existingStagedIccids(tx, id);
          // ICCIDs already in stock: nothing to apply, the staged rows roll back.
          if (existing.count > 0) throw notStaged;
          await insertStagedImport(tx, staged, now());
        });
        importId = id;
      } catch (error) {
        if (error !== notStaged) throw error;
      }
    } else if (checked.validRows > 0) {
      existing = await existingListedIccids(db, checked.chunks, stagedParams);
    }
    const errors = [...checked.errors, ...existing.errors]
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_RETURNED_ROW_ERRORS);
    const validRows = checked.validRows - existing.count;
    const errorCount = checked.errorCount + existing.count;
    return {
      dryRun: true,
      ...meta,
      totalRows: checked.totalRows,
      validRows,
      expiredRows: checked.expiredRows,
      // A row already in stock had no other error (only valid rows are looked up).
      errorRows: checked.errorRows + existing.count,
      errors,
      errorCount,
      allExpired: validRows === 0 && errorCount === 0 && checked.expiredRows > 0,
      imported: 0,
      jobId: null,
      importId,
    };
  }

  /** Refuses to apply a checked file with row errors (400) or with nothing to import (422). */
  function refuseUnlessApplicable(result: StockImportResult): string {
    if (result.errorCount > 0) throw importValidationError(result.errors);
    if (result.validRows === 0 || !result.importId) {
      throw new BusinessRuleError(STOCK_API_MESSAGES.allExpired);
    }
    return result.importId;
  }

  async function stagedImport(importId: string, actor: AuditActor): Promise<StagedImport> {
    const staged = await findStagedImport(db, importId, actor, now());
    if (!staged) throw new BusinessRuleError(STOCK_API_MESSAGES.importExpired);
    return staged;
  }

  function appliedResult(
    staged: StagedImport,
    meta: { imported: number; jobId: string | null; importId: string | null },
  ): StockImportResult {
    // Rows that expired between the check and the apply are counted as expired.
    const expiredSince = meta.importId ? staged.validRows - meta.imported : 0;
    return {
      dryRun: false,
      productId: staged.productId,
      fileName: staged.fileName,
      totalRows: staged.totalRows,
      validRows: meta.importId ? meta.imported : staged.validRows,
      expiredRows: staged.expiredRows + expiredSince,
      errorRows: 0,
      errors: [],
      errorCount: 0,
      allExpired: false,
      imported: meta.imported,
      jobId: meta.jobId,
      importId: meta.importId,
    };
  }

  /**
   * Moves a staged import into the stock in one transaction (the job's, when `completeIn` is
   * given): claim it, INSERT ... SELECT its rows, audit, done. An ICCID imported meanwhile (by a
   * concurrent import) fails the insert on the unique index: the transaction rolls back and the
   * answer lists the staged rows now in stock (400), or is a 409 when it cannot tell which.
   */
  async function applyStaged(
    staged: StagedImport,
    actor: AuditActor,
    progress?: (done: number) => void,
    completeIn?: (tx: Tx, result: StockImportResult) => Promise<void>,
  ): Promise<StockImportResult> {
    let result: StockImportResult;
    try {
      result = await db.transaction(async (tx) => {
        const at = now();
        if (!(await claimStagedImport(tx, staged.id, at))) {
          throw new BusinessRuleError(STOCK_API_MESSAGES.importExpired);
        }
        const imported = await moveStagedRows(tx, staged, {
          actor,
          now: at,
          today: stockToday(at),
          chunkRows: applyChunkRows,
          ...(progress ? { onProgress: progress } : {}),
        });
        if (imported === 0) throw new BusinessRuleError(STOCK_API_MESSAGES.allExpired);
        await recordImportAudit(tx, {
          importId: staged.id,
          productId: staged.productId,
          fileName: staged.fileName,
          actor,
          items: imported,
        });
        const applied = appliedResult(staged, { imported, jobId: null, importId: staged.id });
        if (completeIn) await completeIn(tx, applied);
        return applied;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await existingStagedIccids(db, staged.id);
      if (existing.count > 0) throw importValidationError(existing.errors);
      throw duplicateIccid();
    }
    // Committed: the staged rows are not needed any more (the prune task catches a crash here).
    await deleteStagedImport(db, staged.id).catch((error: unknown) =>
      deps.log?.warn({ err: error, importId: staged.id }, 'staged import not removed'),
    );
    return result;
  }

  /** Applies a staged import now (small) or as a background job (large). */
  async function applyImport(
    importId: string,
    actor: AuditActor,
  ): Promise<{ result: StockImportResult; message: ApiMessage }> {
    const staged = await stagedImport(importId, actor);
    await stockProduct(staged.productId);
    if (staged.totalRows > STOCK_IMPORT_BACKGROUND_ROWS) {
      if (!deps.jobs) throw new Error('stock service without a job queue');
      const jobId = await deps.jobs.enqueue({
        kind: STOCK_IMPORT_JOB,
        // The staged rows are the job's input: nothing of the file is copied into the job row.
        payload: {
          importId: staged.id,
          productId: staged.productId,
          fileName: staged.fileName,
          actor,
        },
        createdBy: actor.email,
        total: staged.validRows,
      });
      return {
        result: appliedResult(staged, { imported: 0, jobId, importId: null }),
        message: STOCK_API_MESSAGES.importStarted,
      };
    }
    return { result: await applyStaged(staged, actor), message: STOCK_API_MESSAGES.imported };
  }

  /**
   * POST stock/csv: the dry run (check + stage), or, with dryRun=false, the same followed by the
   * apply (in the background for large files): one call for clients that do not keep the
   * importId between the two steps.
   */
  async function importCsv(
    bytes: Uint8Array,
    meta: { productId: string; fileName: string; dryRun: boolean },
    actor: AuditActor,
  ): Promise<{ result: StockImportResult; message?: ApiMessage }> {
    const ids = { productId: meta.productId, fileName: meta.fileName };
    const checked = await checkFile(bytes, ids, actor);
    if (meta.dryRun) return { result: checked };
    return applyImport(refuseUnlessApplicable(checked), actor);
  }

  /** The background import: moves the staged rows in the job's one transaction. */
  const importJobHandler: JobHandler = async (ctx) => {
    const payload = ctx.job.payload as {
      importId?: string;
      productId: string;
      fileName: string;
      actor: AuditActor;
    };
    let importId = payload.importId;
    if (!importId) {
      // A job queued before imports were staged carries its file (sealed): check and stage it.
      const text = ctx.job.input ? box.open(ctx.job.input) : '';
      const ids = { productId: payload.productId, fileName: payload.fileName };
      importId = refuseUnlessApplicable(await checkFile(Buffer.from(text), ids, payload.actor));
    }
    const staged = await stagedImport(importId, payload.actor);
    await stockProduct(staged.productId);
    ctx.progress(0, staged.validRows);
    return applyStaged(
      staged,
      payload.actor,
      (done) => ctx.progress(done, staged.validRows),
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
    applyImport,
    importJob,
    importJobHandler,
    maskMatchingId,
  };
}

export type StockService = ReturnType<typeof createStockService>;
