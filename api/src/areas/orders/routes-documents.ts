import {
  ORDER_DOCUMENT_MESSAGES,
  RESOURCES,
  documentBatchIdQuerySchema,
  documentBatchSchema,
  documentRequestSchema,
  orderDocumentIdQuerySchema,
  orderDocumentsQuerySchema,
} from '@esim/contracts';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../../audit';
import { rawRoute, route } from '../../http/define-route';
import { partnerScopeOf } from '../partners/public';
import type { AreaRoutes } from '../types';
import { startDocumentBatch, loadDocumentBatch } from './documents-batch';
import {
  documentOptions,
  documentPdf,
  issueDocument,
  listOrderDocuments,
  pdfFileName,
  previewDocument,
  PREVIEW_NUMBER,
} from './documents';
import { readInScope, refuseScoped } from './order-access';

const readOrders = { resource: RESOURCES.orders, action: 'GET' } as const;
const issueOrders = { resource: RESOURCES.orders, action: 'POST' } as const;
const tags = ['orders'];

/** A PDF answer: shown in the browser (inline) under the document's number, never cached. */
function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/**
 * Order documents (issue 16; docs/documents.md "Order documents"): invoices, receipts and credit
 * notes of an order. A partner's own staff list and download their orders' documents; preview,
 * issue, the issue dialog's options and batches are the reseller staff's (403).
 */
export const documentRoutes: AreaRoutes = (deps) => {
  const { db, config } = deps;
  return [
    rawRoute({
      method: 'POST',
      url: 'order/document/preview',
      // Nothing is stored or numbered: a read (POST only because it takes the dialog's body).
      permission: readOrders,
      body: documentRequestSchema,
      summary: 'The PDF of a document as it would be issued, numbered PREVIEW; nothing stored',
      description:
        'Same checks as issuing (422 with the reason). application/pdf. The reseller staff only.',
      tags,
      handler: async ({ body, auth, reply }) => {
        const scope = partnerScopeOf(auth);
        refuseScoped(scope);
        const pdf = await previewDocument(db, body, scope);
        return sendPdf(reply, pdfFileName(`${body.type}-${PREVIEW_NUMBER}`), pdf);
      },
    }),
    route({
      method: 'POST',
      url: 'order/document',
      permission: issueOrders,
      body: documentRequestSchema,
      status: 201,
      summary: 'Issue an invoice, receipt or credit note of an order (numbered, immutable)',
      description:
        'A gapless number per issuer, type and year; the data printed and the PDF are stored and ' +
        'never change (corrections: a credit note naming the invoice). itemIds: a partial ' +
        'export. 422: no branch or issuer, receipt of an unpaid order, items not in the order or ' +
        'not delivered, credit-note rules, no exchange rate for the converted totals. The reseller ' +
        'staff only.',
      tags,
      handler: async ({ body, auth, request }) => {
        const scope = partnerScopeOf(auth);
        refuseScoped(scope);
        const data = await issueDocument(
          { db, log: request.log, pdfAtIssue: config.documentPdfAtIssue },
          body,
          scope,
          actorOf(auth),
        );
        return { data, message: ORDER_DOCUMENT_MESSAGES.issued({ number: data.number }) };
      },
    }),
    route({
      method: 'GET',
      url: 'order/document/list',
      permission: readOrders,
      query: orderDocumentsQuerySchema,
      summary: "An order's issued documents, newest first",
      tags,
      handler: async ({ query, auth }) => {
        const scope = partnerScopeOf(auth);
        return {
          data: await readInScope(db, scope, (q) => listOrderDocuments(q, query.orderId, scope)),
        };
      },
    }),
    rawRoute({
      method: 'GET',
      url: 'order/document/pdf',
      permission: readOrders,
      query: orderDocumentIdQuerySchema,
      summary: "An issued document's stored PDF (made from its stored data when not yet made)",
      description: "application/pdf; 422 'Error generating PDF.' when it cannot be made.",
      tags,
      handler: async ({ query, auth, reply, request }) => {
        const scope = partnerScopeOf(auth);
        const { fileName, pdf } = await documentPdf(
          db,
          (fn) => readInScope(db, scope, fn),
          query.id,
          scope,
          request.log,
        );
        return sendPdf(reply, fileName, pdf);
      },
    }),
    route({
      method: 'GET',
      url: 'order/document/options',
      permission: readOrders,
      query: orderDocumentsQuerySchema,
      summary: "The issue dialog's choices: issuers, report language, buyer, eSIMs",
      description: 'The reseller staff only (issuing is theirs).',
      tags,
      handler: async ({ query, auth }) => {
        const scope = partnerScopeOf(auth);
        refuseScoped(scope);
        return { data: await documentOptions(db, query.orderId, scope) };
      },
    }),
    route({
      method: 'POST',
      url: 'order/document/batch',
      permission: issueOrders,
      body: documentBatchSchema,
      status: 202,
      summary: 'Issue one invoice or receipt per order, as a background job',
      description:
        'Every delivered eSIM of each order, the branch first issuer, the default buyer. An order ' +
        'that cannot be documented is listed in errors; the others are issued. Progress: GET ' +
        'order/document/batch?id=. The reseller staff only.',
      tags,
      handler: async ({ body, auth }) => {
        refuseScoped(partnerScopeOf(auth));
        const data = await startDocumentBatch(deps, body, actorOf(auth));
        return { data, message: ORDER_DOCUMENT_MESSAGES.batchStarted({ count: data.total }) };
      },
    }),
    route({
      method: 'GET',
      url: 'order/document/batch',
      permission: readOrders,
      query: documentBatchIdQuerySchema,
      summary: "A document batch's progress: done, failed, and why",
      description: 'The reseller staff only.',
      tags,
      handler: async ({ query, auth }) => {
        refuseScoped(partnerScopeOf(auth));
        return { data: await loadDocumentBatch(db, query.id) };
      },
    }),
  ];
};
