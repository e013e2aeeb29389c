import { DOCUMENT_LABELS } from '../labels';
import type { JurisdictionRules } from './rules';

/*
 * Japan, the qualified invoice system (適格請求書等保存方式): the issuer's name and registration
 * number (T + 13 digits), the date of the transaction, the items with their tax rate (reduced-rate
 * items marked), the amounts and the tax per rate, the buyer's name. A credit note is a qualified
 * return invoice (適格返還請求書) naming the original document and its date.
 */
export const japan: JurisdictionRules = {
  labels: (language) => DOCUMENT_LABELS[language],
  designation: (type) =>
    type === 'invoice' ? '適格請求書' : type === 'credit_note' ? '適格返還請求書' : null,
  partyFields: (party, role, labels) =>
    role === 'issuer' && party.taxId ? [[labels.registrationNumber, party.taxId]] : [],
  supplyDateRequired: true,
  marksReducedRate: true,
};
