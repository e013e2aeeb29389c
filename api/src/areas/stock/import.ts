/**
 * Stock CSV import (docs/stock.md "Import"). The file check (parse, rows, seal) is in
 * import-check.ts and runs in a worker thread (import-pool.ts); staging and the apply are in
 * staging.ts. This module keeps the import's audit entity and insertStockRows, the direct insert
 * of rows already in memory (sample data, tests).
 */
import { RESOURCES, STOCK_IMPORT_AUDIT_ENTITY } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { defineAuditEntity, recordAudit, type AuditActor, type Tx } from '../../audit';
import { keyedMessage } from '../../csv';
import { ConflictError, isUniqueViolation } from '../../http/errors';
import { maskActivationCode, type StockImportRow } from './import-check';

export {
  isoDay,
  maskActivationCode,
  maskMatchingId,
  parseStockCsv,
  stockToday,
  type ParsedStockImport,
  type StockImportRow,
} from './import-check';

/** The audit entity of imports (one entry per applied import; GET audit/history?entityType=stockImport). */
export const stockImportAudit = defineAuditEntity(STOCK_IMPORT_AUDIT_ENTITY, RESOURCES.stock);

/** 409 'Duplicate ICCID detected; must be unique.' (an ICCID imported meanwhile). */
export const duplicateIccid = () =>
  new ConflictError(keyedMessage('duplicate', { name: 'iccid' }), 'iccid');

/** The import's one audit entry (who, when, product, file, how many items). */
export async function recordImportAudit(
  tx: Tx,
  entry: {
    importId: string;
    productId: string;
    fileName: string;
    actor: AuditActor;
    items: number;
  },
): Promise<void> {
  // One entry for the whole import; each item carries importId, importFileName, createdBy and
  // importedDate. Per-item entries would double the import's cost (docs/stock.md "Import").
  await recordAudit(tx, {
    entityType: stockImportAudit.type,
    entityId: entry.importId,
    action: 'create',
    actor: entry.actor,
    after: { productId: entry.productId, fileName: entry.fileName, items: entry.items },
  });
}

export const INSERT_CHUNK = 5_000;

export interface InsertOptions {
  /** The import's id: on every item (import_id) and the entity id of its one audit entry. */
  importId: string;
  productId: string;
  fileName: string;
  actor: AuditActor;
  seal: (plaintext: string) => string;
  now: Date;
  /** Called after each chunk (rows inserted so far). */
  onProgress?: (done: number) => void;
}

/**
 * Inserts the rows (status on_hand) and the import's audit entry, in `tx`, chunk by chunk.
 * A concurrent import of the same ICCID makes this fail with the duplicate message (409).
 */
export async function insertStockRows(
  tx: Tx,
  rows: readonly StockImportRow[],
  options: InsertOptions,
): Promise<number> {
  // One JSON parameter per chunk (the same on node-postgres and PGlite; no array serialisation).
  const prepare = (start: number) =>
    JSON.stringify(
      rows.slice(start, start + INSERT_CHUNK).map((row) => {
        const mask = maskActivationCode(row.activationCode);
        return {
          iccid: row.iccid,
          sealed: options.seal(row.activationCode),
          masked: mask.masked,
          smdp: mask.smdpAddress,
          expires: row.activeExpireDate,
        };
      }),
    );
  const statement = (records: string) => sql`
    WITH ins AS (
      INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
                               smdp_address, active_expire_date, import_id, import_file_name,
                               imported_at, updated_at, created_by, updated_by)
      SELECT ${options.productId}::uuid, t.iccid, t.sealed, t.masked, t.smdp, t.expires::date,
             ${options.importId}::uuid, ${options.fileName}, ${options.now.toISOString()}::timestamptz,
             ${options.now.toISOString()}::timestamptz, ${options.actor.email}, ${options.actor.email}
      FROM jsonb_to_recordset(${records}::jsonb)
           AS t(iccid text, sealed text, masked text, smdp text, expires text)
      RETURNING id
    )
    SELECT count(*) AS n FROM ins`;
  let done = 0;
  try {
    // Pipelined: while PostgreSQL inserts one chunk, this process seals the next one.
    let next: string | null = rows.length > 0 ? prepare(0) : null;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const pending = Promise.resolve(tx.execute(statement(next!)));
      pending.catch(() => undefined); // handled by the await below
      await new Promise((resolve) => setImmediate(resolve)); // let the query go out
      next = start + INSERT_CHUNK < rows.length ? prepare(start + INSERT_CHUNK) : null;
      await pending;
      done = Math.min(rows.length, start + INSERT_CHUNK);
      options.onProgress?.(done);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIccid();
    throw error;
  }
  await recordImportAudit(tx, { ...options, items: done });
  return done;
}
