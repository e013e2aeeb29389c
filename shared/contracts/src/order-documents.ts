import * as v from 'valibot';
import { DOCUMENT_TYPES, type DocumentType, type ReportLanguage } from './branches';
import { dateField } from './exchange-rates';
import { MAX_LENGTH, nullableText, requiredText, uuidField } from './fields';
import { defineApiMessages, encodeMessage, type MessageParams } from './messages';
import type { IssuerCountry } from './tax-ids';

/*
 * Order documents (issue 16, docs/documents.md "Order documents"): invoices, receipts and credit
 * notes of an order, previewed and issued as PDF in the branch's report language. "Partial
 * export" (spec section 7) is a document for some of the order's eSIMs (itemIds).
 * Permission: RESOURCES.orders: reading GET, issuing POST. A partner's own staff read and download
 * their orders' documents; issuing is the reseller's staff's (403 for a scoped caller).
 *
 * Calls (under /api/mng):
 *   POST order/document/preview     DocumentRequest: the PDF as it would be issued, number
 *                                   'PREVIEW', nothing stored or numbered     -> application/pdf
 *   POST order/document             DocumentRequest: issue it (gapless number per issuer, type
 *                                   and year; data and PDF stored, immutable) -> OrderDocument (201)
 *   GET  order/document/list?orderId=   the order's issued documents, newest first -> OrderDocument[]
 *   GET  order/document/pdf?id=     the stored PDF of an issued document   -> application/pdf
 *   GET  order/document/options?orderId=  what the issue dialog offers: the issuers of the order's
 *                                   branch, the buyer last printed for the partner, the items
 *                                   (with the documents that already cover them)  -> DocumentOptions
 *   POST order/document/batch       { orderIds, type }: one document per order, as a job   -> DocumentBatch (202)
 *   GET  order/document/batch?id=   the batch's progress                               -> DocumentBatch
 */

export const ORDER_DOCUMENT_TYPES = DOCUMENT_TYPES;
export type OrderDocumentType = DocumentType;

/** How many orders one batch may take. */
export const DOCUMENT_BATCH_MAX_ORDERS = 500;
/** How many eSIMs one document may list. */
export const DOCUMENT_MAX_ITEMS = 1000;

export const ORDER_DOCUMENT_MESSAGES = defineApiMessages('orderDocuments', {
  issued: '{{number}} issued.',
  pdfError: 'Error generating PDF.',
  noIssuer: "The order's branch has no issuer: add one on the branch master first.",
  issuerNotOfBranch: "The issuer does not belong to the order's branch.",
  noBranch: 'The order has no branch to issue documents from.',
  itemsNotInOrder: 'Some of the chosen eSIMs are not in this order.',
  nothingToDocument: 'Choose at least one delivered eSIM.',
  receiptNeedsPayment: 'A receipt can only be issued for a paid order.',
  creditNoteNeedsOriginal: 'A credit note names the invoice it corrects.',
  originalNotInvoice: 'A credit note can only correct an issued invoice of this order.',
  creditNoteIssuer: 'A credit note is issued by the issuer of the invoice it corrects.',
  itemsNotInOriginal: 'Some of the chosen eSIMs are not on the invoice being corrected.',
  alreadyCredited: 'Some of the chosen eSIMs were already credited: {{items}}.',
  rateNotAvailable: 'Exchange rate for {{from}} to {{to}} not available.',
  buyerAddressRequired: "A Thai or German document needs the buyer's address.",
  documentInvalid: 'The document cannot be generated: {{problems}}.',
  batchStarted: {
    one: 'Issuing {{count}} document.',
    other: 'Issuing {{count}} documents.',
  },
});

/** The buyer as printed (defaults: the partner's name, or what was printed for it last). */
export const documentBuyerSchema = v.object({
  name: requiredText('buyerName', MAX_LENGTH.default),
  address: v.optional(nullableText('buyerAddress', MAX_LENGTH.long)),
  postalCode: v.optional(nullableText('buyerPostalCode', 10)),
  /** Thailand: 13-digit tax ID; Germany: USt-IdNr.; Japan: not printed. */
  taxId: v.optional(nullableText('buyerTaxId', 20)),
  /** Thailand: head office / branch number, 5 digits. */
  branchNumber: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.regex(/^[0-9]{5}$/, encodeMessage('invalidFormat', { format: '00000' })),
      ),
    ),
  ),
});
export type DocumentBuyer = v.InferOutput<typeof documentBuyerSchema>;

export const documentRequestSchema = v.object({
  orderId: uuidField('order'),
  type: v.picklist(ORDER_DOCUMENT_TYPES, encodeMessage('required', { name: 'type' })),
  /** Default: the first issuer of the order's branch. */
  issuerId: v.optional(uuidField('issuer')),
  /** Partial export: these eSIMs only. Default: every delivered eSIM (credit note: the original's). */
  itemIds: v.optional(
    v.pipe(
      v.array(uuidField('orderItem')),
      v.minLength(1, encodeMessage('required', { name: 'itemIds' })),
      v.maxLength(
        DOCUMENT_MAX_ITEMS,
        encodeMessage('maxLength', { name: 'itemIds', length: DOCUMENT_MAX_ITEMS }),
      ),
    ),
  ),
  buyer: v.optional(documentBuyerSchema),
  /** Default: today (Asia/Tokyo business day). */
  issueDate: v.optional(dateField('issueDate')),
  /** Credit note: the issued invoice it corrects. */
  originalId: v.optional(uuidField('originalDocument')),
  /** Credit note: why (a return, a cancellation...). */
  reason: v.optional(requiredText('reason', MAX_LENGTH.long)),
});
export type DocumentRequest = v.InferOutput<typeof documentRequestSchema>;
export type DocumentRequestInput = v.InferInput<typeof documentRequestSchema>;

export const orderDocumentsQuerySchema = v.object({ orderId: uuidField('order') });
export const orderDocumentIdQuerySchema = v.object({ id: uuidField('document') });

export const documentBatchSchema = v.object({
  orderIds: v.pipe(
    v.array(uuidField('order')),
    v.minLength(1, encodeMessage('required', { name: 'orderIds' })),
    v.maxLength(
      DOCUMENT_BATCH_MAX_ORDERS,
      encodeMessage('maxLength', { name: 'orderIds', length: DOCUMENT_BATCH_MAX_ORDERS }),
    ),
  ),
  /** A batch issues invoices or receipts (a credit note needs its reason). */
  type: v.picklist(['invoice', 'receipt'] as const, encodeMessage('required', { name: 'type' })),
});
export type DocumentBatchInput = v.InferInput<typeof documentBatchSchema>;

export const documentBatchIdQuerySchema = v.object({ id: uuidField('batch') });

/** An issued document (its PDF at order/document/pdf?id=). Amounts in the document's currency's minor unit. */
export interface OrderDocument {
  id: string;
  orderId: string;
  orderNo: string;
  type: OrderDocumentType;
  /** INV-2026-000042 (formatDocumentNumber). */
  number: string;
  issueDate: string;
  issuerId: string;
  issuerName: string;
  jurisdiction: IssuerCountry;
  language: ReportLanguage;
  currency: string;
  buyerName: string;
  /** The eSIMs it covers. */
  itemIds: string[];
  net: number;
  tax: number;
  gross: number;
  /** Credit note: the invoice it corrects. */
  originalId: string | null;
  originalNumber: string | null;
  reason: string | null;
  /** false while the PDF is still being made (it is made from the stored data on first read). */
  pdfReady: boolean;
  createdAt: string;
  createdBy: string;
}

export interface DocumentIssuerOption {
  id: string;
  legalName: string;
  countryCode: IssuerCountry;
  registrationNumber: string;
}

export interface DocumentItemOption {
  id: string;
  position: number;
  productCode: string;
  productName: string;
  iccid: string | null;
  status: string;
  unitPrice: number;
  /** Issued documents that list this eSIM (number and type), to avoid issuing twice. */
  documents: { id: string; type: OrderDocumentType; number: string }[];
}

export interface DocumentOptions {
  issuers: DocumentIssuerOption[];
  /** The branch's report language (every document of the order is printed in it). */
  language: ReportLanguage;
  buyer: DocumentBuyer;
  items: DocumentItemOption[];
  paid: boolean;
}

export const DOCUMENT_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DocumentBatchStatus = (typeof DOCUMENT_BATCH_STATUSES)[number];

export interface DocumentBatch {
  id: string;
  type: 'invoice' | 'receipt';
  status: DocumentBatchStatus;
  total: number;
  done: number;
  failed: number;
  /**
   * One entry per order that could not be documented, with the reason (an API message: English
   * text, and its key and params for the console to translate).
   */
  errors: {
    orderId: string;
    orderNo: string;
    message: string;
    messageKey?: string;
    messageParams?: MessageParams;
  }[];
  createdAt: string;
  createdBy: string;
}
