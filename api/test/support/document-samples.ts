import type { DocumentData } from '../../src/documents';

/*
 * Documents as the orders integration will hand them over: one per jurisdiction and type the
 * tests and the benchmark (scripts/bench/documents.ts) print. The registration numbers have
 * valid check digits; tax is rounded once per rate (taxForRate), which on the Japanese invoice
 * differs from rounding per line (123 + 234 = 357 per line, 358 for the rate).
 */

const BRANCH = {
  invoiceTitle: 'Invoice',
  receiptTitle: 'Receipt',
  taxName: 'VAT',
  templateHtml: null,
  providerName: null,
} as const;

export const JP_REGISTRATION = 'T9234567890123';
export const TH_SELLER_TAX_ID = '0105551234567';
export const TH_BUYER_TAX_ID = '0105566543218';
export const DE_SELLER_VAT_ID = 'DE136593186';
export const DE_BUYER_VAT_ID = 'DE812345673';

export const JP_INVOICE: DocumentData = {
  jurisdiction: 'JP',
  type: 'invoice',
  language: 'ja',
  number: 'INV-2026-000042',
  issueDate: '2026-04-01',
  deliveryDate: '2026-03-31',
  currency: 'JPY',
  issuer: {
    name: '株式会社テスト通信',
    postalCode: '〒100-0005',
    address: '東京都千代田区丸の内1-2-3',
    taxId: JP_REGISTRATION,
  },
  buyer: { name: '株式会社サンプル商事' },
  lines: [
    { description: 'eSIM 日本 10GB 30日', quantity: 3, unitPrice: 413, amount: 1239, taxRate: 10 },
    { description: 'eSIM 韓国 5GB 7日', quantity: 4, unitPrice: 587, amount: 2348, taxRate: 10 },
    {
      description: 'ミネラルウォーター',
      quantity: 2,
      unitPrice: 555,
      amount: 1110,
      taxRate: 8,
      reducedRate: true,
    },
  ],
  taxes: [
    { rate: 10, taxable: 3587, tax: 358 },
    { rate: 8, taxable: 1110, tax: 88, reducedRate: true },
  ],
  totals: { net: 4697, tax: 446, gross: 5143 },
  orderReference: 'ORD-2026-0001',
  branch: { ...BRANCH, invoiceTitle: '請求書' },
};

export const JP_CREDIT_NOTE: DocumentData = {
  ...JP_INVOICE,
  type: 'credit_note',
  number: 'CRN-2026-000007',
  issueDate: '2026-05-10',
  deliveryDate: '2026-05-09',
  lines: [
    { description: 'eSIM 韓国 5GB 7日', quantity: 1, unitPrice: 587, amount: 587, taxRate: 10 },
  ],
  taxes: [{ rate: 10, taxable: 587, tax: 58 }],
  totals: { net: 587, tax: 58, gross: 645 },
  original: { number: 'INV-2026-000042', issueDate: '2026-04-01', supplyDate: '2026-03-31' },
  reason: '未使用のため返品',
};

export const TH_TAX_INVOICE: DocumentData = {
  jurisdiction: 'TH',
  type: 'invoice',
  language: 'th',
  number: 'TIV-2026-000042',
  issueDate: '2026-04-01',
  currency: 'THB',
  issuer: {
    name: 'บริษัท อีซิม ไทย จำกัด',
    address: '99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
    taxId: TH_SELLER_TAX_ID,
    branchNumber: '00000',
  },
  buyer: {
    name: 'บริษัท ทดสอบ จำกัด',
    address: '1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
    taxId: TH_BUYER_TAX_ID,
    branchNumber: '00002',
  },
  lines: [
    { description: 'อีซิม ญี่ปุ่น 10GB', quantity: 2, unitPrice: 45000, amount: 90000, taxRate: 7 },
    { description: 'อีซิม เกาหลี 5GB', quantity: 1, unitPrice: 29900, amount: 29900, taxRate: 7 },
  ],
  taxes: [{ rate: 7, taxable: 119900, tax: 8393 }],
  totals: { net: 119900, tax: 8393, gross: 128293 },
  branch: BRANCH,
};

export const DE_INVOICE: DocumentData = {
  jurisdiction: 'DE',
  type: 'invoice',
  language: 'de',
  number: 'RE-2026-000042',
  issueDate: '2026-04-02',
  deliveryDate: '2026-03-31',
  currency: 'EUR',
  issuer: {
    name: 'eSIM Reseller GmbH',
    address: 'Friedrichstraße 123\n10117 Berlin',
    taxId: DE_SELLER_VAT_ID,
  },
  buyer: {
    name: 'Müller & Söhne KG',
    address: 'Königsallee 1\n40212 Düsseldorf',
    taxId: DE_BUYER_VAT_ID,
  },
  lines: [
    {
      description: 'eSIM Europa 20 GB, 30 Tage',
      quantity: 5,
      unitPrice: 1999,
      amount: 9995,
      taxRate: 19,
    },
    { description: 'eSIM USA 10 GB', quantity: 2, unitPrice: 2450, amount: 4900, taxRate: 19 },
  ],
  taxes: [{ rate: 19, taxable: 14895, tax: 2830 }],
  totals: { net: 14895, tax: 2830, gross: 17725 },
  branch: { ...BRANCH, invoiceTitle: 'Rechnung' },
};

export const SAMPLE_DOCUMENTS = { JP_INVOICE, JP_CREDIT_NOTE, TH_TAX_INVOICE, DE_INVOICE };
