import { DOCUMENT_LABELS } from '../labels';
import type { JurisdictionRules } from './rules';

/*
 * Germany, § 14 (4) UStG: full name and address of seller and buyer, the seller's VAT ID
 * (USt-IdNr.) or tax number, the invoice date and a unique number, the quantity and kind of the
 * supply, the date of supply (Leistungsdatum), the net amount per tax rate, the rate and the tax
 * amount. The buyer's VAT ID is printed when given (required for an intra-EU supply).
 */
export const germany: JurisdictionRules = {
  labels: (language) => DOCUMENT_LABELS[language],
  designation: () => null,
  partyFields: (party, _role, labels) => {
    if (!party.taxId) return [];
    const label = /^DE/i.test(party.taxId) ? labels.vatId : labels.taxId;
    return [[label, party.taxId]];
  },
  supplyDateRequired: true,
  marksReducedRate: false,
};
