/**
 * The stock CSV check without a database (docs/stock.md "Import"): parse, validate every row,
 * find duplicates within the file, and turn the valid rows into what the staging table takes.
 * It runs in a worker thread (import-worker.ts) so that its allocations (about 150 MB for
 * 100,000 rows) live on another heap; nothing here touches the database or the event loop of
 * the server. Benchmarks and tests may call it directly.
 */
import {
  MAX_RETURNED_ROW_ERRORS,
  STOCK_IMPORT_COLUMNS,
  STOCK_ROW_CHECKS,
  businessToday,
  iccidProblem,
  type CsvRowError,
} from '@esim/contracts';
import { splitQrString } from '@esim/utils';
import { CsvSyntaxError, readCsv, type CsvRecord } from '../../csv/reader';
import { keyedMessage, rowError } from '../../csv/render';
import { RowErrorList } from '../../csv/row-errors';
import { ValidationError, type FieldError } from '../../http/errors';

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

/** A problem with the file as a whole (empty, header, broken quoting): a 400 on `file`. */
export class StockFileError extends ValidationError {
  constructor(readonly fieldErrors: FieldError[]) {
    super(fieldErrors);
  }
}

function fileError(
  key: Parameters<typeof keyedMessage>[0],
  params?: Record<string, string | number>,
): never {
  throw new StockFileError([{ field: 'file', message: keyedMessage(key, params) }]);
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
 * Parses and validates the file's text. File-level problems (empty, no data rows, header with the
 * wrong column count, broken quoting) throw a StockFileError (a 400); row problems come back in
 * `errors`. `today` (yyyy-MM-dd): rows expiring before it are skipped and counted.
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

// ---------------------------------------------------------------- staging form

/**
 * Rows per staging statement (one set of array parameters, about 1 MB). 5,000 keeps each
 * statement short on the embedded PGlite, which runs on the server's thread.
 */
export const STAGE_CHUNK = 5_000;

/**
 * Valid rows as the staging INSERT takes them: one PostgreSQL array literal per column
 * (`unnest($1::int[], $2::text[], ...)`), measured the cheapest way to send 100,000 rows through
 * node-postgres and PGlite alike (cheaper to parse than json_to_recordset, no COPY protocol).
 * Each literal is UTF-8 bytes in its own ArrayBuffer: the worker hands them over without a copy
 * (as strings, the server thread spent 20-50 ms in one go deserialising 25 MB of them), and the
 * server sends them on as bytea parameters (staging.ts) without decoding them.
 */
export interface StagedChunk {
  count: number;
  rows: Uint8Array;
  iccids: Uint8Array;
  /** Sealed activation codes (api/src/secrets); '{}' when the file is not to be staged. */
  sealed: Uint8Array;
  masked: Uint8Array;
  smdp: Uint8Array;
  expires: Uint8Array;
}

/** The ArrayBuffers of chunks (the worker's transfer list). */
export function stagedBuffers(chunks: readonly StagedChunk[]): ArrayBuffer[] {
  return chunks.flatMap((chunk) =>
    [chunk.rows, chunk.iccids, chunk.sealed, chunk.masked, chunk.smdp, chunk.expires].map(
      (bytes) => bytes.buffer as ArrayBuffer,
    ),
  );
}

/** An array literal element, always quoted ('"' and '\' escaped). */
function element(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

const encoder = new TextEncoder();
/** An array literal's UTF-8 bytes, in an ArrayBuffer of their own (TextEncoder, never pooled). */
const literal = (values: readonly string[]) => encoder.encode(`{${values.join(',')}}`);

/**
 * The valid rows in chunks of STAGE_CHUNK. With `seal` every column (to stage); without it only
 * row numbers and ICCIDs (a file with row errors is not staged, its ICCIDs are still looked up).
 */
export function stagedChunks(
  valid: readonly StockImportRow[],
  seal?: (plaintext: string) => string,
): StagedChunk[] {
  const chunks: StagedChunk[] = [];
  for (let start = 0; start < valid.length; start += STAGE_CHUNK) {
    const rows = valid.slice(start, start + STAGE_CHUNK);
    const chunk: StagedChunk = {
      count: rows.length,
      rows: literal(rows.map((row) => String(row.row))),
      iccids: literal(rows.map((row) => row.iccid)),
      sealed: literal([]),
      masked: literal([]),
      smdp: literal([]),
      expires: literal([]),
    };
    if (seal) {
      const masks = rows.map((row) => maskActivationCode(row.activationCode));
      chunk.sealed = literal(rows.map((row) => element(seal(row.activationCode))));
      chunk.masked = literal(masks.map((mask) => element(mask.masked)));
      chunk.smdp = literal(masks.map((mask) => element(mask.smdpAddress)));
      chunk.expires = literal(rows.map((row) => row.activeExpireDate));
    }
    chunks.push(chunk);
  }
  return chunks;
}

// ---------------------------------------------------------------- the worker's answer

/** What checking a file answers (structured-clone friendly: it crosses a thread boundary). */
export interface StockFileCheck {
  /** The file as a whole is refused (a 400 on `file`); nothing else is set. */
  fileErrors?: FieldError[];
  totalRows: number;
  validRows: number;
  expiredRows: number;
  /** The first MAX_RETURNED_ROW_ERRORS row errors by row. */
  errors: CsvRowError[];
  errorCount: number;
  errorRows: number;
  /** The valid rows (sealed and masked when the file has no row error). */
  chunks: StagedChunk[];
  /** Row numbers of the first and the last valid row (0 when none). */
  firstRow: number;
  lastRow: number;
  /** Milliseconds the check took in its thread (parse, check, seal). */
  tookMs: number;
}

/**
 * Checks a file's text: parse, row checks, and (no row error) seal + mask the valid rows.
 * `seal` undefined: never seal (the caller only wants the check).
 */
export async function checkStockText(
  text: string,
  today: string,
  seal?: (plaintext: string) => string,
): Promise<StockFileCheck> {
  const start = performance.now();
  let parsed: ParsedStockImport;
  try {
    parsed = await parseStockCsv(text, today);
  } catch (error) {
    if (!(error instanceof StockFileError)) throw error;
    return {
      fileErrors: error.fieldErrors,
      totalRows: 0,
      validRows: 0,
      expiredRows: 0,
      errors: [],
      errorCount: 0,
      errorRows: 0,
      chunks: [],
      firstRow: 0,
      lastRow: 0,
      tookMs: performance.now() - start,
    };
  }
  const clean = parsed.errors.count === 0;
  return {
    totalRows: parsed.totalRows,
    validRows: parsed.valid.length,
    expiredRows: parsed.expiredRows,
    errors: parsed.errors.errors.slice(0, MAX_RETURNED_ROW_ERRORS),
    errorCount: parsed.errors.count,
    errorRows: parsed.errors.rowCount,
    chunks: stagedChunks(parsed.valid, clean ? seal : undefined),
    firstRow: parsed.valid[0]?.row ?? 0,
    lastRow: parsed.valid.at(-1)?.row ?? 0,
    tookMs: performance.now() - start,
  };
}
