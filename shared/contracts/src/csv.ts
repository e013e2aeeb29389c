import * as v from 'valibot';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * CSV imports and exports shared by every area.
 *
 * Exports (GET <area>/export?<the list's filters>) answer text/csv; charset=utf-8 with a UTF-8 BOM
 * (Excel opens Japanese correctly), CRLF line ends, RFC 4180 quoting, and formula neutralisation:
 * a text cell starting with = + - @ tab, CR or NUL gets a leading apostrophe. The file name
 * comes in Content-Disposition.
 *
 * Imports are JSON bodies { csv: <the file's text>, dryRun } under the API's body limit (413 above
 * it): the dry run answers the parsed rows and every row-level error without changing anything;
 * dryRun: false applies all rows in one transaction, or none when any row has an error (400 with
 * the row errors). Row numbers are the spreadsheet's: the header is row 1, the first data row 2.
 */

/** Row errors an import answer lists at most; `errorCount` has them all. */
export const MAX_RETURNED_ROW_ERRORS = 200;
/** Parsed rows a dry run answers at most; `rowCount` has them all. */
export const MAX_RETURNED_PREVIEW_ROWS = 500;

/** Largest CSV text an import accepts (characters); the body limit (1 MiB default) also applies. */
export const CSV_IMPORT_MAX_CHARS = 1_000_000;
/** Same limit in MB, for 'Files cannot be larger than {limit}MB.' */
export const CSV_IMPORT_MAX_MB = 1;

/** Body of every CSV import call. dryRun defaults to true: applying has to be asked for. */
export const csvImportSchema = v.object({
  csv: v.pipe(
    safeString(encodeMessage('fileEmpty')),
    v.maxLength(CSV_IMPORT_MAX_CHARS, encodeMessage('fileTooLarge', { limit: CSV_IMPORT_MAX_MB })),
  ),
  dryRun: v.optional(
    v.boolean(encodeMessage('validType', { name: 'dryRun', type: 'boolean' })),
    true,
  ),
});
export type CsvImportInput = v.InferInput<typeof csvImportSchema>;

/** One problem of an import, on a row (spreadsheet numbering) and, when known, a column. */
export interface CsvRowError {
  /** 0 = the file as a whole (empty, no data rows). */
  row: number;
  /** Column (field key) when the error is about one value. */
  field?: string;
  /** English text; the validation key is in `key` (+ `params`) for the console to translate. */
  message: string;
  key: string;
  params?: Record<string, string | number>;
}

/** What an import answers, dry run or applied. */
export interface CsvImportResult<Row> {
  dryRun: boolean;
  /** The rows as parsed and normalised, each with its row number (the first MAX_RETURNED_PREVIEW_ROWS). */
  rows: (Row & { row: number })[];
  /** Every data row of the file (rows may list only the first ones). */
  rowCount: number;
  /** The first MAX_RETURNED_ROW_ERRORS row errors, by row. */
  errors: CsvRowError[];
  /** Every row error (errors may list only the first ones). */
  errorCount: number;
  /** Rows written (0 on a dry run or when there are errors). */
  imported: number;
}
