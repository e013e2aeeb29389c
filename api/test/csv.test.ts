import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  CsvSyntaxError,
  csvCell,
  csvChunks,
  csvFileName,
  neutraliseFormula,
  parseCsv,
  resolveTimeZone,
  toCsv,
} from '../src/csv';

describe('CSV writer', () => {
  it('neutralises every formula prefix with a leading apostrophe', () => {
    for (const text of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\0x']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
    expect(neutraliseFormula('plain')).toBe('plain');
    expect(neutraliseFormula("'already")).toBe("'already");
    expect(neutraliseFormula('a=b')).toBe('a=b');
  });

  it('writes the classic injection payloads as inert text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`'=cmd|' /C calc'!A0`);
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    // A line break at the start: neutralised, then quoted.
    expect(csvCell('\r\n=1')).toBe(`"'\r\n=1"`);
  });

  it('keeps numbers, booleans and dates as values (a negative number stays a number)', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(10n)).toBe('10');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-21T01:02:03Z'))).toBe('2026-11-21 01:02:03 +00:00');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes instants as the exporting user sees them: local time with the offset', () => {
    const instant = '2026-11-21T23:02:03.000Z';
    expect(csvCell(instant, 'Asia/Tokyo')).toBe('2026-11-22 08:02:03 +09:00');
    expect(csvCell(new Date(instant), 'Europe/Berlin')).toBe('2026-11-22 00:02:03 +01:00');
    expect(csvCell(instant, 'Asia/Kolkata')).toBe('2026-11-22 04:32:03 +05:30');
    expect(csvCell(instant)).toBe('2026-11-21 23:02:03 +00:00');
    // Business days stay days; a header naming no real zone means UTC.
    expect(csvCell('2026-11-21', 'Asia/Tokyo')).toBe('2026-11-21');
    expect(resolveTimeZone('Asia/Bangkok')).toBe('Asia/Bangkok');
    expect(resolveTimeZone('Not/AZone')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
  });

  it('quotes commas, quotes, line breaks and edge spaces (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('東京都港区')).toBe('東京都港区');
  });

  it('starts with the UTF-8 BOM and ends every record with CRLF', () => {
    const csv = toCsv(
      ['name', 'city'],
      [
        ['Nippon', '東京'],
        ['=x', 'a,b'],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}name,city\r\nNippon,東京\r\n'=x,"a,b"\r\n`);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('streams the same document in chunks', async () => {
    const rows = Array.from({ length: 1203 }, (_, i) => [`row ${i}`, i]);
    let streamed = '';
    for await (const chunk of csvChunks(['name', 'n'], rows, { rowsPerChunk: 500 })) {
      streamed += chunk;
    }
    expect(streamed).toBe(toCsv(['name', 'n'], rows));
  });

  it('names files with the date and only safe characters', () => {
    expect(csvFileName('suppliers', new Date('2026-11-21T23:00:00Z'))).toBe(
      'suppliers-2026-11-21.csv',
    );
    expect(csvFileName('a/../b "c"', new Date('2026-01-02T00:00:00Z'))).toBe(
      'a-b-c--2026-01-02.csv',
    );
  });
});

describe('CSV reader', () => {
  it('reads plain records with spreadsheet row numbers', () => {
    expect(parseCsv('currency,rate\r\nUSD,150\r\nEUR,160\r\n')).toEqual([
      { row: 1, values: ['currency', 'rate'] },
      { row: 2, values: ['USD', '150'] },
      { row: 3, values: ['EUR', '160'] },
    ]);
  });

  it('ignores a BOM, accepts LF and CR line ends and a missing last line break', () => {
    expect(parseCsv(`${CSV_BOM}a,b\nc,d\re,f`)).toEqual([
      { row: 1, values: ['a', 'b'] },
      { row: 2, values: ['c', 'd'] },
      { row: 3, values: ['e', 'f'] },
    ]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks as one row', () => {
    const records = parseCsv('name,remark\r\n"Tokyo, JP","He said ""hi""\r\nnext line"\r\nx,y\r\n');
    expect(records).toEqual([
      { row: 1, values: ['name', 'remark'] },
      { row: 2, values: ['Tokyo, JP', 'He said "hi"\r\nnext line'] },
      { row: 3, values: ['x', 'y'] },
    ]);
  });

  it('skips blank lines but counts them, keeps empty fields and a quoted empty value', () => {
    expect(parseCsv('a,b\r\n\r\n,\r\n""\r\n')).toEqual([
      { row: 1, values: ['a', 'b'] },
      { row: 3, values: ['', ''] },
      { row: 4, values: [''] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv(CSV_BOM)).toEqual([]);
  });

  it('reports structural errors with their row', () => {
    const cases: [string, number][] = [
      ['a,b\r\n"unterminated,x\r\n', 2],
      ['a,b\r\nx,"quoted"trailing\r\n', 2],
      ['a,b\r\nc,d\r\nx,ab"c\r\n', 3],
    ];
    for (const [text, row] of cases) {
      let caught: unknown;
      try {
        parseCsv(text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(CsvSyntaxError);
      expect((caught as CsvSyntaxError).row, text).toBe(row);
    }
  });

  it('reads back what the writer wrote (apart from neutralised formulas)', () => {
    const rows = [
      ['東京', 'a,b', 'say "x"', 'line\nbreak', ''],
      ['plain', ' edge ', '1.5', 'x', 'y'],
    ];
    const parsed = parseCsv(toCsv(['a', 'b', 'c', 'd', 'e'], rows));
    expect(parsed.map((record) => record.values)).toEqual([['a', 'b', 'c', 'd', 'e'], ...rows]);
  });
});
