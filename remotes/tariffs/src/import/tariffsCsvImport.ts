import {
  CSV_IMPORT_MAX_MB,
  EXCHANGE_RATE_CSV_COLUMNS,
  TARIFF_IMPORT_COLUMNS,
  type CsvImportResult,
  type ExchangeRateImportRow,
  type TariffImportResult,
} from '@esim/contracts';
import { csvUploader, type CsvSend } from '@esim/platform';
import type { CsvImportLimits } from '@esim/ui';

/** Both imports send the file's text in a JSON body (contracts csvImportSchema). */
const CSV_TEXT_IMPORT = { extensions: ['.csv'], maxMb: CSV_IMPORT_MAX_MB } as const;

export const TARIFF_IMPORT_LIMITS: CsvImportLimits = {
  ...CSV_TEXT_IMPORT,
  columns: TARIFF_IMPORT_COLUMNS,
};

export const EXCHANGE_RATE_IMPORT_LIMITS: CsvImportLimits = {
  ...CSV_TEXT_IMPORT,
  columns: EXCHANGE_RATE_CSV_COLUMNS,
};

/** POST tariff/import { tariffCode, csv, dryRun }; the applied import's message is toasted. */
export const sendTariffPrices = (tariffCode: string): CsvSend<TariffImportResult> =>
  csvUploader<TariffImportResult>({
    path: 'tariff/import',
    sendAs: 'text',
    fields: { tariffCode },
    notifyApplied: true,
  });

/** POST exchange-rate/import { csv, dryRun }; the applied import's message is toasted. */
export const sendExchangeRates: CsvSend<CsvImportResult<ExchangeRateImportRow>> = csvUploader<
  CsvImportResult<ExchangeRateImportRow>
>({ path: 'exchange-rate/import', sendAs: 'text', notifyApplied: true });
