/**
 * Stock CSV import (docs/stock.md "Import"): parse, validate every row, check ICCIDs against the
 * existing stock, and insert all valid rows in ONE transaction (with one audit entry per item).
 * Pure parsing/validation is separate from the database so the benchmark can time each part.
 */
import {
  STOCK_IMPORT_COLUMNS,
  STOCK_ROW_CHECKS,
  iccidProblem,
  type CsvRowError,
  type StockImportResult,
} from '@esim/contracts';
import { splitQrString } from '@esim/utils';
import { sql } from 'drizzle-orm';
import { RESOURCES, STOCK_IMPORT_AUDIT_ENTITY, businessToday } from '@esim/contracts';
import { defineAuditEntity, recordAudit, type AuditActor, type Tx } from '../../audit';
import {
  CsvSyntaxError,
  Pacer,
  RowErrorList,
  keyedMessage,
  readCsv,
  rowError,
  type CsvRecord,
} from '../../csv';
import type { Db } from '../../db/client';
import { ConflictError, ValidationError, isUniqueViolation } from '../../http/errors';

/** The audit entity of imports (one entry per applied import; GET audit/history?entityType=stockImport). */
export const stockImportAudit = defineAuditEntity(STOCK_IMPORT_AUDIT_ENTITY, RESOURCES.stock);

export interface StockImportRow {
  row: number;
  iccid: string;
  activationCode: string;
  activeExpireDate: string;
}

export interface ParsedStockImport {
  totalRows: number;
  valid: StockImportRow[];
  expiredRows: number;
  /** Row errors: all counted, the first ones kept (by row). */
  errors: RowErrorList;
}

/**
 * "Today" for stock (expired = activeExpireDate before it): the business day in Asia/Tokyo
 * (BUSINESS_TIME_ZONE), like exchange rates.
 */
export function stockToday(now: Date): string {
  return businessToday(now);
}

/** 'yyyy-MM-dd' of a UTC date (date arithmetic on calendar dates). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** '••••••' + the last 4 characters (the whole hint for very short ids). */
export function maskMatchingId(id: string): string {
  return `••••••${id.slice(-4)}`;
}

/** The LPA string with its matching id masked: 'LPA:1$smdp.example.com$••••••AB12'. */
export function maskActivationCode(code: string): { masked: string; smdpAddress: string } {
  const { address, id } = splitQrString(code);
  return { masked: `LPA:1$${address}$${maskMatchingId(id)}`, smdpAddress: address };
}

function fileError(
  key: Parameters<typeof keyedMessage>[0],
  params?: Record<string, string | number>,
): never {
  throw new ValidationError([{ field: 'file', message: keyedMessage(key, params) }]);
}

/** The error of a value that failed its column's check; a wrong ICCID check digit says so. */
function columnError(
  row: number,
  column: (typeof STOCK_IMPORT_COLUMNS)[number],
  value: string,
): CsvRowError {
  if (column === 'iccid' && iccidProblem(value) === 'checkDigit') {
    return rowError(row, 'iccidCheckDigit', { rowCount: row }, column);
  }
  return rowError(row, 'invalidRowFormat', { name: column, rowCount: row }, column);
}

/** Checks data rows one by one: formats, expiry, duplicates within the file. */
function createRowChecker(today: string) {
  const columnCount = STOCK_IMPORT_COLUMNS.length;
  const errors = new RowErrorList();
  const valid: StockImportRow[] = [];
  const seenIccid = new Set<string>();
  const seenCode = new Set<string>();
  let expiredRows = 0;
  let totalRows = 0;

  function check(record: CsvRecord): void {
    const row = record.row;
    totalRows += 1;
    if (record.values.length !== columnCount) {
      errors.add(rowError(row, 'csvColumnCount', { columnCount }));
      return;
    }
    const [iccid, activationCode, activeExpireDate] = record.values.map((value) =>
      value.trim(),
    ) as [string, string, string];
    let ok = true;
    const values = { iccid, activationCode, activeExpireDate };
    for (const column of STOCK_IMPORT_COLUMNS) {
      if (!STOCK_ROW_CHECKS[column](values[column])) {
        errors.add(columnError(row, column, values[column]));
        ok = false;
      }
    }
    if (!ok) return;
    if (activeExpireDate < today) {
      expiredRows += 1;
      return;
    }
    if (seenIccid.has(iccid)) {
      errors.add(rowError(row, 'duplicate', { name: 'iccid' }, 'iccid'));
      ok = false;
    } else seenIccid.add(iccid);
    if (seenCode.has(activationCode)) {
      errors.add(rowError(row, 'duplicate', { name: 'activationCode' }, 'activationCode'));
      ok = false;
    } else seenCode.add(activationCode);
    if (ok) valid.push({ row, iccid, activationCode, activeExpireDate });
  }

  return {
    check,
    result: (): ParsedStockImport => ({ totalRows, valid, expiredRows, errors }),
  };
}

/**
 * Parses and validates the file's text (streamed: other requests keep being answered during a
 * 100,000-row file). File-level problems (empty, no data rows, header with the wrong column
 * count, broken quoting) throw a 400; row problems come back in `errors`.
 * `today` (yyyy-MM-dd): rows expiring before it are skipped and counted.
 */
export async function parseStockCsv(text: string, today: string): Promise<ParsedStockImport> {
  if (text.trim() === '') fileError('fileEmpty');
  const columnCount = STOCK_IMPORT_COLUMNS.length;
  const checker = createRowChecker(today);
  let header: CsvRecord | undefined;
  try {
    for await (const record of readCsv(text)) {
      if (header) {
        checker.check(record);
      } else {
        header = record;
        if (header.values.length !== columnCount) fileError('csvColumnCount', { columnCount });
      }
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      fileError('invalidRowFormat', { name: 'file', rowCount: error.row });
    }
    throw error;
  }
  const parsed = checker.result();
  if (parsed.totalRows === 0) fileError('fileEmpty');
  return parsed;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const LOOKUP_CHUNK = 10_000;

/** Moves valid rows whose ICCID is already in stock to the errors (duplicate against existing). */
export async function checkExisting(
  db: Db | Tx,
  parsed: ParsedStockImport,
): Promise<ParsedStockImport> {
  const existing = new Set<string>();
  for (let start = 0; start < parsed.valid.length; start += LOOKUP_CHUNK) {
    const iccids = parsed.valid.slice(start, start + LOOKUP_CHUNK).map((row) => row.iccid);
    const rows = rowsOf<{ iccid: string }>(
      await db.execute(
        sql`SELECT iccid FROM stock_items
            WHERE iccid IN (SELECT jsonb_array_elements_text(${JSON.stringify(iccids)}::jsonb))`,
      ),
    );
    for (const row of rows) existing.add(row.iccid);
  }
  if (existing.size === 0) return parsed;
  const errors = parsed.errors.copy();
  const valid: StockImportRow[] = [];
  const pacer = new Pacer();
  for (const row of parsed.valid) {
    if (existing.has(row.iccid)) {
      errors.add(rowError(row.row, 'duplicate', { name: 'iccid' }, 'iccid'));
    } else valid.push(row);
    if (pacer.due()) await pacer.pause();
  }
  return { ...parsed, valid, errors };
}

/** The answer shape of a parsed file (the first MAX_RETURNED_ROW_ERRORS errors, and the count). */
export function importResult(
  parsed: ParsedStockImport,
  meta: {
    dryRun: boolean;
    productId: string;
    fileName: string;
    imported?: number;
    jobId?: string | null;
    importId?: string | null;
  },
): StockImportResult {
  return {
    dryRun: meta.dryRun,
    productId: meta.productId,
    fileName: meta.fileName,
    totalRows: parsed.totalRows,
    validRows: parsed.valid.length,
    expiredRows: parsed.expiredRows,
    errorRows: parsed.errors.rowCount,
    errors: parsed.errors.errors,
    errorCount: parsed.errors.count,
    allExpired: parsed.valid.length === 0 && parsed.errors.count === 0 && parsed.expiredRows > 0,
    imported: meta.imported ?? 0,
    jobId: meta.jobId ?? null,
    importId: meta.importId ?? null,
  };
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

const duplicateIccid = () =>
  new ConflictError(keyedMessage('duplicate', { name: 'iccid' }), 'iccid');

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
  // One audit entry for the whole import (who, when, product, file, how many); each item carries
  // importId, importFileName, createdBy and importedDate. Per-item entries would double the
  // import's cost (docs/stock.md "Import").
  await recordAudit(tx, {
    entityType: stockImportAudit.type,
    entityId: options.importId,
    action: 'create',
    actor: options.actor,
    after: { productId: options.productId, fileName: options.fileName, items: done },
  });
  return done;
}
