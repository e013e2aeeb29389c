/** What other areas may use of branches (the invoices area numbers its documents with these). */
export { BRANCH_MESSAGES } from './service';
export {
  allocateDocumentNumber,
  formatDocumentNumber,
  type DocumentNumberRequest,
} from './numbering';
export { renderTemplate, sanitizeTemplate } from './template';
