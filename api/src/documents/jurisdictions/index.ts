import type { IssuerCountry } from '@esim/contracts';
import { germany } from './germany';
import { japan } from './japan';
import type { JurisdictionRules } from './rules';
import { thailand } from './thailand';

export type { JurisdictionRules, PartyField } from './rules';

export const JURISDICTIONS: Record<IssuerCountry, JurisdictionRules> = {
  JP: japan,
  TH: thailand,
  DE: germany,
};
