/**
 * The documents' pure parts, no browser: escaping, labels, formats, the data checks, the font
 * subsets a text needs, the page's security policy and the request handler.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LABELS,
  DocumentDataError,
  documentDataProblems,
  renderDocumentHtml,
  type DocumentData,
} from '../src/documents';
import { FONT_ORIGIN, facesFor, fontFaceCss } from '../src/documents/fonts';
import { parseUnicodeRange } from '../src/documents/fonts/faces';
import { formatDate, formatMoney, formatRate } from '../src/documents/format';
import { escapeHtml, html, multiline } from '../src/documents/html';
import {
  DOCUMENT_CSP,
  DOCUMENT_SHELL,
  SCREEN_HIDDEN_CSS,
  showDocumentScript,
} from '../src/documents/render/prepare';
import { answerRequest } from '../src/documents/render/requests';
import { Semaphore } from '../src/documents/render/semaphore';
import { DE_INVOICE, JP_CREDIT_NOTE, JP_INVOICE, TH_TAX_INVOICE } from './support/document-samples';

describe('html', () => {
  it('escapes every interpolated value; only html`` values stay markup', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<td>${name}</td>`.text).toBe(
      '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</td>',
    );
    // (Prettier formats html`` templates as HTML: the whitespace it adds between tags goes.)
    const list = html`<ul>
      ${['<a>', html`<li>${'<b>'}</li>`]}
    </ul>`.text.replace(/>\s+|\s+</g, (gap) => gap.trim());
    expect(list).toBe('<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.text).toBe('0');
    expect(multiline('a <b>\nc').text).toBe('a &lt;b&gt;<br>c');
    expect(escapeHtml('"&')).toBe('&quot;&amp;');
  });

  it('a document prints no markup from its data', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const page = renderDocumentHtml({
      ...DE_INVOICE,
      number: evil,
      issuer: { ...DE_INVOICE.issuer, address: evil },
      buyer: { ...DE_INVOICE.buyer, name: evil, email: evil },
      lines: [{ ...DE_INVOICE.lines[0]!, description: evil }, DE_INVOICE.lines[1]!],
      branch: { ...DE_INVOICE.branch, invoiceTitle: evil, taxName: evil },
    });
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('labels and formats', () => {
  it('every language has every label', () => {
    const keys = Object.keys(DOCUMENT_LABELS.en);
    for (const labels of Object.values(DOCUMENT_LABELS)) {
      expect(Object.keys(labels).sort()).toEqual([...keys].sort());
      for (const text of Object.values(labels)) expect(text.trim()).not.toBe('');
      expect(labels.taxableAt).toContain('{rate}');
    }
  });

  it('prints money in the minor unit of each currency, dates and rates per language', () => {
    const space = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
    expect(formatMoney(123456, 'JPY', 'ja')).toBe('￥123,456');
    expect(formatMoney(123456, 'JPY', 'en')).toBe('JP¥123,456');
    expect(space(formatMoney(123456, 'EUR', 'de'))).toBe('1.234,56 €');
    expect(formatMoney(123456, 'THB', 'th')).toBe('฿1,234.56');
    expect(() => formatMoney(12.5, 'JPY', 'en')).toThrow(RangeError);
    expect(formatDate('2026-04-01', 'ja')).toBe('2026年4月1日');
    expect(formatDate('2026-04-01', 'de')).toBe('1. April 2026');
    expect(formatDate('2026-04-01', 'th')).toBe('1 เมษายน 2569');
    expect(formatDate('2026-04-01', 'en')).toBe('1 April 2026');
    expect(space(formatRate(19, 'de'))).toBe('19 %');
    expect(formatRate(7.5, 'en')).toBe('7.5%');
  });

  it("the branch's titles and tax name, or the language's words for the defaults", () => {
    const th = renderDocumentHtml(TH_TAX_INVOICE);
    expect(th).toContain('<h1>ใบแจ้งหนี้</h1>');
    const custom = renderDocumentHtml({
      ...DE_INVOICE,
      branch: { ...DE_INVOICE.branch, invoiceTitle: 'Rechnung Nr.', taxName: 'MwSt.' },
    });
    expect(custom).toContain('<h1>Rechnung Nr.</h1>');
    expect(custom).toContain('MwSt. 19');
    const receipt = renderDocumentHtml({
      ...JP_INVOICE,
      type: 'receipt',
      paymentDate: '2026-04-10',
    });
    expect(receipt).toContain('<h1>領収書</h1>');
    expect(receipt).toContain('上記の金額を正に領収いたしました。');
  });

  it('a Thai document in another currency shows the baht amounts and the rate', () => {
    const data: DocumentData = {
      ...TH_TAX_INVOICE,
      currency: 'JPY',
      language: 'en',
      lines: [{ ...TH_TAX_INVOICE.lines[0]!, unitPrice: 2000, amount: 4000 }],
      taxes: [{ rate: 7, taxable: 4000, tax: 280 }],
      totals: { net: 4000, tax: 280, gross: 4280 },
    };
    expect(documentDataProblems(data)).toContain(
      'a Thai tax invoice in another currency shows the amounts in THB (converted)',
    );
    const page = renderDocumentHtml({
      ...data,
      converted: {
        currency: 'THB',
        rate: '0.2250',
        totals: { net: 90000, tax: 6300, gross: 96300 },
      },
    });
    expect(page).toContain('Amounts in THB at 1 JPY = 0.2250 THB');
    expect(page).toContain('THB\u00a0963.00');
    // The VAT in baht too (the table has no rows per rate to say it).
    expect(page).toContain('THB\u00a063.00');
  });
});

describe('what a document must hold', () => {
  it('the samples are valid', () => {
    for (const data of [JP_INVOICE, JP_CREDIT_NOTE, TH_TAX_INVOICE, DE_INVOICE]) {
      expect(documentDataProblems(data)).toEqual([]);
    }
  });

  it('refuses what a country would not accept, or figures that do not add up', () => {
    const problems = (data: DocumentData) => documentDataProblems(data).join('; ');
    expect(problems({ ...JP_CREDIT_NOTE, original: null })).toMatch(/names the original/);
    expect(
      problems({ ...JP_INVOICE, issuer: { ...JP_INVOICE.issuer, taxId: 'T1234567890123' } }),
    ).toMatch(/issuer.taxId is not a valid JP registration number/);
    expect(problems({ ...JP_INVOICE, issuer: { ...JP_INVOICE.issuer, taxId: null } })).toMatch(
      /issuer.taxId is required/,
    );
    expect(
      problems({ ...TH_TAX_INVOICE, buyer: { ...TH_TAX_INVOICE.buyer, address: '' } }),
    ).toMatch(/buyer.address is required/);
    expect(
      problems({ ...TH_TAX_INVOICE, buyer: { ...TH_TAX_INVOICE.buyer, branchNumber: '2' } }),
    ).toMatch(/branchNumber is not 5 digits/);
    expect(problems({ ...JP_INVOICE, totals: { ...JP_INVOICE.totals, tax: 447 } })).toMatch(
      /totals.tax is not the sum of the taxes per rate/,
    );
    expect(problems({ ...JP_INVOICE, taxes: JP_INVOICE.taxes.slice(0, 1) })).toMatch(
      /no tax entry for the rate 8/,
    );
    expect(problems({ ...DE_INVOICE, issueDate: '2026-13-01' })).toMatch(/issueDate is not a date/);
    expect(() => renderDocumentHtml({ ...JP_CREDIT_NOTE, original: null })).toThrow(
      DocumentDataError,
    );
  });
});

describe('fonts', () => {
  it('reads unicode ranges', () => {
    expect(parseUnicodeRange('U+0E01-0E5B, U+25CC,U+4??')).toEqual([
      [0x400, 0x4ff],
      [0xe01, 0xe5b],
      [0x25cc, 0x25cc],
    ]);
  });

  it('gives a page only the subsets its text needs, at our origin', () => {
    const thai = facesFor('บริษัท ทดสอบ จำกัด 123');
    expect(thai.length).toBeGreaterThan(0);
    expect(thai.every((face) => face.family === 'Noto Sans Thai' || /JP/.test(face.family))).toBe(
      true,
    );
    expect(thai.filter((face) => face.family === 'Noto Sans Thai').length).toBe(4);
    const japanese = facesFor('株式会社テスト ※');
    expect(japanese.some((face) => face.family === 'Noto Sans JP')).toBe(true);
    expect(japanese.length).toBeLessThan(40);
    const css = fontFaceCss('消費税');
    expect(css).toContain(`url(${FONT_ORIGIN}/noto-sans-jp-`);
    expect(css).not.toMatch(/url\((?!https:\/\/fonts\.documents\.invalid\/)/);
  });
});

describe('the page and its requests', () => {
  it('puts the security policy first in the head of the page documents are shown in', () => {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">`;
    expect(DOCUMENT_SHELL).toMatch(new RegExp(`^<!doctype html><html><head>${escapeRegExp(meta)}`));
    expect(DOCUMENT_CSP).toContain("default-src 'none'");
    // Hidden from the screen only: print media lays the document out.
    expect(DOCUMENT_SHELL).toContain(`<style>${SCREEN_HIDDEN_CSS}</style>`);
    expect(SCREEN_HIDDEN_CSS).toMatch(/^@media screen \{/);
  });

  it('hands the document to the page as data, never as code', () => {
    const hostile = '</style>"})`; alert(1); ({"x": "\u2028';
    const script = showDocumentScript(hostile, '@font-face{}');
    const argument = JSON.stringify({ html: hostile, fontCss: '@font-face{}' });
    // The function's source, then the document as one JSON literal argument.
    const source = (text: string, argumentText: string) => text.slice(0, -argumentText.length - 1);
    expect(script.endsWith(`)(${argument})`)).toBe(true);
    expect(source(script, argument)).toBe(
      source(showDocumentScript('', ''), JSON.stringify({ html: '', fontCss: '' })),
    );
  });

  it('answers our fonts and refuses everything else', async () => {
    const answered = async (url: string) => {
      const calls: string[] = [];
      let headers: Record<string, string> | undefined;
      const route = {
        request: () => ({ url: () => url }),
        abort: async (code: string) => void calls.push(`abort:${code}`),
        fulfill: async (response: { headers: Record<string, string>; body: Buffer }) => {
          headers = response.headers;
          calls.push(`fulfill:${response.body.length > 1000}`);
        },
      } as unknown as Route;
      const refused: string[] = [];
      await answerRequest(route, (blockedUrl) => refused.push(blockedUrl));
      return { calls, headers, refused };
    };
    const font = await answered(`${FONT_ORIGIN}/noto-sans-thai-thai-400-normal.woff2`);
    expect(font.calls).toEqual(['fulfill:true']);
    expect(font.headers?.['access-control-allow-origin']).toBe('*');
    for (const url of [
      'http://127.0.0.1/x.png',
      `${FONT_ORIGIN}/../package.json`,
      `${FONT_ORIGIN}/noto-sans-thai-thai-400-normal.woff`,
      'data:text/plain,x',
    ]) {
      const other = await answered(url);
      expect(other.calls).toEqual(['abort:blockedbyclient']);
      expect(other.refused).toEqual([url]);
    }
  });

  it('lets as many renders in as it has places, the others in turn', async () => {
    const semaphore = new Semaphore(2);
    const releases = await Promise.all([semaphore.acquire(), semaphore.acquire()]);
    let third = false;
    const waiting = semaphore.acquire().then((release) => {
      third = true;
      return release;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    expect(semaphore.load).toEqual({ active: 2, waiting: 1 });
    releases[0]!();
    (await waiting)();
    expect(third).toBe(true);
    releases[1]!();
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
