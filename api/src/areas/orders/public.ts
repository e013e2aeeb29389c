/** What other areas may use of orders (campaigns: the wizard's preview prices a cart). */
export { loadPartnerTerms } from './partner-terms';
export { priceOrder } from './review';
