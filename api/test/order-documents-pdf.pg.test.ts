/**
 * Order documents' PDFs (docs/documents.md "Order documents"), read back with pdftotext: the
 * stored PDF of an issued document, the preview, and a render that fails. Rendering is slow, so
 * these few tests run in the PostgreSQL pass only (*.pg.test.ts); order-documents.test.ts covers
 * the rest on both databases without rendering.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDocumentRenderer, documentRenderer } from '../src/documents';
import { createTestApp, type TestContext } from './support/app';
import {
  createDocumentWorld,
  insertDocumentOrder,
  insertRates,
  rawQuery,
  type DocumentWorld,
} from './support/order-document-fixtures';
import { ensurePopplerUtils, occurrences, pdfText } from './support/pdf-text';
import { api, type Api } from './tariffs-fixtures';

let t: TestContext;
let a: Api;
let admin: string;
let jp: DocumentWorld;

/** The e2e suite's installer: CI runs the API tests before its e2e step installs Chromium. */
function ensureChromium(): void {
  const script = fileURLToPath(new URL('../../scripts/ensure-chromium.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}

beforeAll(async () => {
  ensureChromium();
  ensurePopplerUtils();
  t = await createTestApp({ config: { documentPdfAtIssue: true } });
  admin = await t.adminToken();
  a = api(t, admin);
  jp = await createDocumentWorld(t, { issuers: ['JP'], language: 'ja' });
  await insertRates(t, { EUR: '160.5' });
}, 600_000);

afterAll(async () => {
  await closeDocumentRenderer();
  await t?.close();
});

const JP_LINES = [
  { unitPrice: 413, quantity: 3, productName: 'eSIM 日本 10GB 30日' },
  { unitPrice: 1174, quantity: 2, productName: 'eSIM 日本 3GB 7日' },
  { unitPrice: 555, quantity: 2, taxRate: 8, productName: 'Reduced item' },
];
const BUYER = { name: '株式会社サンプル商事', address: '東京都千代田区1-1' };

async function download(id: string) {
  return t.inject({ method: 'GET', url: `/api/mng/order/document/pdf?id=${id}`, token: admin });
}

const documentCount = async (orderId: string) =>
  Number(
    (
      await rawQuery(t, 'SELECT count(*)::int AS n FROM order_documents WHERE order_id = $1', [
        orderId,
      ])
    )[0]?.n,
  );

describe('the PDF of an issued document', { timeout: 120_000 }, () => {
  it('is stored at issue and answered as it was stored', async () => {
    const order = await insertDocumentOrder(t, jp, { lines: JP_LINES });
    const res = await a.post('order/document', {
      orderId: order.id,
      type: 'invoice',
      buyer: BUYER,
      issueDate: '2026-11-25',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.pdfReady).toBe(true);
    const pdf = await download(res.body.data.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="INV-2026-000001.pdf"');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const bytes = pdf.rawPayload;
    const [row] = await rawQuery(t, 'SELECT pdf_sha256 FROM order_documents WHERE id = $1', [
      res.body.data.id,
    ]);
    expect(row?.pdf_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const text = pdfText(bytes);
    expect(text).toMatch(/番号\s+INV-2026-000001/);
    expect(occurrences(text, '株式会社サンプル商事')).toBe(1);
    expect(text).toMatch(/消費税 10%\s+￥358/);
    expect(text).toMatch(/合計（税込）\s+￥5,143/);
    expect(text).toContain(order.orderNo);
  });

  it('a German invoice prints the VAT in euros too', async () => {
    const de = await createDocumentWorld(t, { issuers: ['DE'], language: 'de' });
    const order = await insertDocumentOrder(t, de, {
      lines: [{ unitPrice: 1000, quantity: 2, taxRate: 19, productName: 'eSIM Europa 5 GB' }],
    });
    const res = await a.post('order/document', {
      orderId: order.id,
      type: 'invoice',
      buyer: { name: 'Beispiel GmbH', address: 'Unter den Linden 1\n10117 Berlin' },
      issueDate: '2026-11-25',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const text = pdfText((await download(res.body.data.id)).rawPayload);
    expect(text).toContain('INV-2026-000001');
    expect(text).toContain('Beispiel GmbH');
    expect(text).toMatch(/USt\. 19 %\s+380 ¥/);
    expect(text).toMatch(/Gesamtbetrag \(brutto\)\s+2\.380 ¥/);
    // The VAT in euros (§ 14 (4) no. 8 UStG with § 16 (6)), at the rate printed.
    expect(text).toMatch(/Beträge in EUR zum Kurs 1 JPY =\s+0\.00623053 EUR/);
    expect(text).toMatch(/Nettobetrag\s+12,46 €/);
    expect(text).toMatch(/Steuerbetrag\s+2,37 €/);
    expect(text).toMatch(/Gesamtbetrag \(brutto\)\s+14,83 €/);
  });
});

describe('the preview', { timeout: 120_000 }, () => {
  it('prints PREVIEW, stores nothing and takes no number', async () => {
    const order = await insertDocumentOrder(t, jp, {
      lines: [{ unitPrice: 1000, quantity: 1 }],
      paid: true,
    });
    const preview = await t.inject({
      method: 'POST',
      url: '/api/mng/order/document/preview',
      token: admin,
      payload: { orderId: order.id, type: 'receipt', buyer: { name: 'プレビュー商事' } },
    });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['cache-control']).toBe('no-store');
    const text = pdfText(preview.rawPayload);
    expect(text).toContain('PREVIEW');
    expect(text).toContain('プレビュー商事');
    expect(text).toContain('￥1,100');
    expect(await documentCount(order.id)).toBe(0);
    const issued = await a.post('order/document', { orderId: order.id, type: 'receipt' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.data.number).toMatch(/^RCT-\d{4}-000001$/);
  });
});

describe('a render that fails', { timeout: 120_000 }, () => {
  it('leaves the document issued without a PDF; the download makes it later', async () => {
    // The process's renderer closed under the API (as at shutdown): every render fails.
    await documentRenderer().close();
    const order = await insertDocumentOrder(t, jp, { lines: [{ unitPrice: 700, quantity: 1 }] });
    const res = await a.post('order/document', { orderId: order.id, type: 'invoice' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.pdfReady).toBe(false);
    const failed = await download(res.body.data.id);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({
      errorMessage: 'Error generating PDF.',
      errorMessageKey: 'orderDocuments.pdfError',
    });
    const preview = await a.post('order/document/preview', { orderId: order.id, type: 'invoice' });
    expect(preview.status).toBe(422);
    expect(preview.body.errorMessage).toBe('Error generating PDF.');

    // A new renderer: the first download renders the stored data and stores it, once.
    await closeDocumentRenderer();
    const made = await download(res.body.data.id);
    expect(made.statusCode).toBe(200);
    expect(pdfText(made.rawPayload)).toContain(res.body.data.number);
    const again = await download(res.body.data.id);
    expect(Buffer.compare(again.rawPayload, made.rawPayload)).toBe(0);
    const list = await a.get(`order/document/list?orderId=${order.id}`);
    expect(list.body.data[0].pdfReady).toBe(true);
  });
});
