import type { ReportLanguage } from '@esim/contracts';

/*
 * The words a document prints, in the four report languages. A label may hold `{rate}`, filled
 * by `fillLabel`. The jurisdictions' own legal words (ใบกำกับภาษี, 適格請求書...) are in their
 * templates (./jurisdictions), not here: they are printed whatever the report language.
 */

export interface DocumentLabels {
  invoice: string;
  receipt: string;
  creditNote: string;
  documentNumber: string;
  issueDate: string;
  deliveryDate: string;
  returnDate: string;
  paymentDate: string;
  orderReference: string;
  seller: string;
  buyer: string;
  address: string;
  registrationNumber: string;
  taxId: string;
  vatId: string;
  headOffice: string;
  branchNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  /** Net amount taxed at one rate: `{rate}` is the rate. */
  taxableAt: string;
  /** The tax word when the branch keeps the default tax name. */
  tax: string;
  net: string;
  taxTotal: string;
  gross: string;
  reducedRateNote: string;
  original: string;
  originalDate: string;
  originalSupplyDate: string;
  convertedAt: string;
  reason: string;
  received: string;
}

export const DOCUMENT_LABELS: Record<ReportLanguage, DocumentLabels> = {
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    creditNote: 'Credit note',
    documentNumber: 'Number',
    issueDate: 'Date of issue',
    deliveryDate: 'Date of supply',
    returnDate: 'Date of return or refund',
    paymentDate: 'Payment received',
    orderReference: 'Order',
    seller: 'Seller',
    buyer: 'Buyer',
    address: 'Address',
    registrationNumber: 'Registration number',
    taxId: 'Tax ID',
    vatId: 'VAT ID',
    headOffice: 'Head office',
    branchNumber: 'Branch no.',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    taxRate: 'Tax rate',
    amount: 'Amount',
    taxableAt: 'Subject to {rate}',
    tax: 'VAT',
    net: 'Net amount',
    taxTotal: 'Tax',
    gross: 'Total',
    reducedRateNote: '※ Reduced tax rate item',
    original: 'Corrects document',
    originalDate: 'Dated',
    originalSupplyDate: 'Original date of supply',
    convertedAt: 'Amounts in {currency} at {rate}',
    reason: 'Reason',
    received: 'Received with thanks.',
  },
  ja: {
    invoice: '請求書',
    receipt: '領収書',
    creditNote: '返還請求書',
    documentNumber: '番号',
    issueDate: '発行日',
    deliveryDate: '取引年月日',
    returnDate: '返還年月日',
    paymentDate: '入金日',
    orderReference: '注文番号',
    seller: '発行者',
    buyer: '宛名',
    address: '住所',
    registrationNumber: '登録番号',
    taxId: '納税者番号',
    vatId: 'VAT番号',
    headOffice: '本店',
    branchNumber: '支店番号',
    description: '品目',
    quantity: '数量',
    unitPrice: '単価',
    taxRate: '税率',
    amount: '金額',
    taxableAt: '{rate}対象',
    tax: '消費税',
    net: '税抜合計',
    taxTotal: '消費税合計',
    gross: '合計（税込）',
    reducedRateNote: '※は軽減税率対象品目',
    original: '元の請求書番号',
    originalDate: '元の請求書の発行日',
    originalSupplyDate: '元の取引年月日',
    convertedAt: '{currency}換算（レート {rate}）',
    reason: '理由',
    received: '上記の金額を正に領収いたしました。',
  },
  de: {
    invoice: 'Rechnung',
    receipt: 'Quittung',
    creditNote: 'Rechnungskorrektur',
    documentNumber: 'Nummer',
    issueDate: 'Rechnungsdatum',
    deliveryDate: 'Liefer-/Leistungsdatum',
    returnDate: 'Datum der Rückgabe oder Erstattung',
    paymentDate: 'Zahlungseingang',
    orderReference: 'Bestellung',
    seller: 'Leistender Unternehmer',
    buyer: 'Leistungsempfänger',
    address: 'Anschrift',
    registrationNumber: 'Registrierungsnummer',
    taxId: 'Steuernummer',
    vatId: 'USt-IdNr.',
    headOffice: 'Hauptsitz',
    branchNumber: 'Filiale Nr.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    taxRate: 'Steuersatz',
    amount: 'Betrag',
    taxableAt: 'Netto zu {rate}',
    tax: 'USt.',
    net: 'Nettobetrag',
    taxTotal: 'Steuerbetrag',
    gross: 'Gesamtbetrag (brutto)',
    reducedRateNote: '※ ermäßigter Steuersatz',
    original: 'Korrektur zu',
    originalDate: 'vom',
    originalSupplyDate: 'Ursprüngliches Leistungsdatum',
    convertedAt: 'Beträge in {currency} zum Kurs {rate}',
    reason: 'Grund',
    received: 'Betrag dankend erhalten.',
  },
  th: {
    invoice: 'ใบแจ้งหนี้',
    receipt: 'ใบเสร็จรับเงิน',
    creditNote: 'ใบลดหนี้',
    documentNumber: 'เลขที่',
    issueDate: 'วันที่ออก',
    deliveryDate: 'วันที่ส่งมอบ',
    returnDate: 'วันที่คืนสินค้าหรือคืนเงิน',
    paymentDate: 'วันที่รับชำระ',
    orderReference: 'คำสั่งซื้อ',
    seller: 'ผู้ขาย',
    buyer: 'ผู้ซื้อ',
    address: 'ที่อยู่',
    registrationNumber: 'เลขทะเบียน',
    taxId: 'เลขประจำตัวผู้เสียภาษีอากร',
    vatId: 'เลขทะเบียน VAT',
    headOffice: 'สำนักงานใหญ่',
    branchNumber: 'สาขาที่',
    description: 'รายการ',
    quantity: 'จำนวน',
    unitPrice: 'ราคาต่อหน่วย',
    taxRate: 'อัตราภาษี',
    amount: 'จำนวนเงิน',
    taxableAt: 'มูลค่าที่เสียภาษี {rate}',
    tax: 'ภาษีมูลค่าเพิ่ม',
    net: 'มูลค่าก่อนภาษี',
    taxTotal: 'รวมภาษี',
    gross: 'จำนวนเงินรวมทั้งสิ้น',
    reducedRateNote: '※ อัตราภาษีลดลง',
    original: 'อ้างถึงเอกสารเลขที่',
    originalDate: 'ลงวันที่',
    originalSupplyDate: 'วันที่ส่งมอบเดิม',
    convertedAt: 'จำนวนเงินเป็น{currency} อัตรา {rate}',
    reason: 'เหตุผล',
    received: 'ได้รับเงินถูกต้องแล้ว',
  },
};

/** A label with its `{name}` parts filled (values are text: the template escapes them). */
export function fillLabel(label: string, values: Record<string, string>): string {
  return label.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
