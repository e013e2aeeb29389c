/** What other areas may use of suppliers (the rest of this folder is its own business). */
export { SUPPLIER_MESSAGES } from './service';
export { KeyOriginMismatchError, openSupplierKey } from './api-key';
export { supplierOutbound, type SupplierOutbound } from './outbound';
