import { THAI_HEAD_OFFICE } from '@esim/contracts';
import { DOCUMENT_LABELS, type DocumentLabels } from '../labels';
import type { JurisdictionRules } from './rules';

/*
 * Thailand, a full tax invoice (Revenue Code s. 86/4): the words ใบกำกับภาษี (Tax Invoice) in a
 * prominent place, the seller's and the buyer's name, address and 13-digit tax ID with head office
 * or branch number, the serial number, the date, the items and their value, the VAT shown
 * separately. In Thai: in another report language the Thai words stand beside the labels the law
 * asks for.
 */

/** Labels printed with their Thai words beside them when the report language is not Thai. */
const LEGAL_KEYS = [
  'documentNumber',
  'issueDate',
  'seller',
  'buyer',
  'address',
  'taxId',
  'headOffice',
  'branchNumber',
  'description',
  'quantity',
  'amount',
  'tax',
  'net',
  'gross',
] as const satisfies readonly (keyof DocumentLabels)[];

const DESIGNATIONS = {
  invoice: 'ใบกำกับภาษี / Tax Invoice',
  receipt: 'ใบเสร็จรับเงิน / ใบกำกับภาษี — Receipt / Tax Invoice',
  credit_note: 'ใบลดหนี้ / Credit Note',
} as const;

export const thailand: JurisdictionRules = {
  labels: (language) => {
    const own = DOCUMENT_LABELS[language];
    if (language === 'th') return own;
    const labels = { ...own };
    for (const key of LEGAL_KEYS) labels[key] = `${own[key]} / ${DOCUMENT_LABELS.th[key]}`;
    return labels;
  },
  designation: (type) => DESIGNATIONS[type],
  partyFields: (party, _role, labels) => {
    if (!party.taxId) return [];
    const branch = party.branchNumber ?? THAI_HEAD_OFFICE;
    return [
      [labels.taxId, party.taxId],
      // Thai documents write the head office as สำนักงานใหญ่ alone, a branch as สาขาที่ 00001.
      branch === THAI_HEAD_OFFICE ? [labels.headOffice, ''] : [labels.branchNumber, branch],
    ];
  },
  supplyDateRequired: false,
  marksReducedRate: false,
};
