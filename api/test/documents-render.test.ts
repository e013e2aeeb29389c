/**
 * Documents printed to PDF by headless Chromium (api/src/documents, docs/documents.md), read
 * back as a reader would: `pdftotext -layout` and `pdffonts`. No database.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PdfRenderError,
  PdfRenderer,
  renderDocumentHtml,
  renderDocumentPdf,
  warmDocumentRenderer,
  type DocumentData,
} from '../src/documents';
import {
  DE_BUYER_VAT_ID,
  DE_INVOICE,
  DE_SELLER_VAT_ID,
  JP_CREDIT_NOTE,
  JP_INVOICE,
  JP_REGISTRATION,
  TH_BUYER_TAX_ID,
  TH_SELLER_TAX_ID,
  TH_TAX_INVOICE,
} from './support/document-samples';
import { ensurePopplerUtils, occurrences, pdfFonts, pdfText, pdfTitle } from './support/pdf-text';

const blocked: string[] = [];
const renderer = new PdfRenderer({ pages: 2, onBlockedRequest: (url) => blocked.push(url) });

/** The e2e suite's installer: CI runs the API tests before its e2e step installs Chromium. */
function ensureChromium(): void {
  const script = fileURLToPath(new URL('../../scripts/ensure-chromium.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}

beforeAll(async () => {
  ensureChromium();
  ensurePopplerUtils();
  await warmDocumentRenderer(renderer);
}, 600_000);

afterAll(async () => {
  await renderer.close();
});

async function printed(data: DocumentData): Promise<{ pdf: Buffer; text: string }> {
  const pdf = await renderDocumentPdf(data, renderer);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { pdf, text: pdfText(pdf) };
}

/** Thai vowel and tone marks printed twice in a row: what a shaper without Thai support does. */
const DOUBLED_THAI_MARK = /([\u0E31\u0E34-\u0E3A\u0E47-\u0E4E])\1/u;

describe('Japan: qualified invoice', { timeout: 60_000 }, () => {
  it('carries the registration number, the rates, the tax once per rate and the buyer', async () => {
    const { pdf, text } = await printed(JP_INVOICE);
    expect(text).toContain('請求書');
    expect(text).toContain('適格請求書');
    expect(text).toContain(`登録番号: ${JP_REGISTRATION}`);
    expect(occurrences(text, '株式会社テスト通信')).toBe(1);
    expect(occurrences(text, '株式会社サンプル商事')).toBe(1);
    expect(text).toMatch(/番号\s+INV-2026-000042/);
    expect(text).toMatch(/発行日\s+2026年4月1日/);
    expect(text).toMatch(/取引年月日\s+2026年3月31日/);
    expect(text).toMatch(/eSIM 日本 10GB 30日\s+3\s+￥413\s+10%\s+￥1,239/);
    expect(text).toMatch(/ミネラルウォーター ※\s+2\s+￥555\s+8%\s+￥1,110/);
    expect(text).toContain('※は軽減税率対象品目');
    // Per rate: the net and the tax the caller rounded once (358, where per line gives 357).
    expect(text).toMatch(/10%対象\s+￥3,587/);
    expect(text).toMatch(/消費税 10%\s+￥358/);
    expect(text).toMatch(/8%対象 ※\s+￥1,110/);
    expect(text).toMatch(/消費税 8% ※\s+￥88/);
    expect(text).toMatch(/税抜合計\s+￥4,697/);
    expect(text).toMatch(/消費税合計\s+￥446/);
    expect(text).toMatch(/合計（税込）\s+￥5,143/);
    // Only the registry font: a machine without Debian's CJK fonts prints the same.
    expect(pdfFonts(pdf).every((font) => font.startsWith('NotoSansJP'))).toBe(true);
  });

  it('a credit note names the original document, its dates and the amounts returned', async () => {
    const { text } = await printed(JP_CREDIT_NOTE);
    expect(text).toContain('返還請求書');
    expect(text).toContain('適格返還請求書');
    expect(text).toContain(`登録番号: ${JP_REGISTRATION}`);
    expect(text).toMatch(/番号\s+CRN-2026-000007/);
    expect(text).toMatch(/発行日\s+2026年5月10日/);
    expect(text).toMatch(/返還年月日\s+2026年5月9日/);
    expect(text).toContain('元の請求書番号: INV-2026-000042');
    expect(text).toContain('元の請求書の発行日: 2026年4月1日');
    expect(text).toContain('元の取引年月日: 2026年3月31日');
    expect(text).toContain('理由: 未使用のため返品');
    expect(text).toMatch(/eSIM 韓国 5GB 7日\s+1\s+￥587\s+10%\s+￥587/);
    expect(text).toMatch(/消費税 10%\s+￥58/);
    expect(text).toMatch(/合計（税込）\s+￥645/);
  });
});

describe('Thailand: full tax invoice', { timeout: 60_000 }, () => {
  it('prints the Thai text exactly, the tax IDs, the branches and the VAT apart', async () => {
    const { pdf, text } = await printed(TH_TAX_INVOICE);
    expect(text).toContain('ใบกำกับภาษี / Tax Invoice');
    expect(occurrences(text, 'บริษัท ทดสอบ จำกัด')).toBe(1);
    expect(occurrences(text, 'บริษัท อีซิม ไทย จำกัด')).toBe(1);
    expect(occurrences(text, 'ภาษีมูลค่าเพิ่ม')).toBe(1);
    expect(text).not.toMatch(DOUBLED_THAI_MARK);
    expect(text).toContain('1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500');
    expect(text).toContain(`เลขประจำตัวผู้เสียภาษีอากร: ${TH_SELLER_TAX_ID}`);
    expect(text).toContain(`เลขประจำตัวผู้เสียภาษีอากร: ${TH_BUYER_TAX_ID}`);
    expect(text).toContain('สำนักงานใหญ่');
    expect(text).toContain('สาขาที่: 00002');
    expect(text).toMatch(/เลขที่\s+TIV-2026-000042/);
    expect(text).toMatch(/วันที่ออก\s+1 เมษายน 2569/);
    expect(text).toMatch(/อีซิม ญี่ปุ่น 10GB\s+2\s+฿450\.00\s+7%\s+฿900\.00/);
    expect(text).toMatch(/มูลค่าที่เสียภาษี 7%\s+฿1,199\.00/);
    expect(text).toMatch(/ภาษีมูลค่าเพิ่ม 7%\s+฿83\.93/);
    expect(text).toMatch(/มูลค่าก่อนภาษี\s+฿1,199\.00/);
    expect(text).toMatch(/จำนวนเงินรวมทั้งสิ้น\s+฿1,282\.93/);
    expect(pdfFonts(pdf).every((font) => font.startsWith('NotoSansThai'))).toBe(true);
  });

  it('in English keeps the Thai legal words beside the labels', async () => {
    const { text } = await printed({ ...TH_TAX_INVOICE, language: 'en' });
    expect(text).toContain('ใบกำกับภาษี / Tax Invoice');
    expect(text).toContain(`Tax ID / เลขประจำตัวผู้เสียภาษีอากร: ${TH_SELLER_TAX_ID}`);
    expect(text).toMatch(/VAT \/ ภาษีมูลค่าเพิ่ม 7%\s+THB 83\.93/);
    expect(text).not.toMatch(DOUBLED_THAI_MARK);
  });
});

describe('Germany: invoice per § 14 UStG', { timeout: 60_000 }, () => {
  it('carries both parties, the VAT IDs, number, dates, net, rate, tax and gross', async () => {
    const { text } = await printed(DE_INVOICE);
    expect(text).toContain('Rechnung');
    expect(text).toContain('eSIM Reseller GmbH');
    expect(text).toContain('Friedrichstraße 123');
    expect(text).toContain('Müller & Söhne KG');
    expect(text).toContain('40212 Düsseldorf');
    expect(text).toContain(`USt-IdNr.: ${DE_SELLER_VAT_ID}`);
    expect(text).toContain(`USt-IdNr.: ${DE_BUYER_VAT_ID}`);
    expect(text).toMatch(/Nummer\s+RE-2026-000042/);
    expect(text).toMatch(/Rechnungsdatum\s+2\. April 2026/);
    expect(text).toMatch(/Liefer-\/Leistungsdatum\s+31\. März 2026/);
    expect(text).toMatch(/eSIM Europa 20 GB, 30 Tage\s+5\s+19,99 €\s+19 %\s+99,95 €/);
    expect(text).toMatch(/Netto zu 19 %\s+148,95 €/);
    expect(text).toMatch(/USt\. 19 %\s+28,30 €/);
    expect(text).toMatch(/Nettobetrag\s+148,95 €/);
    expect(text).toMatch(/Gesamtbetrag \(brutto\)\s+177,25 €/);
  });
});

describe('what a template may not do', { timeout: 60_000 }, () => {
  it('prints HTML in a name as text, and the branch template sanitised', async () => {
    const data: DocumentData = {
      ...DE_INVOICE,
      language: 'en',
      buyer: { ...DE_INVOICE.buyer, name: '<b>ACME</b> & <i>Co</i>' },
      branch: {
        ...DE_INVOICE.branch,
        providerName: '<Provider> & Sons',
        templateHtml:
          '<p>Paid to {{providerName}}</p><script>document.title = "x"</script>' +
          '<img src="http://127.0.0.1:9/t.png" onerror="alert(1)">',
      },
    };
    const html = renderDocumentHtml(data);
    expect(html).toContain('&lt;b&gt;ACME&lt;/b&gt; &amp; &lt;i&gt;Co&lt;/i&gt;');
    expect(html).not.toContain('<b>ACME');
    expect(html).not.toMatch(/<script|<img|onerror/);
    const { text } = await printed(data);
    expect(text).toContain('<b>ACME</b> & <i>Co</i>');
    expect(text).toContain('Paid to <Provider> & Sons');
  });

  it('fetches nothing: the page may load only our fonts', async () => {
    let hits = 0;
    const server = http.createServer((_, response) => {
      hits += 1;
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    blocked.length = 0;
    try {
      const pdf = await renderer.render(`<!doctype html><html><head>
<link rel="stylesheet" href="${base}/style.css">
<meta http-equiv="Content-Security-Policy" content="default-src *">
<style>@import url("${base}/import.css"); body { background: url("${base}/bg.png"); }
@font-face { font-family: x; src: url("${base}/font.woff2"); } p { font-family: x; }</style>
</head><body><p>Offline</p><img src="${base}/image.png"><iframe src="${base}/frame"></iframe>
<object data="${base}/object"></object><script>fetch("${base}/script")</script></body></html>`);
      expect(pdfText(pdf)).toContain('Offline');
    } finally {
      // An iframe's navigation opens a connection (Chromium's loading predictor) though no
      // request follows it: close it so the server can stop (docs/documents.md).
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(hits).toBe(0);
    // The Content Security Policy refuses them before a request exists: the request handler,
    // the second lock (tested in documents-templates.test.ts), is not even asked.
    expect(blocked.filter((url) => url.startsWith(base))).toEqual([]);
  });
});

// A shared machine's two cores: 20 renders plus 20 pdftotext runs take 5-20 s.
describe('the warm browser', { timeout: 120_000 }, () => {
  it('renders 20 documents at once, all of them whole, on one browser', async () => {
    const documents = [JP_INVOICE, TH_TAX_INVOICE, DE_INVOICE, JP_CREDIT_NOTE];
    const started = renderer.browserStarts;
    const pdfs = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        renderDocumentPdf(documents[index % documents.length]!, renderer),
      ),
    );
    pdfs.forEach((pdf, index) => {
      expect(pdfText(pdf)).toContain(documents[index % documents.length]!.number);
    });
    expect(renderer.browserStarts).toBe(started);
  });

  it('starts a new browser after a crash', async () => {
    await renderer.render('<p>before</p>');
    const started = renderer.browserStarts;
    // The browser this test process started (its child), killed as a crash would end it.
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)])
      .toString('utf8')
      .split('\n')
      .filter((line) => /chrom/i.test(line))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    expect(children.length).toBeGreaterThan(0);
    for (const pid of children) process.kill(pid, 'SIGKILL');
    const { text } = await printed(TH_TAX_INVOICE);
    expect(text).toContain('บริษัท ทดสอบ จำกัด');
    expect(renderer.browserStarts).toBe(started + 1);
  });

  it('shows each document alone on its reused page: nothing of the one before', async () => {
    const own = new PdfRenderer({ pages: 1 });
    try {
      const first = await own.render(`<!doctype html><html lang="ja"><head><title>First</title>
<style>.later { display: none }</style></head><body><p>Erste Seite</p></body></html>`);
      expect(pdfText(first)).toContain('Erste Seite');
      expect(pdfTitle(first)).toBe('First');
      const second = await own.render(`<!doctype html><html><head><title>Second</title></head>
<body><p class="later">Zweite Seite</p></body></html>`);
      const text = pdfText(second);
      // The first one's body, title and style sheet (which would hide this text) are gone.
      expect(text).toContain('Zweite Seite');
      expect(text).not.toContain('Erste');
      expect(pdfTitle(second)).toBe('Second');
    } finally {
      await own.close();
    }
  });

  it('refuses renders once closed, and a new renderer starts lazily', async () => {
    const own = new PdfRenderer({ pages: 1 });
    expect(own.browserStarts).toBe(0);
    expect(pdfText(await own.render('<p>lazy</p>'))).toContain('lazy');
    expect(own.browserStarts).toBe(1);
    await own.close();
    await expect(own.render('<p>late</p>')).rejects.toBeInstanceOf(PdfRenderError);
  });
});
