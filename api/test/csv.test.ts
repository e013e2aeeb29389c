import { describe, expect, it } from 'vitest';
import { MAX_RETURNED_ROW_ERRORS } from '@esim/contracts';
import {
  CSV_BOM,
  CsvEncodingError,
  CsvSyntaxError,
  RowErrorList,
  csvCell,
  csvChunks,
  csvFileName,
  decodeUtf8,
  neutraliseFormula,
  readAllCsv,
  readCsv,
  rowError,
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
    // Text only shaped like an instant (a product named so) is text, never a crashed export.
    expect(csvCell('2024-01-01T99:99:99Z', 'Asia/Tokyo')).toBe('2024-01-01T99:99:99Z');
    expect(csvCell('2025-02-30T10:00:00Z', 'Asia/Tokyo')).toBe('2025-02-30T10:00:00Z');
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

  it('writes every instant of a long export as csvCell would, repeated or not', async () => {
    // More distinct instants than an export remembers, each repeated, in Date and ISO form,
    // beside text only shaped like one, days, formulas and nulls.
    const rows = Array.from({ length: 9_000 }, (_, i) => {
      const instant = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 3_600_000);
      return [instant.toISOString(), instant, '2025-02-30T10:00:00Z', '2026-11-21', '=x', null, i];
    });
    const expected = rows
      .map((row) => row.map((value) => csvCell(value, 'Asia/Tokyo')).join(',') + '\r\n')
      .join('');
    let streamed = '';
    for await (const chunk of csvChunks(['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows, {
      bom: false,
      timeZone: 'Asia/Tokyo',
    })) {
      streamed += chunk;
    }
    expect(streamed).toBe(`a,b,c,d,e,f,g\r\n${expected}`);
    expect(streamed).toContain(
      '2026-01-01 09:00:00 +09:00,2026-01-01 09:00:00 +09:00,2025-02-30T10',
    );
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
  it('reads plain records with spreadsheet row numbers', async () => {
    expect(await readAllCsv('currency,rate\r\nUSD,150\r\nEUR,160\r\n')).toEqual([
      { row: 1, values: ['currency', 'rate'] },
      { row: 2, values: ['USD', '150'] },
      { row: 3, values: ['EUR', '160'] },
    ]);
  });

  it('ignores a BOM, accepts LF and CR line ends and a missing last line break', async () => {
    expect(await readAllCsv(`${CSV_BOM}a,b\nc,d\re,f`)).toEqual([
      { row: 1, values: ['a', 'b'] },
      { row: 2, values: ['c', 'd'] },
      { row: 3, values: ['e', 'f'] },
    ]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks as one row', async () => {
    const records = await readAllCsv(
      'name,remark\r\n"Tokyo, JP","He said ""hi""\r\nnext line"\r\nx,y\r\n',
    );
    expect(records).toEqual([
      { row: 1, values: ['name', 'remark'] },
      { row: 2, values: ['Tokyo, JP', 'He said "hi"\r\nnext line'] },
      { row: 3, values: ['x', 'y'] },
    ]);
  });

  it('skips blank lines (and a line of just "") but counts them, keeps empty fields', async () => {
    expect(await readAllCsv('a,b\r\n\r\n,\r\n""\r\n"",\r\nc,d\r\n')).toEqual([
      { row: 1, values: ['a', 'b'] },
      { row: 3, values: ['', ''] },
      { row: 5, values: ['', ''] },
      { row: 6, values: ['c', 'd'] },
    ]);
    expect(await readAllCsv('')).toEqual([]);
    expect(await readAllCsv(CSV_BOM)).toEqual([]);
  });

  it('reports structural errors with their row', async () => {
    const cases: [string, number][] = [
      ['a,b\r\n"unterminated,x\r\n', 2],
      ['a,b\r\nx,"quoted"trailing\r\n', 2],
      ['a,b\r\nc,d\r\nx,ab"c\r\n', 3],
    ];
    for (const [text, row] of cases) {
      let caught: unknown;
      try {
        await readAllCsv(text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(CsvSyntaxError);
      expect((caught as CsvSyntaxError).row, text).toBe(row);
    }
  });

  it('reads back what the writer wrote (apart from neutralised formulas)', async () => {
    const rows = [
      ['東京', 'a,b', 'say "x"', 'line\nbreak', ''],
      ['plain', ' edge ', '1.5', 'x', 'y'],
    ];
    const parsed = await readAllCsv(toCsv(['a', 'b', 'c', 'd', 'e'], rows));
    expect(parsed.map((record) => record.values)).toEqual([['a', 'b', 'c', 'd', 'e'], ...rows]);
  });
});

describe('CSV streaming reader (every import)', () => {
  it('reads a file of many chunks like a small one: quoted line breaks keep spreadsheet rows', async () => {
    // Quoted line breaks, blank lines and 4-byte characters, far past the 16 K characters a
    // chunk holds, so some land across a chunk boundary.
    const lines = ['name,remark'];
    const expected = [{ row: 1, values: ['name', 'remark'] }];
    for (let i = 0; i < 3_000; i += 1) {
      const quoted = i % 7 === 0;
      const blank = !quoted && i % 11 === 0;
      lines.push(quoted ? `"n${i}","first\r\nsecond 😀"` : blank ? '' : `n${i},😀${i}`);
      if (!blank)
        expected.push({ row: i + 2, values: [`n${i}`, quoted ? 'first\r\nsecond 😀' : `😀${i}`] });
    }
    const text = `${CSV_BOM}${lines.join('\r\n')}`;
    const streamed = await readAllCsv(text);
    expect(streamed).toEqual(expected);
    const last = streamed.at(-1)!;
    expect(last).toEqual({ row: 3_001, values: ['n2999', '😀2999'] });
    expect(streamed.find((record) => record.values[0] === 'n7')).toEqual({
      row: 9,
      values: ['n7', 'first\r\nsecond 😀'],
    });
    expect(streamed[0]).toEqual({ row: 1, values: ['name', 'remark'] });
  });

  it('reports broken quoting with its row, also far into a file', async () => {
    const body = Array.from({ length: 2_000 }, (_, i) => `a${i},"b\n${i}"`).join('\n');
    for (const [text, row] of [
      [`${body}\nx,"open`, 2_001],
      [`${body}\n\nx,ab"c\ny,z`, 2_002],
      [`h\r\n"quoted"trailing,x`, 2],
    ] as const) {
      const error = await readAllCsv(text).catch((caught: unknown) => caught);
      expect(error, text.slice(-20)).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).row).toBe(row);
    }
  });

  it('stops reading when the caller stops', async () => {
    const text = Array.from({ length: 50_000 }, (_, i) => `r${i},x`).join('\n');
    const seen: number[] = [];
    for await (const record of readCsv(text)) {
      seen.push(record.row);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
  });

  it('decodes UTF-8 (BOM kept for the reader) and refuses anything else', async () => {
    const text = `${CSV_BOM}currency,名前\r\n${'😀'.repeat(400_000)}`;
    expect(await decodeUtf8(Buffer.from(text))).toBe(text);
    const shiftJis = Buffer.from([0x63, 0x2c, 0x93, 0x8c, 0x8b, 0x9e, 0x0d, 0x0a]);
    await expect(decodeUtf8(shiftJis)).rejects.toBeInstanceOf(CsvEncodingError);
    const truncated = Buffer.from('ok,😀').subarray(0, 5);
    await expect(decodeUtf8(truncated)).rejects.toBeInstanceOf(CsvEncodingError);
  });
});

describe('RowErrorList', () => {
  it('counts every error and keeps the first ones by row, also when added out of order', () => {
    const list = new RowErrorList(3);
    for (const row of [2, 3, 3, 5, 6]) list.add(rowError(row, 'fileEmpty'));
    list.add(rowError(4, 'duplicate', { name: 'iccid' }));
    list.add(rowError(1, 'duplicate', { name: 'iccid' }));
    expect(list.errors.map((error) => error.row)).toEqual([1, 2, 3]);
    expect(list.count).toBe(7);
    expect(list.rowCount).toBe(6);
    expect(new RowErrorList().errors).toEqual([]);
    const full = new RowErrorList();
    for (let row = 1; row <= 1_000; row += 1) full.add(rowError(row, 'fileEmpty'));
    expect(full.errors).toHaveLength(MAX_RETURNED_ROW_ERRORS);
  });
});
