/**
 * Order documents through HTTP (docs/documents.md "Order documents"): issuing invoices, receipts
 * and credit notes, partial exports, their figures and the data stored, the rules, numbering,
 * immutability in the database, the partner scope, permissions and batches. No PDF is rendered
 * here (documentPdfAtIssue off, no download): order-documents-pdf.pg.test.ts reads PDFs back.
 */
import { createHash } from 'node:crypto';
import { businessToday } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import {
  ISSUER_NAMES,
  REGISTRATION,
  createDocumentWorld,
  insertBranch,
  insertDocumentOrder,
  insertIssuer,
  insertRates,
  rawQuery,
  type DocumentOrder,
  type DocumentWorld,
} from './support/order-document-fixtures';
import { partnerAdminToken } from './support/order-fixtures';
import { api, expectFieldError, type Api, type Json } from './tariffs-fixtures';

let t: TestContext;
let a: Api;
let jp: DocumentWorld;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The year of the issue dates the tests give. */
const YEAR = 2026;
/** The year of a document issued today (no issue date given). */
const THIS_YEAR = Number(businessToday().slice(0, 4));
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ config: { documentPdfAtIssue: false } });
  a = api(t, await t.adminToken());
  jp = await createDocumentWorld(t, { issuers: ['JP'], language: 'ja' });
  await insertRates(t, { THB: '4.3', EUR: '160.5' });
});

afterAll(() => t?.close());

/** JP_INVOICE's figures: tax per rate rounded once (358; per line it would be 357). */
const JP_LINES = [
  { unitPrice: 413, quantity: 3, productName: 'eSIM 日本 10GB 30日' },
  { unitPrice: 1174, quantity: 2, productName: 'eSIM 日本 3GB 7日' },
  { unitPrice: 555, quantity: 2, taxRate: 8, productName: 'Reduced item' },
];

const issue = (body: Json, token?: string) => a.post('order/document', body, token);

async function storedData(id: string): Promise<Json> {
  const [row] = rowsOf<{ data: Json }>(
    await t.database.db.execute(sql`SELECT data FROM order_documents WHERE id = ${id}`),
  );
  return typeof row!.data === 'string' ? JSON.parse(row!.data) : row!.data;
}

function expectRefused(res: { status: number; body: Json }, status: number, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorMessage).toBe(message);
}

describe('issuing an invoice', () => {
  let order: DocumentOrder;
  let invoice: Json;

  beforeAll(async () => {
    order = await insertDocumentOrder(t, jp, { lines: JP_LINES });
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      issueDate: '2026-11-25',
      buyer: { name: '株式会社サンプル商事', address: '東京都千代田区1-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    invoice = res.body;
  });

  it('numbers it, answers it with its totals, tax rounded once per rate', () => {
    expect(invoice.message).toBe(`INV-${YEAR}-000001 issued.`);
    expect(invoice.messageKey).toBe('orderDocuments.issued');
    expect(invoice.data).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      type: 'invoice',
      number: `INV-${YEAR}-000001`,
      issueDate: '2026-11-25',
      issuerId: jp.issuers.JP,
      issuerName: ISSUER_NAMES.JP,
      jurisdiction: 'JP',
      language: 'ja',
      currency: 'JPY',
      buyerName: '株式会社サンプル商事',
      net: 4697,
      tax: 446,
      gross: 5143,
      originalId: null,
      reason: null,
      pdfReady: false,
      createdBy: t.config.seedAdminEmail,
    });
    expect([...invoice.data.itemIds].sort()).toEqual(order.items.flat().sort());
  });

  it('stores the data as printed: lines per order line, taxes per rate, issuer, branch', async () => {
    const data = await storedData(invoice.data.id);
    expect(data).toMatchObject({
      jurisdiction: 'JP',
      type: 'invoice',
      language: 'ja',
      number: `INV-${YEAR}-000001`,
      issueDate: '2026-11-25',
      deliveryDate: '2026-11-20',
      currency: 'JPY',
      orderReference: order.orderNo,
      issuer: {
        name: ISSUER_NAMES.JP,
        taxId: REGISTRATION.JP,
        address: 'JP Street 1',
        postalCode: '100-0001',
      },
      buyer: { name: '株式会社サンプル商事', address: '東京都千代田区1-1' },
      totals: { net: 4697, tax: 446, gross: 5143 },
      converted: null,
      branch: { invoiceTitle: 'Invoice', receiptTitle: 'Receipt', taxName: 'VAT' },
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ quantity: 3, unitPrice: 413, amount: 1239, taxRate: 10 }),
      expect.objectContaining({ quantity: 2, unitPrice: 1174, amount: 2348, taxRate: 10 }),
      expect.objectContaining({ quantity: 2, unitPrice: 555, amount: 1110, taxRate: 8 }),
    ]);
    expect(data.lines[0].description).toContain('eSIM 日本 10GB 30日');
    expect(data.lines[2].reducedRate).toBe(true);
    expect(data.taxes).toEqual([
      { rate: 10, taxable: 3587, tax: 358 },
      { rate: 8, taxable: 1110, tax: 88, reducedRate: true },
    ]);
  });

  it('lists it and audits it on the order', async () => {
    const list = await a.get(`order/document/list?orderId=${order.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([invoice.data]);
    const history = await a.get(`order/history?id=${order.id}`);
    const entry = (history.body.data.items as Json[]).find((item) =>
      item.changes.some((change: Json) => change.field === 'document'),
    );
    expect(entry).toMatchObject({ entityType: 'order', entityId: order.id, action: 'update' });
    expect(entry.changes[0].after).toMatchObject({
      id: invoice.data.id,
      type: 'invoice',
      number: `INV-${YEAR}-000001`,
      gross: 5143,
      items: 7,
    });
  });

  it('offers the issuers, the last printed buyer and the eSIMs with their documents', async () => {
    const res = await a.get(`order/document/options?orderId=${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      issuers: [
        {
          id: jp.issuers.JP,
          legalName: ISSUER_NAMES.JP,
          countryCode: 'JP',
          registrationNumber: REGISTRATION.JP,
        },
      ],
      language: 'ja',
      buyer: { name: '株式会社サンプル商事', address: '東京都千代田区1-1' },
      paid: false,
    });
    expect(res.body.data.items).toHaveLength(7);
    expect(res.body.data.items[0]).toMatchObject({
      id: order.items[0]![0],
      position: 1,
      productName: 'eSIM 日本 10GB 30日',
      iccid: order.iccids[0]![0],
      status: 'delivered',
      unitPrice: 413,
      documents: [{ id: invoice.data.id, type: 'invoice', number: `INV-${YEAR}-000001` }],
    });
  });

  it("prints the partner's last buyer when none is given", async () => {
    const other = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const res = await issue({ orderId: other.id, type: 'invoice', issueDate: '2026-11-25' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.buyerName).toBe('株式会社サンプル商事');
    expect(res.body.data.number).toBe(`INV-${YEAR}-000002`);
  });
});

describe('partial export', () => {
  it('documents the chosen eSIMs only: amounts and taxes for those', async () => {
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 1234, quantity: 3 }] });
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      itemIds: [order.items[0]![0], order.items[0]![2]],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ net: 2468, tax: 246, gross: 2714 });
    expect([...res.body.data.itemIds].sort()).toEqual(
      [order.items[0]![0], order.items[0]![2]].sort(),
    );
    const data = await storedData(res.body.data.id);
    expect(data.lines).toEqual([
      expect.objectContaining({ quantity: 2, unitPrice: 1234, amount: 2468, taxRate: 10 }),
    ]);
    expect(data.taxes).toEqual([{ rate: 10, taxable: 2468, tax: 246 }]);
  });

  it("across lines and rates, with the line's share of its discount", async () => {
    const order = await insertDocumentOrder(t, jp, {
      lines: [
        { unitPrice: 1000, quantity: 4, discount: 100 },
        { unitPrice: 555, quantity: 2, taxRate: 8 },
      ],
    });
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      itemIds: [order.items[0]![0], order.items[0]![1], order.items[0]![3], order.items[1]![0]],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 3 x 1000 less 75 (3/4 of the line's 100): 2925 -> tax 292; 555 at 8 % -> 44.
    expect(res.body.data).toMatchObject({ net: 3480, tax: 336, gross: 3816 });
    const data = await storedData(res.body.data.id);
    expect(data.lines).toEqual([
      expect.objectContaining({ quantity: 3, unitPrice: 1000, amount: 2925, taxRate: 10 }),
      expect.objectContaining({ quantity: 1, unitPrice: 555, amount: 555, taxRate: 8 }),
    ]);
    expect(data.taxes).toEqual([
      { rate: 10, taxable: 2925, tax: 292 },
      { rate: 8, taxable: 555, tax: 44, reducedRate: true },
    ]);
  });

  it('defaults to the delivered eSIMs, and refuses eSIMs of another order or not delivered', async () => {
    const order = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 500, quantity: 3, statuses: ['delivered', 'failed', 'delivered'] }],
    });
    const all = await issue({ orderId: order.id, type: 'invoice' });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect([...all.body.data.itemIds].sort()).toEqual(
      [order.items[0]![0], order.items[0]![2]].sort(),
    );
    expect(all.body.data.net).toBe(1000);

    const other = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 500, quantity: 1 }] });
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice', itemIds: [other.items[0]![0]] }),
      422,
      'Some of the chosen eSIMs are not in this order.',
    );
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice', itemIds: [order.items[0]![1]] }),
      422,
      'Choose at least one delivered eSIM.',
    );
    const undelivered = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 500, quantity: 1, statuses: ['pending'] }],
    });
    expectRefused(
      await issue({ orderId: undelivered.id, type: 'invoice' }),
      422,
      'Choose at least one delivered eSIM.',
    );
  });
});

describe('receipts', () => {
  it('are refused for an unpaid order', async () => {
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 800, quantity: 1 }] });
    expectRefused(
      await issue({ orderId: order.id, type: 'receipt' }),
      422,
      'A receipt can only be issued for a paid order.',
    );
  });

  it('are numbered apart from invoices and print the payment date', async () => {
    const order = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 800, quantity: 2 }],
      paid: true,
    });
    const res = await issue({ orderId: order.id, type: 'receipt', issueDate: '2026-11-26' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'receipt',
      number: `RCT-${YEAR}-000001`,
      gross: 1760,
    });
    expect(await storedData(res.body.data.id)).toMatchObject({ paymentDate: '2026-11-22' });
  });
});

describe('credit notes', () => {
  let order: DocumentOrder;
  let invoice: Json;

  beforeAll(async () => {
    order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 2000, quantity: 3 }] });
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      itemIds: [order.items[0]![0], order.items[0]![1]],
      issueDate: '2026-11-21',
      buyer: { name: 'Original Buyer KK' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    invoice = res.body.data;
    // Printed for the partner after the invoice: not what its credit notes print.
    const later = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const laterInvoice = await issue({
      orderId: later.id,
      type: 'invoice',
      buyer: { name: 'Later Buyer KK' },
    });
    expect(laterInvoice.status).toBe(201);
  });

  const credit = (body: Json) =>
    issue({ orderId: order.id, type: 'credit_note', reason: 'Returned', ...body });

  it('name an issued invoice of the same order, and a reason', async () => {
    expectRefused(
      await credit({ originalId: undefined }),
      422,
      'A credit note names the invoice it corrects.',
    );
    expectRefused(
      await credit({ originalId: MISSING }),
      422,
      'A credit note can only correct an issued invoice of this order.',
    );
    const paid = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 100, quantity: 1 }],
      paid: true,
    });
    const receipt = await issue({ orderId: paid.id, type: 'receipt' });
    expect(receipt.status).toBe(201);
    expectRefused(
      await issue({
        orderId: paid.id,
        type: 'credit_note',
        originalId: receipt.body.data.id,
        reason: 'Returned',
      }),
      422,
      'A credit note can only correct an issued invoice of this order.',
    );
    // Another order's invoice.
    expectRefused(
      await issue({
        orderId: paid.id,
        type: 'credit_note',
        originalId: invoice.id,
        reason: 'Returned',
      }),
      422,
      'A credit note can only correct an issued invoice of this order.',
    );
    expectFieldError(await credit({ originalId: invoice.id, reason: undefined }), 'reason');
  });

  it("credit only the invoice's eSIMs, each once", async () => {
    expectRefused(
      await credit({ originalId: invoice.id, itemIds: [order.items[0]![2]] }),
      422,
      'Some of the chosen eSIMs are not on the invoice being corrected.',
    );
    const first = await credit({
      originalId: invoice.id,
      itemIds: [order.items[0]![1]],
      issueDate: '2026-11-27',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      type: 'credit_note',
      number: `CRN-${YEAR}-000001`,
      originalId: invoice.id,
      originalNumber: invoice.number,
      reason: 'Returned',
      issuerId: jp.issuers.JP,
      buyerName: 'Original Buyer KK',
      net: 2000,
      tax: 200,
      gross: 2200,
      itemIds: [order.items[0]![1]],
    });
    expect(await storedData(first.body.data.id)).toMatchObject({
      original: { number: invoice.number, issueDate: '2026-11-21', supplyDate: '2026-11-20' },
      reason: 'Returned',
      deliveryDate: null,
    });
    // Again the same eSIM, alone or by default (the invoice's eSIMs).
    for (const body of [{ itemIds: [order.items[0]![1]] }, {}]) {
      expectRefused(
        await credit({ originalId: invoice.id, ...body }),
        422,
        `Some of the chosen eSIMs were already credited: ${order.iccids[0]![1]}.`,
      );
    }
    const second = await credit({
      originalId: invoice.id,
      itemIds: [order.items[0]![0]],
      issueDate: '2026-11-28',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.number).toBe(`CRN-${YEAR}-000002`);
  });
});

describe('a credit note of another issuer', () => {
  it("is refused: it is the corrected invoice's issuer's", async () => {
    const world = await createDocumentWorld(t, { issuers: ['JP', 'DE'] });
    const order = await insertDocumentOrder(t, world, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const invoice = await issue({ orderId: order.id, type: 'invoice' });
    expect(invoice.status).toBe(201);
    expectRefused(
      await issue({
        orderId: order.id,
        type: 'credit_note',
        originalId: invoice.body.data.id,
        reason: 'Cancelled',
        issuerId: world.issuers.DE,
        buyer: { name: 'B', address: 'Berlin' },
      }),
      422,
      'A credit note is issued by the issuer of the invoice it corrects.',
    );
  });
});

describe('issuers, branches, buyers and rates', () => {
  it('needs a branch and an issuer of it', async () => {
    const noBranch = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 100, quantity: 1 }],
      branchId: null,
    });
    expectRefused(
      await issue({ orderId: noBranch.id, type: 'invoice' }),
      422,
      'The order has no branch to issue documents from.',
    );
    const bare = await insertBranch(t);
    const noIssuer = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 100, quantity: 1 }],
      branchId: bare,
    });
    expectRefused(
      await issue({ orderId: noIssuer.id, type: 'invoice' }),
      422,
      "The order's branch has no issuer: add one on the branch master first.",
    );
    const foreign = await insertIssuer(t, bare, 'DE');
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 100, quantity: 1 }] });
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice', issuerId: foreign }),
      422,
      "The issuer does not belong to the order's branch.",
    );
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice', issuerId: MISSING }),
      404,
      'Issuer not found',
    );
    expectRefused(await issue({ orderId: MISSING, type: 'invoice' }), 404, 'Order not found');
  });

  it('a Thai tax invoice: buyer address and tax ID checked, totals in baht too', async () => {
    const th = await createDocumentWorld(t, { issuers: ['TH'], language: 'th' });
    const order = await insertDocumentOrder(t, th, {
      lines: [{ unitPrice: 1000, quantity: 2, taxRate: 7 }],
    });
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice' }),
      422,
      "A Thai or German document needs the buyer's address.",
    );
    const buyer = { name: 'บริษัท ตัวอย่าง จำกัด', address: 'กรุงเทพมหานคร' };
    expectFieldError(
      await issue({
        orderId: order.id,
        type: 'invoice',
        buyer: { ...buyer, taxId: '0105536093142' },
      }),
      'buyer.taxId',
    );
    expectRefused(
      await issue({ orderId: order.id, type: 'invoice', buyer, issueDate: '2019-12-31' }),
      422,
      'Exchange rate for JPY to THB not available.',
    );
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      buyer: { ...buyer, taxId: '0105536093141', branchNumber: '00001' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ jurisdiction: 'TH', language: 'th', gross: 2140 });
    const data = await storedData(res.body.data.id);
    expect(data.issuer).toMatchObject({ taxId: REGISTRATION.TH, branchNumber: '00000' });
    expect(data.buyer).toMatchObject({ taxId: '0105536093141', branchNumber: '00001' });
    // 1 JPY = 1 / 4.3 THB, printed to 8 decimals; the satang computed from the printed rate.
    expect(data.converted).toEqual({
      currency: 'THB',
      rate: '0.23255814',
      totals: { net: 46512, tax: 3256, gross: 49768 },
    });
  });

  it('a German invoice: the VAT in euros too', async () => {
    const de = await createDocumentWorld(t, { issuers: ['DE'], language: 'de' });
    const order = await insertDocumentOrder(t, de, {
      lines: [{ unitPrice: 1000, quantity: 2, taxRate: 19 }],
    });
    const res = await issue({
      orderId: order.id,
      type: 'invoice',
      buyer: { name: 'Beispiel GmbH', address: 'Berlin', taxId: 'DE 136 695 976' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = await storedData(res.body.data.id);
    expect(data.buyer.taxId).toBe('DE136695976');
    expect(data.converted).toEqual({
      currency: 'EUR',
      rate: '0.00623053',
      totals: { net: 1246, tax: 237, gross: 1483 },
    });
  });

  it('numbers per issuer, type and year', async () => {
    const world = await createDocumentWorld(t, { issuers: ['JP', 'DE'] });
    const order = await insertDocumentOrder(t, world, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const numbers: string[] = [];
    for (const body of [
      { issueDate: '2030-01-05' },
      { issueDate: '2030-12-31' },
      { issueDate: '2031-01-01' },
      { issueDate: '2030-06-01', issuerId: world.issuers.DE, buyer: { name: 'B', address: 'A' } },
    ]) {
      const res = await issue({ orderId: order.id, type: 'invoice', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      numbers.push(res.body.data.number);
    }
    expect(numbers).toEqual([
      'INV-2030-000001',
      'INV-2030-000002',
      'INV-2031-000001',
      'INV-2030-000001',
    ]);
    expectFieldError(
      await issue({ orderId: order.id, type: 'invoice', issueDate: '1999-12-31' }),
      'issueDate',
    );
  });
});

describe('an issued document is immutable in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE; the PDF is stored once, with its hash', async () => {
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const res = await issue({ orderId: order.id, type: 'invoice' });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    for (const statement of [
      `UPDATE order_documents SET number = 'INV-2026-999999' WHERE id = '${id}'`,
      `UPDATE order_documents SET gross = 1, net = 1, tax = 0 WHERE id = '${id}'`,
      `UPDATE order_documents SET data = '{}'::jsonb WHERE id = '${id}'`,
      `UPDATE order_documents SET pdf = '\\x255044462d'::bytea, pdf_sha256 = 'nope' WHERE id = '${id}'`,
      `DELETE FROM order_documents WHERE id = '${id}'`,
      'TRUNCATE order_documents CASCADE',
    ]) {
      await expect(rawQuery(t, statement), statement).rejects.toThrow(/immutable/);
    }
    const pdf = Buffer.from('%PDF-1.7 test');
    const hash = createHash('sha256').update(pdf).digest('hex');
    const store = `UPDATE order_documents SET pdf = decode($1, 'hex'), pdf_sha256 = $2 WHERE id = $3`;
    await rawQuery(t, store, [pdf.toString('hex'), hash, id]);
    await expect(rawQuery(t, store, [pdf.toString('hex'), hash, id])).rejects.toThrow(/immutable/);
    const [row] = await rawQuery(
      t,
      'SELECT number, gross, pdf_sha256 FROM order_documents WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ number: res.body.data.number, pdf_sha256: hash });
    expect(Number(row!.gross)).toBe(110);
    expect((await a.get(`order/document/list?orderId=${order.id}`)).body.data[0].pdfReady).toBe(
      true,
    );
  });
});

describe("a partner's own staff", () => {
  let order: DocumentOrder;
  let documentId: string;
  let token: string;

  beforeAll(async () => {
    order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 300, quantity: 1 }] });
    const res = await issue({ orderId: order.id, type: 'invoice' });
    documentId = res.body.data.id;
    token = await partnerAdminToken(t, jp.partnerId, 'documents-own@partner.test');
  });

  it("list their orders' documents, not another partner's", async () => {
    const own = await a.get(`order/document/list?orderId=${order.id}`, token);
    expect(own.status).toBe(200);
    expect(own.body.data.map((document: Json) => document.id)).toEqual([documentId]);
    const stranger = await createDocumentWorld(t);
    const theirs = await insertDocumentOrder(t, stranger, {
      lines: [{ unitPrice: 300, quantity: 1 }],
    });
    const theirDocument = await issue({ orderId: theirs.id, type: 'invoice' });
    expect(theirDocument.status).toBe(201);
    expect((await a.get(`order/document/list?orderId=${theirs.id}`, token)).status).toBe(404);
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/mng/order/document/pdf?id=${theirDocument.body.data.id}`,
      token,
    });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().errorMessage).toBe('Document not found');
  });

  it('may not preview, issue, see the options or run batches (403)', async () => {
    const body = { orderId: order.id, type: 'invoice' };
    const batch = await a.post('order/document/batch', { orderIds: [order.id], type: 'invoice' });
    for (const res of [
      await a.post('order/document/preview', body, token),
      await issue(body, token),
      await a.get(`order/document/options?orderId=${order.id}`, token),
      await a.post('order/document/batch', { orderIds: [order.id], type: 'invoice' }, token),
      await a.get(`order/document/batch?id=${batch.body.data.id}`, token),
    ]) {
      expectRefused(res, 403, 'Access Denied');
    }
  });
});

describe('permissions', () => {
  it('every document call is refused without the orders permission, and without a token', async () => {
    const nobody = await t.createUser({ roleId: null });
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 100, quantity: 1 }] });
    const calls: { method: 'GET' | 'POST'; url: string; payload?: Json }[] = [
      {
        method: 'POST',
        url: 'order/document/preview',
        payload: { orderId: order.id, type: 'invoice' },
      },
      { method: 'POST', url: 'order/document', payload: { orderId: order.id, type: 'invoice' } },
      { method: 'GET', url: `order/document/list?orderId=${order.id}` },
      { method: 'GET', url: `order/document/pdf?id=${MISSING}` },
      { method: 'GET', url: `order/document/options?orderId=${order.id}` },
      {
        method: 'POST',
        url: 'order/document/batch',
        payload: { orderIds: [order.id], type: 'invoice' },
      },
      { method: 'GET', url: `order/document/batch?id=${MISSING}` },
    ];
    for (const call of calls) {
      for (const [token, status] of [
        [nobody.token, 403],
        [undefined, 401],
      ] as const) {
        const res = await t.inject({
          method: call.method,
          url: `/api/mng/${call.url}`,
          ...(token ? { token } : {}),
          ...(call.payload ? { payload: call.payload } : {}),
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(status);
      }
    }
    const [count] = await rawQuery(
      t,
      'SELECT count(*)::int AS n FROM order_documents WHERE order_id = $1',
      [order.id],
    );
    expect(count?.n).toBe(0);
  });
});

describe('batches', () => {
  async function finished(id: string): Promise<Json> {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const res = await a.get(`order/document/batch?id=${id}`);
      expect(res.status).toBe(200);
      if (res.body.data.status === 'done' || res.body.data.status === 'failed')
        return res.body.data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the batch did not finish');
  }

  it('issues one document per order; an order that cannot be documented is listed with why', async () => {
    const world = await createDocumentWorld(t);
    const first = await insertDocumentOrder(t, world, { lines: [{ unitPrice: 100, quantity: 2 }] });
    const nothing = await insertDocumentOrder(t, world, {
      lines: [{ unitPrice: 100, quantity: 1, statuses: ['failed'] }],
    });
    const third = await insertDocumentOrder(t, world, { lines: [{ unitPrice: 300, quantity: 1 }] });
    const res = await a.post('order/document/batch', {
      orderIds: [first.id, nothing.id, third.id],
      type: 'invoice',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe('Issuing 3 documents.');
    expect(res.body.data).toMatchObject({ type: 'invoice', total: 3 });
    const batch = await finished(res.body.data.id);
    expect(batch).toMatchObject({
      status: 'done',
      total: 3,
      done: 2,
      failed: 1,
      createdBy: t.config.seedAdminEmail,
      errors: [
        {
          orderId: nothing.id,
          orderNo: nothing.orderNo,
          message: 'Choose at least one delivered eSIM.',
          messageKey: 'orderDocuments.nothingToDocument',
        },
      ],
    });
    const numbers: string[] = [];
    for (const order of [first, third]) {
      const list = await a.get(`order/document/list?orderId=${order.id}`);
      expect(list.body.data).toHaveLength(1);
      numbers.push(list.body.data[0].number);
    }
    expect(numbers).toEqual([`INV-${THIS_YEAR}-000001`, `INV-${THIS_YEAR}-000002`]);
    expect((await a.get(`order/document/list?orderId=${nothing.id}`)).body.data).toEqual([]);
  });

  it('refuses an unknown order, and answers 404 for an unknown batch', async () => {
    expectRefused(
      await a.post('order/document/batch', { orderIds: [MISSING], type: 'receipt' }),
      404,
      'Order not found',
    );
    expectRefused(
      await a.get(`order/document/batch?id=${MISSING}`),
      404,
      'Document batch not found',
    );
    expectFieldError(
      await a.post('order/document/batch', { orderIds: [], type: 'invoice' }),
      'orderIds',
    );
  });
});
