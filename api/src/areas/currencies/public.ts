/** What other areas may use of currencies (the rest of this folder is its own business). */
export { findActiveCurrencies } from './service';
