/**
 * The CSV reader of every import (csv-parse, RFC 4180): comma separated, fields optionally in
 * double quotes ("" is a quote inside), quoted fields may hold commas and line breaks, CRLF / LF /
 * CR line ends (mixed too), a UTF-8 BOM is ignored. Blank lines are skipped but still counted, so
 * row numbers are the ones a spreadsheet shows: the first record is row 1 (a header, when there
 * is one) and a quoted line break does not start a new row. Column counts are not enforced: each
 * import reports them with 'Imported CSV must have exactly {columnCount} columns.'
 */
import { CsvError, parse, type Options } from 'csv-parse';
import { Readable, pipeline } from 'node:stream';
import { Pacer } from './pacer';

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

/*
 * Empty lines come through as [''] (skip_empty_lines off) and are dropped here: every line break
 * outside quotes is then one record, so the row number is a plain count. (csv-parse's `info`
 * snapshot would give the same number at twice the parse time on 100,000 rows.) A line holding
 * only "" reads as a blank line too.
 */
const OPTIONS: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
  skip_empty_lines: false,
};

/** Text handed to the parser this many characters at a time (a few milliseconds of parsing). */
const CHUNK_CHARS = 16 * 1024;

function isBlank(values: string[]): boolean {
  return values.length === 1 && values[0] === '';
}

function syntaxError(error: CsvError): CsvSyntaxError {
  // `records` counts the records read before the broken one, blank lines included.
  return new CsvSyntaxError(Number(error.records ?? 0) + 1);
}

/** The text in slices that never split a surrogate pair (the parser encodes each slice). */
function* slices(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * The records of a CSV text, streamed: parsed a slice at a time, handing the event loop over
 * regularly (Pacer), so a 100,000-row file does not stall other requests. Throws CsvSyntaxError.
 */
export async function* readCsv(text: string): AsyncGenerator<CsvRecord> {
  const parser = parse(OPTIONS);
  // Errors reach the loop below through the parser (pipeline destroys it with them).
  pipeline(Readable.from(slices(text)), parser, () => undefined);
  const pacer = new Pacer();
  let row = 0;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      row += 1;
      if (isBlank(values)) continue;
      yield { row, values };
      if (pacer.due()) await pacer.pause();
    }
  } catch (error) {
    if (error instanceof CsvError) throw syntaxError(error);
    throw error;
  }
}

/** Every record of a text (readCsv), for imports that look at the whole file before the rows. */
export async function readAllCsv(text: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of readCsv(text)) records.push(record);
  return records;
}
