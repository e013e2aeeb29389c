/** What other areas may use of stock (the rest of this folder is its own business). */
export { stockItemAudit } from './service';
export { maskActivationCode } from './import-check';
