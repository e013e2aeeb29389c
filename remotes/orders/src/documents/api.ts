import { queryOptions } from '@tanstack/react-query';
import type {
  DocumentBatch,
  DocumentBatchInput,
  DocumentOptions,
  DocumentRequestInput,
  OrderDocument,
} from '@esim/contracts';
import { api, fetchFile } from '@esim/platform';
import { orderKeys } from '../api';

/*
 * The calls of order documents (shared/contracts/src/order-documents.ts). Keys sit under the
 * area's 'orders' key, so a change of the order (a payment, a return) refreshes them too.
 */

export const documentKeys = {
  all: [...orderKeys.all, 'documents'] as const,
  list: (orderId: string) => [...documentKeys.all, 'list', orderId] as const,
  options: (orderId: string) => [...documentKeys.all, 'options', orderId] as const,
  batch: (id: string) => ['orders-document-batch', id] as const,
};

/** How often a running batch is read. */
export const BATCH_POLL_MS = 1_000;

/** GET order/document/list?orderId=: the order's issued documents, newest first. */
export const documentListQuery = (orderId: string) =>
  queryOptions({
    queryKey: documentKeys.list(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderDocument[]>('order/document/list', {
        searchParams: { orderId },
        signal,
        notifyError: false,
      }),
    staleTime: 0,
  });

/** GET order/document/options?orderId=: issuers, buyer, items (with their documents), paid. */
export const documentOptionsQuery = (orderId: string) =>
  queryOptions({
    queryKey: documentKeys.options(orderId),
    queryFn: ({ signal }) =>
      api.get<DocumentOptions>('order/document/options', {
        searchParams: { orderId },
        signal,
        notifyError: false,
      }),
    staleTime: 0,
  });

/** POST order/document: issues it (its number is permanent); the API's message names it. */
export const issueDocument = (input: DocumentRequestInput) =>
  api.post<OrderDocument>('order/document', input, {
    // Rendering the PDF may take a while on a busy machine.
    timeout: 120_000,
  });

/** POST order/document/preview: the PDF as it would be issued (number PREVIEW, nothing kept). */
export const fetchDocumentPreview = (input: DocumentRequestInput, signal: AbortSignal) =>
  fetchFile('order/document/preview', `${input.type}-preview.pdf`, {
    method: 'POST',
    json: input,
    signal,
    notifyError: false,
    timeout: 120_000,
  });

/** GET order/document/pdf?id=: the stored PDF of an issued document. */
export const fetchDocumentPdf = (document: OrderDocument, signal: AbortSignal) =>
  fetchFile('order/document/pdf', `${document.number}.pdf`, {
    searchParams: { id: document.id },
    signal,
    notifyError: false,
    timeout: 120_000,
  });

/** POST order/document/batch: one document per order, as a job (202). */
export const startDocumentBatch = (input: DocumentBatchInput) =>
  api.post<DocumentBatch>('order/document/batch', input);

export const isBatchFinished = (batch: DocumentBatch | undefined) =>
  batch?.status === 'done' || batch?.status === 'failed';

/** GET order/document/batch?id=: read every second until the batch is done or failed. */
export const documentBatchQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.batch(id),
    queryFn: ({ signal }) =>
      api.get<DocumentBatch>('order/document/batch', {
        searchParams: { id },
        signal,
        notifyError: false,
      }),
    refetchInterval: (query) => (isBatchFinished(query.state.data) ? false : BATCH_POLL_MS),
    staleTime: 0,
    retry: 3,
  });
