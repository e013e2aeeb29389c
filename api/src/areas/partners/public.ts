/** What other areas may use of partners (the rest of this folder is its own business). */
export { partnerScopeOf, scopeReaches, type PartnerScope } from './scope';
export { PARTNER_MESSAGES, partnersUsingTariffCode } from './service';
export { partnerExists } from './exists';
export { partnerScopeStatements, withPartnerScope } from './rls';
