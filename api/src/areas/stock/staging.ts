/**
 * Staged stock imports (docs/stock.md "Import", docs/decisions/0014-stock-import-staging.md).
 *
 * The dry run checks the file once (in a worker thread) and, when it has no row error, stages its
 * valid rows, activation codes sealed, in stock_import_staged_rows under an import id owned by the
 * user who checked it. The apply moves the staged rows into stock_items with set-based
 * INSERT ... SELECT statements in one transaction: nothing is parsed, checked or sealed again.
 * The unique ICCID index is the re-check against the stock inside that transaction: a concurrent
 * import of the same ICCID makes the insert wait for it and fail, and the whole apply rolls back.
 */
import {
  MAX_RETURNED_ROW_ERRORS,
  STOCK_IMPORT_STAGED_MINUTES,
  type CsvRowError,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { AuditActor, Tx } from '../../audit';
import { rowError } from '../../csv/render';
import type { Db } from '../../db/client';
import { rowsOf } from '../list-helpers';
import type { StagedChunk } from './import-check';

/**
 * Spreadsheet rows per apply statement: a 100,000-row file is four INSERT ... SELECT statements,
 * so the job can report progress between them. Measured: one statement or five take the same
 * time within noise (the cost is the index insertions, not the statements). On the embedded
 * PGlite, which runs on the server's thread, 5,000 (as many as the old inserts), so that other
 * requests get in between.
 */
export const APPLY_CHUNK_ROWS = 25_000;
export const APPLY_CHUNK_ROWS_EMBEDDED = 5_000;

type Query = Db | Tx;

export interface StagedImport {
  id: string;
  productId: string;
  fileName: string;
  createdBy: string;
  totalRows: number;
  validRows: number;
  expiredRows: number;
  firstRow: number;
  lastRow: number;
}

/** Rows a statement wrote (node-postgres: rowCount; PGlite: affectedRows). */
function affectedRows(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counted.rowCount ?? counted.affectedRows ?? 0);
}

/**
 * How chunk columns (array literals as UTF-8 bytes) go to the database. `bytes`: as bytea
 * parameters read back as text by PostgreSQL: node-postgres sends the bytes as they are, so the
 * server thread never turns a chunk's megabytes into JavaScript strings. `text`: decoded first;
 * for PGlite, whose bytea serializer writes hex in JavaScript byte by byte (far slower than the
 * decode).
 */
export type StagedParams = 'bytes' | 'text';

function literalOf(bytes: Uint8Array, params: StagedParams) {
  if (params === 'bytes') return sql`convert_from(${bytes}::bytea, 'UTF8')`;
  return sql`${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')}`;
}

/** Writes the staged rows of one import (chunks from the worker, every column set). */
export async function insertStagedRows(
  tx: Tx,
  importId: string,
  chunks: readonly StagedChunk[],
  params: StagedParams,
): Promise<void> {
  const literal = (bytes: Uint8Array) => literalOf(bytes, params);
  for (const chunk of chunks) {
    await tx.execute(sql`
      INSERT INTO stock_import_staged_rows (import_id, file_row, iccid, activation_code_sealed,
                                            activation_code_masked, smdp_address, active_expire_date)
      SELECT ${importId}::uuid, t.*
      FROM unnest(${literal(chunk.rows)}::int[], ${literal(chunk.iccids)}::text[],
                  ${literal(chunk.sealed)}::text[], ${literal(chunk.masked)}::text[],
                  ${literal(chunk.smdp)}::text[], ${literal(chunk.expires)}::date[]) AS t`);
  }
}

export async function insertStagedImport(tx: Tx, staged: StagedImport, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + STOCK_IMPORT_STAGED_MINUTES * 60_000);
  await tx.execute(sql`
    INSERT INTO stock_import_staging (id, product_id, file_name, created_by, total_rows, valid_rows,
                                      expired_rows, first_row, last_row, created_at, expires_at)
    VALUES (${staged.id}::uuid, ${staged.productId}::uuid, ${staged.fileName}, ${staged.createdBy},
            ${staged.totalRows}, ${staged.validRows}, ${staged.expiredRows}, ${staged.firstRow},
            ${staged.lastRow}, ${now.toISOString()}::timestamptz,
            ${expiresAt.toISOString()}::timestamptz)`);
}

/** Rows whose ICCID is already in stock: the first ones by row (as row errors) and how many. */
export interface ExistingIccids {
  errors: CsvRowError[];
  count: number;
}

const duplicateRow = (row: number) => rowError(row, 'duplicate', { name: 'iccid' }, 'iccid');

function existingOf(rows: { file_row: number; n: string | number }[]): ExistingIccids {
  return {
    errors: rows.map((row) => duplicateRow(Number(row.file_row))),
    count: Number(rows[0]?.n ?? 0),
  };
}

/** Staged rows of an import whose ICCID is in stock (one join on the unique index). */
export async function existingStagedIccids(q: Query, importId: string): Promise<ExistingIccids> {
  return existingOf(
    rowsOf<{ file_row: number; n: string }>(
      await q.execute(sql`
        SELECT r.file_row, count(*) OVER () AS n
        FROM stock_import_staged_rows r JOIN stock_items s ON s.iccid = r.iccid
        WHERE r.import_id = ${importId}::uuid
        ORDER BY r.file_row
        LIMIT ${MAX_RETURNED_ROW_ERRORS}`),
    ),
  );
}

/** The same for rows that are not staged (a file with row errors): their ICCIDs as arrays. */
export async function existingListedIccids(
  q: Query,
  chunks: readonly StagedChunk[],
  params: StagedParams,
): Promise<ExistingIccids> {
  const literal = (bytes: Uint8Array) => literalOf(bytes, params);
  const found: ExistingIccids = { errors: [], count: 0 };
  for (const chunk of chunks) {
    const part = existingOf(
      rowsOf<{ file_row: number; n: string }>(
        await q.execute(sql`
          SELECT t.file_row, count(*) OVER () AS n
          FROM unnest(${literal(chunk.rows)}::int[], ${literal(chunk.iccids)}::text[])
               AS t(file_row, iccid)
          JOIN stock_items s ON s.iccid = t.iccid
          ORDER BY t.file_row
          LIMIT ${MAX_RETURNED_ROW_ERRORS}`),
      ),
    );
    // Chunks come in row order: the first errors of all chunks are the first ones overall.
    found.errors.push(...part.errors.slice(0, MAX_RETURNED_ROW_ERRORS - found.errors.length));
    found.count += part.count;
  }
  return found;
}

/** A staged import the actor may apply (theirs, not expired, not applied); undefined otherwise. */
export async function findStagedImport(
  q: Query,
  importId: string,
  actor: AuditActor,
  now: Date,
): Promise<StagedImport | undefined> {
  const rows = rowsOf<Record<string, unknown>>(
    await q.execute(sql`
      SELECT id, product_id, file_name, created_by, total_rows, valid_rows, expired_rows,
             first_row, last_row
      FROM stock_import_staging
      WHERE id = ${importId}::uuid AND created_by = ${actor.email} AND applied_at IS NULL
        AND expires_at > ${now.toISOString()}::timestamptz`),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: String(row.id),
    productId: String(row.product_id),
    fileName: String(row.file_name),
    createdBy: String(row.created_by),
    totalRows: Number(row.total_rows),
    validRows: Number(row.valid_rows),
    expiredRows: Number(row.expired_rows),
    firstRow: Number(row.first_row),
    lastRow: Number(row.last_row),
  };
}

/**
 * Takes the staged import for this transaction (applied_at set; a concurrent apply of the same
 * import waits on the row and then finds it taken). False when it is gone, expired or taken.
 */
export async function claimStagedImport(tx: Tx, importId: string, now: Date): Promise<boolean> {
  const claimed = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE stock_import_staging SET applied_at = ${now.toISOString()}::timestamptz
      WHERE id = ${importId}::uuid AND applied_at IS NULL
        AND expires_at > ${now.toISOString()}::timestamptz
      RETURNING id`),
  );
  return claimed.length > 0;
}

export interface MoveOptions {
  actor: AuditActor;
  now: Date;
  /** yyyy-MM-dd: rows that expired since the check are left out. */
  today: string;
  /** Spreadsheet rows per statement (default APPLY_CHUNK_ROWS). */
  chunkRows?: number;
  onProgress?: (done: number) => void;
}

/**
 * Moves the staged rows into stock_items (status on_hand), `chunkRows` spreadsheet rows per
 * INSERT ... SELECT. Returns the number of items written. A unique violation (an ICCID imported
 * meanwhile) propagates: the caller's transaction rolls back as a whole.
 */
export async function moveStagedRows(
  tx: Tx,
  staged: StagedImport,
  options: MoveOptions,
): Promise<number> {
  const at = options.now.toISOString();
  const chunkRows = options.chunkRows ?? APPLY_CHUNK_ROWS;
  let done = 0;
  for (let from = staged.firstRow; from <= staged.lastRow; from += chunkRows) {
    const result = await tx.execute(sql`
      INSERT INTO stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
                               smdp_address, active_expire_date, import_id, import_file_name,
                               imported_at, updated_at, created_by, updated_by)
      SELECT ${staged.productId}::uuid, r.iccid, r.activation_code_sealed, r.activation_code_masked,
             r.smdp_address, r.active_expire_date, ${staged.id}::uuid, ${staged.fileName},
             ${at}::timestamptz, ${at}::timestamptz, ${options.actor.email}, ${options.actor.email}
      FROM stock_import_staged_rows r
      WHERE r.import_id = ${staged.id}::uuid
        AND r.file_row >= ${from} AND r.file_row < ${from + chunkRows}
        AND r.active_expire_date >= ${options.today}::date`);
    done += affectedRows(result);
    options.onProgress?.(done);
  }
  return done;
}

/** Removes a staged import and its rows (after the apply committed, or when pruning). */
export async function deleteStagedImport(q: Query, importId: string): Promise<void> {
  await q.execute(sql`DELETE FROM stock_import_staged_rows WHERE import_id = ${importId}::uuid`);
  await q.execute(sql`DELETE FROM stock_import_staging WHERE id = ${importId}::uuid`);
}

/**
 * The scheduled clean-up: staged imports past expires_at or applied (their rows are normally
 * deleted right after the apply), and rows whose import is gone. Returns the rows removed.
 */
export async function pruneStagedImports(db: Db, now: Date): Promise<number> {
  await db.execute(sql`
    DELETE FROM stock_import_staging
    WHERE expires_at <= ${now.toISOString()}::timestamptz OR applied_at IS NOT NULL`);
  const removed = await db.execute(sql`
    DELETE FROM stock_import_staged_rows r
    WHERE NOT EXISTS (SELECT 1 FROM stock_import_staging s WHERE s.id = r.import_id)`);
  return affectedRows(removed);
}
