import type { DocumentType, ReportLanguage } from '@esim/contracts';
import type { DocumentLabels } from '../labels';
import type { DocumentParty } from '../types';

/**
 * A label and its value, printed under a party's name (a registration, a tax ID, a branch); an
 * empty value prints the label alone.
 */
export type PartyField = readonly [label: string, value: string];

/** What one country's law makes a document carry beyond what every document has. */
export interface JurisdictionRules {
  /** The labels printed for a report language (Thailand adds its Thai words beside them). */
  labels(language: ReportLanguage): DocumentLabels;
  /** The legal name of the document in the country's words, under the title; null for none. */
  designation(type: DocumentType): string | null;
  /** The registration fields printed under a party's name and address. */
  partyFields(party: DocumentParty, role: 'issuer' | 'buyer', labels: DocumentLabels): PartyField[];
  /** The date of supply is always printed (the issue date when none is given). */
  supplyDateRequired: boolean;
  /** Reduced-rate items are marked ※, and the mark explained (Japan's qualified invoice). */
  marksReducedRate: boolean;
}
