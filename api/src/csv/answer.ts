import { MAX_RETURNED_PREVIEW_ROWS, type CsvRowError } from '@esim/contracts';
import type { RowErrorList } from './row-errors';

/**
 * The bounded part of an import answer (CsvImportResult): the first rows and row errors, with
 * how many there are in all. A 45,000-row file answers kilobytes, not megabytes.
 */
export function boundedAnswer<Row>(
  rows: readonly Row[],
  errors: RowErrorList,
): { rows: Row[]; rowCount: number; errors: CsvRowError[]; errorCount: number } {
  return {
    rows: rows.slice(0, MAX_RETURNED_PREVIEW_ROWS),
    rowCount: rows.length,
    errors: errors.errors,
    errorCount: errors.count,
  };
}
