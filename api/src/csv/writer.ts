/**
 * CSV writer for exports: RFC 4180 quoting, CRLF line ends, UTF-8 BOM (Excel opens Japanese
 * correctly), and formula neutralisation: a text cell starting with = + - @ tab, CR or NUL gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it (CSV injection).
 * Numbers, booleans and dates are written as values (a negative number stays a number); instants
 * (Date, or ISO text) as the exporting user's local time with its offset (timestamps.ts).
 */
import { formatInstant, isIsoInstant } from './timestamps';

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

/** Characters that make a spreadsheet treat a cell as a formula (or strip into one). */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

/** A text cell made safe for spreadsheets: a leading ' before = + - @ tab CR NUL. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes a field when it holds a comma, quote, CR or LF (or starts/ends with a space). */
export function quoteField(text: string): string {
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One cell as CSV text; instants in `timeZone` (default UTC). */
export function csvCell(value: CsvValue, timeZone = 'UTC'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : formatInstant(value, timeZone);
  if (isIsoInstant(value)) return formatInstant(new Date(value), timeZone);
  return quoteField(neutraliseFormula(value));
}

/** One record with its CRLF. */
export function csvLine(values: readonly CsvValue[], timeZone = 'UTC'): string {
  return values.map((value) => csvCell(value, timeZone)).join(',') + CSV_EOL;
}

/** Instants remembered per export: rows of one import or one day share a few values. */
const MAX_REMEMBERED_INSTANTS = 4_096;

/**
 * csvLine for one export: each distinct instant is formatted once (Intl's formatToParts costs
 * more than the rest of a row), the same text as csvCell gives.
 */
function lineWriter(timeZone: string): (values: readonly CsvValue[]) => string {
  const instants = new Map<string | number, string>();
  const remember = (key: string | number, date: Date): string => {
    let text = instants.get(key);
    if (text === undefined) {
      if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
      text = formatInstant(date, timeZone);
      instants.set(key, text);
    }
    return text;
  };
  const cell = (value: CsvValue): string => {
    if (typeof value === 'string') {
      const known = instants.get(value);
      if (known !== undefined) return known;
      if (isIsoInstant(value)) return remember(value, new Date(value));
      return quoteField(neutraliseFormula(value));
    }
    if (value instanceof Date && !Number.isNaN(value.getTime())) {
      return remember(value.getTime(), value);
    }
    return csvCell(value, timeZone);
  };
  return (values) => {
    let line = '';
    for (let i = 0; i < values.length; i += 1) line += (i === 0 ? '' : ',') + cell(values[i]);
    return line + CSV_EOL;
  };
}

/** A whole document: BOM, header, rows. */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
  options: { bom?: boolean; timeZone?: string } = {},
): string {
  const line = lineWriter(options.timeZone ?? 'UTC');
  let out = (options.bom ?? true) ? CSV_BOM : '';
  out += csvLine(header);
  for (const row of rows) out += line(row);
  return out;
}

/** The same as a stream of chunks (BOM + header first), for large exports. */
export async function* csvChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
  options: { bom?: boolean; rowsPerChunk?: number; timeZone?: string } = {},
): AsyncGenerator<string> {
  const perChunk = options.rowsPerChunk ?? 500;
  const line = lineWriter(options.timeZone ?? 'UTC');
  let chunk = ((options.bom ?? true) ? CSV_BOM : '') + csvLine(header);
  let count = 0;
  for await (const row of rows) {
    chunk += line(row);
    count += 1;
    if (count >= perChunk) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}
