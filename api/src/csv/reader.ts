/**
 * CSV reader for imports (RFC 4180): comma separated, fields optionally in double quotes ("" is a
 * quote inside), quoted fields may hold commas and line breaks, CRLF / LF / CR line ends, a UTF-8
 * BOM is ignored. Blank lines are skipped but still counted, so row numbers are the ones a
 * spreadsheet shows: the first record is row 1 (a header, when there is one).
 */

export interface CsvRecord {
  /** Spreadsheet row number (1-based; a quoted line break does not start a new row). */
  row: number;
  values: string[];
}

/** A structural problem (an unterminated quote, a quote inside an unquoted field...) at a row. */
export class CsvSyntaxError extends Error {
  constructor(readonly row: number) {
    super(`CSV syntax error at row ${row}`);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let row = 1;
  let values: string[] = [];
  let field = '';
  let inQuotes = false;
  // The current field was quoted and its closing quote has been read.
  let closed = false;
  // The current record has a quoted field (so "" alone is a value, not a blank line).
  let hadQuotes = false;

  const endField = () => {
    values.push(field);
    field = '';
    closed = false;
  };
  const endRecord = () => {
    endField();
    const blank = values.length === 1 && values[0] === '' && !hadQuotes;
    if (!blank) records.push({ row, values });
    values = [];
    hadQuotes = false;
    row += 1;
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuotes) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        inQuotes = false;
        closed = true;
      }
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else if (closed) {
      throw new CsvSyntaxError(row);
    } else if (char === '"') {
      if (field !== '') throw new CsvSyntaxError(row);
      inQuotes = true;
      hadQuotes = true;
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(row);
  // A file ending with a line break leaves an empty last record: skipped as blank.
  endRecord();
  return records;
}
