import {
  STOCK_API_MESSAGES,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_EXTENSIONS,
  STOCK_IMPORT_MAX_MB,
  type StockImportResult,
} from '@esim/contracts';
import {
  backgroundJobSource,
  csvUploader,
  isApiError,
  request,
  type CsvSend,
} from '@esim/platform';
import type { CsvImportLimits } from '@esim/ui';
import type { TFunction } from 'i18next';

export const STOCK_IMPORT_LIMITS: CsvImportLimits = {
  extensions: STOCK_IMPORT_EXTENSIONS,
  maxMb: STOCK_IMPORT_MAX_MB,
  columns: STOCK_IMPORT_COLUMNS,
};

/** POST stock/csv?productId=&fileName=&dryRun= with the file itself as the body (text/csv). */
export const sendStockCsv = (productId: string): CsvSend<StockImportResult> =>
  csvUploader<StockImportResult>({
    path: 'stock/csv',
    sendAs: 'file',
    fields: { productId },
    timeout: 120_000,
  });

/**
 * POST stock/csv/apply {importId}: imports the rows the dry run checked and staged on the server
 * (the file is not sent again).
 */
export async function applyCheckedStockImport(
  preview: StockImportResult,
): Promise<StockImportResult> {
  const { data } = await request<StockImportResult>('POST', 'stock/csv/apply', {
    json: { importId: preview.importId },
    timeout: 120_000,
    notifyError: false,
    notifySuccess: false,
  });
  return data;
}

/** GET stock/csv/job?id=: a large apply runs in the background. */
export const stockImportJobs = {
  source: backgroundJobSource<StockImportResult>('stock/csv/job'),
  idOf: (applied: StockImportResult) => applied.jobId,
};

/**
 * Nothing is imported while a row has an error, and only rows that have not expired; the dry run
 * staged the file (importId) when it can be applied.
 */
export const canApplyStockImport = (preview: StockImportResult) =>
  preview.errorCount === 0 &&
  !preview.allExpired &&
  preview.validRows > 0 &&
  preview.importId !== null;

/** The stock area's words for an apply the API refused (else the API's translated message). */
export function stockApplyErrorText(t: TFunction<'stock'>, error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.key === STOCK_API_MESSAGES.allExpired.key) return t('import.allExpired');
  if (error.key === STOCK_API_MESSAGES.notStockProduct.key) return t('import.productHelp');
  return undefined;
}
