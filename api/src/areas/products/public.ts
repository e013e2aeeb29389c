/** What other areas may use of products (the rest of this folder is its own business). */
export { createProductService } from './service';
export { createProductRecord, findProductRow, productToday, writeProductChange } from './records';
export { productAudit } from './audit';
