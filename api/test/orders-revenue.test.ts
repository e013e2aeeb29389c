import { CSV_IMPORT_MAX_CHARS } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, readAllCsv } from '../src/csv';
import { createTestApp, type TestContext } from './support/app';
import {
  insertOrder,
  insertPartner,
  insertStockItem,
  insertStockProduct,
  type OrderFixture,
  type StockItemFixture,
  type StockProduct,
} from './support/order-fixtures';
import { api, type Api, type Json } from './tariffs-fixtures';

/* The order exports (per order, per eSIM, revenue) and the revenue import (dry run, apply). */

let t: TestContext;
let a: Api;
let product: StockProduct;
let partnerId: string;
let evil: OrderFixture;
let plain: OrderFixture;
let stock: StockItemFixture;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.adminToken());
  product = await insertStockProduct(t, 'Japan 7 days');
  partnerId = await insertPartner(t, 'Sakura Travel');
  stock = await insertStockItem(t, product.productId);
  evil = await insertOrder(t, {
    partnerId,
    partnerName: 'Sakura Travel',
    product,
    orderNo: 'O261121-000001',
    customerName: '=HYPERLINK("http://evil.example","click")',
    purchasedAt: '2026-11-21T01:02:03Z',
    unitPrice: 2000,
    items: [{ status: 'delivered', stockItem: stock }, { status: 'failed' }, { status: 'removed' }],
  });
  plain = await insertOrder(t, {
    partnerId,
    partnerName: 'Sakura Travel',
    product,
    orderNo: 'O261122-000002',
    customerName: 'Yamada Taro',
    purchasedAt: '2026-11-22T01:00:00Z',
    unitPrice: 1000,
  });
});

afterAll(() => t?.close());

async function csv(url: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/mng/${url}`,
    token: await t.adminToken(),
    headers: { 'x-time-zone': 'Asia/Tokyo' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toContain('attachment');
  expect(res.body.startsWith(CSV_BOM)).toBe(true);
  const records = (await readAllCsv(res.body)).map((record) => record.values);
  return { body: res.body, header: records[0]!, rows: records.slice(1) };
}

describe('exports', () => {
  it('order/export-csv: one row per order, formulas neutralised', async () => {
    const { body, header, rows } = await csv('order/export-csv');
    expect(header).toEqual([
      'Order no.',
      'Purchased at',
      'Partner name',
      'Customer name',
      'eSIMs',
      'Sub total',
      'Discount',
      'Tax',
      'Final price',
      'Paid amount',
      'Payment status',
      'Processing status',
    ]);
    expect(rows).toHaveLength(2);
    // Newest first; the removed eSIM is not counted.
    expect(rows[1]).toEqual([
      'O261121-000001',
      '2026-11-21 10:02:03 +09:00',
      'Sakura Travel',
      `'=HYPERLINK("http://evil.example","click")`,
      '2',
      '6000',
      '0',
      '600',
      '6600',
      '0',
      'not_yet_paid',
      'success',
    ]);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('filters like the list', async () => {
    const { rows } = await csv('order/export-csv?search=yamada');
    expect(rows.map((row) => row[0])).toEqual(['O261122-000002']);
    const oldest = await csv('order/export-csv?sort=purchasedAt&order=asc');
    expect(oldest.rows.map((row) => row[0])).toEqual(['O261121-000001', 'O261122-000002']);
    const none = await csv(`order/export-csv?partnerId=${await insertPartner(t, 'Nobody')}`);
    expect(none.rows).toEqual([]);
    expect((await a.get('order/export-csv?paymentStatus=free')).status).toBe(400);
  });

  it('order/export-csv/detail: one row per eSIM, never the activation code', async () => {
    const { body, header, rows } = await csv('order/export-csv/detail?search=O261121');
    expect(header).toEqual([
      'Order no.',
      'Purchased at',
      'Partner name',
      'Customer name',
      'Product code',
      'Product name',
      'ICCID',
      'Status',
    ]);
    expect(rows).toEqual([
      [
        'O261121-000001',
        '2026-11-21 10:02:03 +09:00',
        'Sakura Travel',
        `'=HYPERLINK("http://evil.example","click")`,
        product.productCode,
        'Japan 7 days',
        stock.iccid,
        'delivered',
      ],
      [
        'O261121-000001',
        '2026-11-21 10:02:03 +09:00',
        'Sakura Travel',
        `'=HYPERLINK("http://evil.example","click")`,
        product.productCode,
        'Japan 7 days',
        '',
        'failed',
      ],
    ]);
    expect(body).not.toContain('SECRETCD');
    expect(body).not.toContain(stock.sealed);
    expect(body).not.toContain('LPA:');
  });

  it('order/revenue/export: cost, prices, tax, paid and gross profit per order', async () => {
    const { header, rows } = await csv('order/revenue/export');
    expect(header).toEqual([
      'Order no.',
      'Purchased at',
      'Partner name',
      'Purchase price',
      'Sub total',
      'Discount',
      'Tax',
      'Total amount',
      'Final price',
      'Paid amount',
      'Payment status',
      'Gross profit',
    ]);
    // Three eSIMs at cost 500 each: 1500; sold 6000 net: gross profit 4500.
    expect(rows[1]).toEqual([
      'O261121-000001',
      '2026-11-21 10:02:03 +09:00',
      'Sakura Travel',
      '1500',
      '6000',
      '0',
      '600',
      '6600',
      '6600',
      '0',
      'not_yet_paid',
      '4500',
    ]);
  });
});

describe('order/revenue/import', () => {
  const paid = async (orderId: string) =>
    (await a.get(`order/detail?id=${orderId}`)).body.data as Json;
  const entries = async () =>
    Number(
      (
        (await t.database.db.execute(sql`SELECT count(*) AS n FROM order_payments`)) as {
          rows: { n: string | number }[];
        }
      ).rows[0]!.n,
    );

  it('a dry run answers the rows and changes nothing', async () => {
    const res = await a.post('order/revenue/import', {
      csv: [
        'orderNo,amount,paidOn,method,reference',
        'o261121-000001,1000,2026-11-25,bank transfer,TX-100',
        'O261122-000002,"1,100",2026/11/26,card,',
      ].join('\r\n'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.messageKey).toBe('orders.revenueChecked');
    expect(res.body.data).toEqual({
      dryRun: true,
      rows: [
        {
          row: 2,
          orderNo: 'O261121-000001',
          amount: 1000,
          paidOn: '2026-11-25',
          method: 'bank transfer',
          reference: 'TX-100',
        },
        {
          row: 3,
          orderNo: 'O261122-000002',
          amount: 1100,
          paidOn: '2026-11-26',
          method: 'card',
          reference: null,
        },
      ],
      rowCount: 2,
      errors: [],
      errorCount: 0,
      imported: 0,
    });
    expect(await entries()).toBe(0);
    expect(await paid(evil.id)).toMatchObject({ paidAmount: 0, paymentStatus: 'not_yet_paid' });
  });

  it('reports unknown orders, duplicate references and overpayments by row', async () => {
    await a.post('order/payment', {
      orderId: plain.id,
      amount: 100,
      paidOn: '2026-11-20',
      method: 'cash',
      reference: 'KNOWN',
    });
    const res = await a.post('order/revenue/import', {
      csv: [
        'O261121-000001,1000,2026-11-25,bank,DUP',
        'O261121-000001,1000,2026-11-25,bank,DUP',
        'O261199-999999,1000,2026-11-25,bank,',
        'O261122-000002,100,2026-11-25,bank,KNOWN',
        'O261122-000002,1001,2026-11-25,bank,',
        'O261122-000002,abc,2026-02-30,,',
        'O261122-000002,1',
      ].join('\n'),
    });
    expect(res.status).toBe(200);
    const errors = res.body.data.errors as Json[];
    expect(errors.map((error) => [error.row, error.field, error.key])).toEqual([
      [2, 'reference', 'duplicate'],
      [3, 'orderNo', 'orderNotFound'],
      [4, 'reference', 'duplicate'],
      [5, 'amount', 'paymentTooLarge'],
      [6, 'amount', 'invalidRowFormat'],
      [6, 'paidOn', 'invalidRowFormat'],
      [6, 'method', 'required'],
      [7, undefined, 'csvColumnCount'],
    ]);
    expect(errors[1].message).toBe('Order not found');
    expect(errors[3].message).toBe('The payments would exceed the order total of 1100 JPY.');
    expect(res.body.data.errorCount).toBe(8);

    // Applying the same file refuses it whole.
    const before = await entries();
    const applied = await a.post('order/revenue/import', {
      csv: [
        'O261121-000001,1000,2026-11-25,bank,OK-1',
        'O261122-000002,1001,2026-11-25,bank,',
      ].join('\n'),
      dryRun: false,
    });
    expect(applied.status).toBe(400);
    expect(applied.body.errors).toEqual([
      expect.objectContaining({
        field: 'rows.2.amount',
        key: 'orders.paymentTooLarge',
        message: 'The payments would exceed the order total of 1100 JPY.',
      }),
    ]);
    expect(await entries()).toBe(before);
  });

  it('applies every entry in one go, with statuses and history', async () => {
    const res = await a.post('order/revenue/import', {
      csv: [
        'orderNo,amount,paidOn,method,reference',
        'O261121-000001,6000,2026-11-25,bank transfer,TX-1',
        'O261121-000001,600,2026-11-26,bank transfer,TX-2',
        'O261122-000002,500,2026-11-26,card,',
      ].join('\n'),
      dryRun: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: false, imported: 3, errorCount: 0 });
    expect(res.body.message).toBe('3 payments imported.');
    expect(await paid(evil.id)).toMatchObject({ paidAmount: 6600, paymentStatus: 'paid' });
    expect(await paid(plain.id)).toMatchObject({
      paidAmount: 600,
      paymentStatus: 'partially_paid',
    });
    const history = (await a.get(`order/history?id=${evil.id}`)).body.data.items as Json[];
    expect(history).toHaveLength(2);
    // The same references again: duplicates now.
    const again = await a.post('order/revenue/import', {
      csv: 'O261121-000001,1,2026-11-25,bank transfer,TX-1',
    });
    expect(again.body.data.errors[0]).toMatchObject({ row: 1, key: 'duplicate' });
  });

  it('answers file-level problems as row 0 errors, and too large a body as 400', async () => {
    const empty = await a.post('order/revenue/import', { csv: '' });
    expect(empty.body.data.errors).toEqual([expect.objectContaining({ row: 0, key: 'fileEmpty' })]);
    const header = await a.post('order/revenue/import', {
      csv: 'orderNo,amount,paidOn,method,reference\n',
    });
    expect(header.body.data.errors[0]).toMatchObject({ row: 0, key: 'fileEmpty' });
    const broken = await a.post('order/revenue/import', { csv: 'O1,"1,2\n' });
    expect(broken.body.data.errors[0]).toMatchObject({ key: 'invalidRowFormat' });
    const large = await a.post('order/revenue/import', {
      csv: 'x'.repeat(CSV_IMPORT_MAX_CHARS + 1),
    });
    expect([400, 413]).toContain(large.status);
  });
});
