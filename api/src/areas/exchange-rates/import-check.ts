/**
 * Row checks of an exchange-rate import (columns currency,rate,effectiveDate; header optional).
 * No database access but the active currency set, asked once for the whole file.
 */
import {
  BASE_CURRENCY,
  CURRENCY_CODE_PATTERN,
  EXCHANGE_RATE_CSV_COLUMNS,
  EXCHANGE_RATE_MAX_DECIMALS,
  isCalendarDate,
  isRateAllowed,
  normaliseRate,
  type CsvRowError,
  type ExchangeRateImportRow,
} from '@esim/contracts';
import {
  CsvSyntaxError,
  Pacer,
  RowErrorList,
  readAllCsv,
  rowError,
  type CsvRecord,
} from '../../csv';

export type CheckedRate = ExchangeRateImportRow & { row: number };

export interface RateImportCheck {
  rows: CheckedRate[];
  errors: RowErrorList;
}

const COLUMN_COUNT = EXCHANGE_RATE_CSV_COLUMNS.length;

/** A list holding one file-level error. */
function only(error: CsvRowError): RowErrorList {
  const errors = new RowErrorList();
  errors.add(error);
  return errors;
}

/** The header row's problem, if the file starts with one ('currency' first). */
function headerProblem(first: CsvRecord, errors: RowErrorList): void {
  const names = first.values.map((value) => value.trim().toLowerCase());
  const expected = EXCHANGE_RATE_CSV_COLUMNS.map((name) => name.toLowerCase());
  if (names.length !== COLUMN_COUNT) {
    errors.add(rowError(first.row, 'csvColumnCount', { columnCount: COLUMN_COUNT }));
  } else if (names.some((name, index) => name !== expected[index])) {
    errors.add(rowError(first.row, 'invalidRowFormat', { name: 'csv', rowCount: first.row }));
  }
}

/** One data row's checks; errors go to `errors`, the row (normalised when it can be) is returned. */
function checkRow(record: CsvRecord, activeCodes: Set<string>, errors: RowErrorList) {
  const rowCount = record.row;
  const [rawCurrency = '', rawRate = '', rawDate = ''] = record.values.map((v) => v.trim());
  const currency = rawCurrency.toUpperCase();
  if (record.values.length !== COLUMN_COUNT) {
    errors.add(rowError(rowCount, 'csvColumnCount', { columnCount: COLUMN_COUNT }));
    return { row: { row: rowCount, currency, rate: rawRate, effectiveDate: rawDate }, ok: false };
  }
  let ok = true;
  if (
    !CURRENCY_CODE_PATTERN.test(currency) ||
    currency === BASE_CURRENCY ||
    !activeCodes.has(currency)
  ) {
    errors.add(rowError(rowCount, 'invalidRowFormat', { name: 'currency', rowCount }, 'currency'));
    ok = false;
  }
  const normalised = normaliseRate(rawRate);
  let rate = rawRate;
  if ('problem' in normalised) {
    errors.add(
      normalised.problem === 'tooManyDecimals'
        ? rowError(
            rowCount,
            'maxDecimals',
            { name: 'exchangeRate', limit: EXCHANGE_RATE_MAX_DECIMALS },
            'rate',
          )
        : rowError(rowCount, 'invalidRowFormat', { name: 'exchangeRate', rowCount }, 'rate'),
    );
    ok = false;
  } else {
    rate = normalised.rate;
    if (!isRateAllowed(currency, rate)) {
      errors.add(rowError(rowCount, 'exchangeRateNotOne', undefined, 'rate'));
      ok = false;
    }
  }
  if (!isCalendarDate(rawDate)) {
    errors.add(
      rowError(rowCount, 'invalidRowFormat', { name: 'effectiveDate', rowCount }, 'effectiveDate'),
    );
    ok = false;
  }
  return { row: { row: rowCount, currency, rate, effectiveDate: rawDate }, ok };
}

/** Parses and checks the file; file-level problems come back as row-0 (or header) errors. */
export async function checkRateImport(
  csv: string,
  active: (codes: string[]) => Promise<Set<string>>,
): Promise<RateImportCheck> {
  const rows: CheckedRate[] = [];
  if (csv.replace(/^\uFEFF/, '').trim() === '')
    return { rows, errors: only(rowError(0, 'fileEmpty')) };
  let records: CsvRecord[];
  try {
    records = await readAllCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    const rowCount = error.row;
    return {
      rows,
      errors: only(rowError(rowCount, 'invalidRowFormat', { name: 'csv', rowCount })),
    };
  }
  const errors = new RowErrorList();
  const first = records[0];
  const hasHeader =
    first !== undefined && (first.values[0] ?? '').trim().toLowerCase() === 'currency';
  if (hasHeader) headerProblem(first, errors);
  const data = hasHeader ? records.slice(1) : records;
  if (data.length === 0) {
    errors.add(rowError(0, 'fileEmpty'));
    return { rows, errors };
  }

  const codes = new Set<string>();
  for (const record of data) {
    const code = (record.values[0] ?? '').trim().toUpperCase();
    if (CURRENCY_CODE_PATTERN.test(code)) codes.add(code);
  }
  const activeCodes = await active([...codes]);
  const seen = new Set<string>();
  const pacer = new Pacer();
  for (const record of data) {
    const { row, ok } = checkRow(record, activeCodes, errors);
    rows.push(row);
    if (ok) {
      const key = `${row.currency}|${row.effectiveDate}`;
      if (seen.has(key)) errors.add(rowError(row.row, 'duplicate', { name: 'currencyAndDate' }));
      else seen.add(key);
    }
    if (pacer.due()) await pacer.pause();
  }
  return { rows, errors };
}
