import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { fieldLabel } from './support/locale';
import {
  api,
  expectFieldError,
  insertProduct,
  insertRate,
  insertSupplier,
  unique,
  type Api,
  type Json,
} from './tariffs-fixtures';

/* POST tariff/import: CSV of manual prices, dry run with row-level errors, then all or nothing. */

let t: TestContext;
let a: Api;
let tariffCode: string;
let tariffCodeId: string;
let supplierId: string;
const codes: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  await insertRate(t, 'USD', '150');
  const group = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'Import' });
  const code = await a.post('tariff', {
    tariffGroup: group.body.data.tariffGroup,
    tariffCode: unique('IMP'),
  });
  tariffCode = code.body.data.tariffCode;
  tariffCodeId = code.body.data.id;
  supplierId = (await insertSupplier(t)).id;
  const products: [string, number, string][] = [
    ['p1', 1000, 'JPY'],
    ['p2', 1000, 'JPY'],
    ['p3', 500, 'USD'], // 750 JPY
    ['chf', 1000, 'CHF'], // no CHF rate
    ['p4', 1000, 'JPY'],
    ['p5', 1000, 'JPY'],
  ];
  for (const [key, costMinor, costCurrency] of products) {
    const product = await insertProduct(t, {
      supplierId,
      productCode: unique(key),
      costMinor,
      costCurrency,
    });
    codes[key] = product.productCode;
    ids[key] = product.id;
  }
});

afterAll(() => t?.close());

const importCsv = (csv: string, dryRun?: boolean, code = tariffCode) =>
  a.post('tariff/import', { tariffCode: code, csv, ...(dryRun === undefined ? {} : { dryRun }) });

async function manualPrices() {
  const res = await a.post('tariff/product-list', {
    tariffCode,
    supplierId,
    pageSize: 100,
    costCurrency: 'JPY',
  });
  return Object.fromEntries(
    res.body.data.items.map((item: Json) => [item.productId, item.manualPrice]),
  );
}

describe('tariff/import', () => {
  it('previews every row with its errors on a dry run and changes nothing', async () => {
    const csv = [
      'productCode,sellingPriceJpy',
      `${codes.p1},2000`,
      `${codes.p2},abc`,
      `${codes.p1.toLowerCase()},2100`,
      'UNKNOWN-CODE,1500',
      `${codes.p4}`,
      `${codes.p4},`,
      `${codes.p3},750`,
      `${codes.chf},5000`,
      'bad code!,100',
      `${codes.p5},1.5,extra`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ tariffCode, dryRun: true, imported: 0 });
    expect(data.summary).toEqual({ total: 10, valid: 1, invalid: 9, changed: 1, unchanged: 0 });
    expect(data.rows[0]).toMatchObject({
      row: 2,
      productCode: codes.p1,
      sellingPriceJpy: 2000,
      productId: ids.p1,
      costJpy: 1000,
      currentPrice: null,
      action: 'set',
    });
    const messages = data.errors.map((error: Json) => [
      error.row,
      error.field ?? null,
      error.message,
    ]);
    expect(messages).toEqual([
      [3, 'sellingPriceJpy', `Invalid ${fieldLabel('sellingPriceJpy')} format at row 3.`],
      [4, 'productCode', `Duplicate ${fieldLabel('productCode')} detected; must be unique.`],
      [5, 'productCode', 'Product not found'],
      [6, null, 'Imported CSV must have exactly 2 columns.'],
      [7, 'sellingPriceJpy', 'Products without a selling price block import.'],
      [8, 'sellingPriceJpy', 'Selling Price must be greater than Cost Price.'],
      [9, 'productCode', 'Items lacking a JPY price setting block import.'],
      [10, 'productCode', `Invalid ${fieldLabel('productCode')} format at row 10.`],
      [11, null, 'Imported CSV must have exactly 2 columns.'],
    ]);
    expect(data.errors.find((error: Json) => error.row === 7).key).toBe('noSellingPrice');
    expect(data.errors.find((error: Json) => error.row === 6)).toMatchObject({
      key: 'csvColumnCount',
      params: { columnCount: 2 },
    });
    expect(await manualPrices()).toEqual({
      [ids.p1]: null,
      [ids.p2]: null,
      [ids.p4]: null,
      [ids.p5]: null,
    });
  });

  it('applies nothing when any row has an error (400 with the row errors)', async () => {
    const res = await importCsv(`${codes.p1},2000\n${codes.p2},999`, false);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'rows.2.sellingPriceJpy',
        message: 'Selling Price must be greater than Cost Price.',
        code: 'VALIDATION_FAILED',
        key: 'validation.sellingAboveCost',
      },
    ]);
    expect(await manualPrices()).toEqual({
      [ids.p1]: null,
      [ids.p2]: null,
      [ids.p4]: null,
      [ids.p5]: null,
    });
  });

  it('applies a clean file in one go (BOM, CRLF, quotes), audited, and is idempotent', async () => {
    const csv = `\uFEFFProductCode,SellingPriceJPY\r\n"${codes.p1}",2000\r\n${codes.p2}," 1800 "\r\n\r\n${codes.p3},900\r\n`;
    const preview = await importCsv(csv, true);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.summary).toMatchObject({ total: 3, valid: 3, changed: 3 });

    const res = await importCsv(csv, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Prices imported.');
    expect(res.body.data).toMatchObject({ dryRun: false, imported: 3 });
    expect(await manualPrices()).toEqual({
      [ids.p1]: 2000,
      [ids.p2]: 1800,
      [ids.p4]: null,
      [ids.p5]: null,
    });

    const history = await a.get(`tariff/history?id=${tariffCodeId}`);
    expect(history.body.data.items[0]).toMatchObject({ action: 'update' });
    expect(history.body.data.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: `price.${codes.p1}`, before: null, after: 2000 },
        { field: `price.${codes.p3}`, before: null, after: 900 },
      ]),
    );

    const again = await importCsv(csv, false);
    expect(again.body.data).toMatchObject({ imported: 0, summary: { changed: 0, unchanged: 3 } });
    expect(again.body.data.rows.every((row: Json) => row.action === 'unchanged')).toBe(true);
  });

  it('refuses empty files, syntax errors and wrong column counts', async () => {
    expectFieldError(await importCsv(''), 'csv', 'File is empty.');
    expectFieldError(await importCsv('productCode,sellingPriceJpy\n'), 'csv', 'File is empty.');
    const syntax = await importCsv(`${codes.p1},"2000\n`);
    expect(syntax.body.data.errors).toEqual([
      expect.objectContaining({ row: 1, message: `Invalid ${fieldLabel('csv')} format at row 1.` }),
    ]);
    const columns = await importCsv(`a,b,c\nd,e,f`);
    expect(columns.body.data.errors.map((error: Json) => error.message)).toEqual([
      'Imported CSV must have exactly 2 columns.',
      'Imported CSV must have exactly 2 columns.',
    ]);
    expectFieldError(await a.post('tariff/import', { csv: 'a,1' }), 'tariffCode');
    expectFieldError(
      await a.post('tariff/import', { tariffCode, csv: 'a,1', dryRun: 'no' }),
      'dryRun',
    );
    expect((await importCsv('a,1', true, 'UNKNOWN')).status).toBe(404);
  });

  it('refuses huge files: 413 above the body limit or the row limit, 400 above 1MB of text', async () => {
    const huge = `${codes.p1},2000\n`.repeat(
      Math.ceil((1.1 * 1024 * 1024) / (codes.p1!.length + 6)),
    );
    const tooLarge = await importCsv(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0].code).toBe('PAYLOAD_TOO_LARGE');

    const manyRows = 'A,1\n'.repeat(20_001);
    expect((await importCsv(manyRows)).status).toBe(413);

    const longText = `${codes.p1},2000\n`.padEnd(1_000_001, ' ');
    expectFieldError(await importCsv(longText), 'csv', 'Files cannot be larger than 1MB.');
  });
});
