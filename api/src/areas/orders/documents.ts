/**
 * Order documents (issue 16; docs/documents.md "Order documents", decision 0022): preview, issue,
 * list, options, and the stored PDF.
 *
 * Issue: (1) prepareDocument reads and checks everything (documents-data.ts), no transaction;
 * (2) ONE short transaction takes the gapless number (allocateDocumentNumber locks the issuer's
 * sequence row of the type and year until it ends), inserts the document with its data snapshot
 * and audits it on the order; (3) after the commit the PDF is rendered from the snapshot and stored
 * (once: the table refuses any other change). A render that fails leaves the PDF NULL: the first
 * download renders it again from the same snapshot.
 */
import {
  ORDER_DOCUMENT_MESSAGES,
  type DocumentIssuerOption,
  type DocumentItemOption,
  type DocumentOptions,
  type DocumentRequest,
  type IssuerCountry,
  type OrderDocument,
  type OrderDocumentType,
  type ReportLanguage,
} from '@esim/contracts';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit, type AuditActor, type Queryable, type Tx } from '../../audit';
import type { Db } from '../../db/client';
import { renderDocumentPdf, type DocumentData } from '../../documents';
import { BusinessRuleError, NotFoundError } from '../../http/errors';
import { allocateDocumentNumber, formatDocumentNumber } from '../branches/public';
import { iso, parseJson, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { orderAudit } from './audit';
import {
  branchForDocument,
  branchIssuers,
  defaultBuyer,
  lastPrintedBuyer,
  orderForDocument,
  orderItemsForDocument,
  prepareDocument,
  refuseCredited,
  type PreparedDocument,
} from './documents-data';
import { scopeCondition } from './order-access';
import { textArray } from './pricing';

/** The number a preview prints: it takes none. */
export const PREVIEW_NUMBER = 'PREVIEW';

/** What issuing needs besides the request. */
export interface IssueContext {
  db: Db;
  log: FastifyBaseLogger;
  /** Render the PDF right after the commit (config.documentPdfAtIssue), else at first download. */
  pdfAtIssue: boolean;
}

interface DocumentRow {
  id: string;
  order_id: string;
  order_no: string;
  type: OrderDocumentType;
  number: string;
  issue_date: string;
  issuer_id: string;
  issuer_name: string;
  jurisdiction: IssuerCountry;
  language: ReportLanguage;
  currency: string;
  buyer_name: string;
  item_ids: string[] | string;
  net: number | string;
  tax: number | string;
  gross: number | string;
  original_id: string | null;
  original_number: string | null;
  reason: string | null;
  pdf_ready: boolean;
  created_at: Date | string;
  created_by: string;
}

const DOCUMENT_COLUMNS = sql`
  d.id, d.order_id, o.order_no, d.type, d.number, d.issue_date::text AS issue_date, d.issuer_id,
  d.data->'issuer'->>'name' AS issuer_name, d.jurisdiction, d.language, d.currency, d.buyer_name,
  d.item_ids, d.net, d.tax, d.gross, d.original_id, od.number AS original_number, d.reason,
  d.pdf IS NOT NULL AS pdf_ready, d.created_at, d.created_by`;

const DOCUMENT_FROM = sql`
  order_documents d JOIN orders o ON o.id = d.order_id
  LEFT JOIN order_documents od ON od.id = d.original_id`;

function toOrderDocument(row: DocumentRow): OrderDocument {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNo: row.order_no,
    type: row.type,
    number: row.number,
    issueDate: row.issue_date,
    issuerId: row.issuer_id,
    issuerName: row.issuer_name,
    jurisdiction: row.jurisdiction,
    language: row.language,
    currency: row.currency,
    buyerName: row.buyer_name,
    itemIds: textArray(row.item_ids),
    net: Number(row.net),
    tax: Number(row.tax),
    gross: Number(row.gross),
    originalId: row.original_id,
    originalNumber: row.original_number,
    reason: row.reason,
    pdfReady: Boolean(row.pdf_ready),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
  };
}

/** One issued document within the caller's scope, or 404. */
export async function loadOrderDocument(
  q: Queryable,
  id: string,
  scope: PartnerScope,
): Promise<OrderDocument> {
  const [row] = rowsOf<DocumentRow>(
    await q.execute(sql`
      SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM}
      WHERE d.id = ${id} AND ${scopeCondition(scope, 'd')}`),
  );
  if (!row) throw new NotFoundError('Document');
  return toOrderDocument(row);
}

/** GET order/document/list?orderId=: the order's documents, newest first. */
export async function listOrderDocuments(
  q: Queryable,
  orderId: string,
  scope: PartnerScope,
): Promise<OrderDocument[]> {
  await orderForDocument(q, orderId, scope);
  return rowsOf<DocumentRow>(
    await q.execute(sql`
      SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM}
      WHERE d.order_id = ${orderId} AND ${scopeCondition(scope, 'd')}
      ORDER BY d.created_at DESC, d.number DESC, d.id DESC`),
  ).map(toOrderDocument);
}

/** POST order/document/preview: the PDF as it would be issued, numbered 'PREVIEW'; nothing stored. */
export async function previewDocument(
  db: Db,
  request: DocumentRequest,
  scope: PartnerScope,
): Promise<Buffer> {
  const prepared = await prepareDocument(db, request, scope);
  return renderOrPdfError({ ...prepared.data, number: PREVIEW_NUMBER });
}

/** The PDF of a document's data, or 422 'Error generating PDF.' (the render's cause logged). */
async function renderOrPdfError(data: DocumentData, log?: FastifyBaseLogger): Promise<Buffer> {
  try {
    return await renderDocumentPdf(data);
  } catch (error) {
    log?.error({ err: error, number: data.number }, 'document PDF not generated');
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.pdfError);
  }
}

/** The number, the row and its audit entry: the issuing transaction. */
async function storeIssued(
  tx: Tx,
  prepared: PreparedDocument,
  actor: AuditActor,
): Promise<{ id: string; data: DocumentData }> {
  if (prepared.originalId) {
    // Credit notes of one invoice take turns: the check below sees the ones committed before.
    await tx.execute(
      sql`SELECT id FROM order_documents WHERE id = ${prepared.originalId} FOR UPDATE`,
    );
    const items = await orderItemsForDocument(tx, prepared.orderId);
    const chosen = new Set(prepared.itemIds);
    await refuseCredited(
      tx,
      prepared.originalId,
      items.filter((item) => chosen.has(item.id)),
    );
  }
  const sequence = await allocateDocumentNumber(tx, {
    issuerId: prepared.issuerId,
    documentType: prepared.type,
    year: prepared.year,
  });
  const number = formatDocumentNumber(prepared.type, prepared.year, sequence);
  const data: DocumentData = { ...prepared.data, number };
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO order_documents (order_id, partner_id, issuer_id, branch_id, type, jurisdiction,
        number, year, sequence, issue_date, item_ids, original_id, reason, language, currency,
        buyer_name, net, tax, gross, data, created_by)
      VALUES (${prepared.orderId}, ${prepared.partnerId}, ${prepared.issuerId},
        ${prepared.branchId}, ${prepared.type}, ${data.jurisdiction}, ${number}, ${prepared.year},
        ${sequence}, ${data.issueDate}::date, ${sql.param(prepared.itemIds)}::uuid[],
        ${prepared.originalId}, ${prepared.reason}, ${data.language}, ${data.currency},
        ${data.buyer.name}, ${data.totals.net}, ${data.totals.tax}, ${data.totals.gross},
        ${JSON.stringify(data)}::jsonb, ${actor.email})
      RETURNING id`),
  );
  if (!row) throw new Error('order document not stored');
  await recordAudit(tx, {
    entityType: orderAudit.type,
    entityId: prepared.orderId,
    action: 'update',
    actor,
    before: { document: null },
    after: {
      document: {
        id: row.id,
        type: prepared.type,
        number,
        issueDate: data.issueDate,
        issuer: data.issuer.name,
        buyer: data.buyer.name,
        items: prepared.itemIds.length,
        gross: data.totals.gross,
        currency: data.currency,
        ...(prepared.originalId ? { original: data.original?.number ?? null } : {}),
      },
    },
  });
  return { id: row.id, data };
}

/**
 * Stores a document's PDF, once (the table refuses a second). False when another request stored
 * it first.
 */
async function storePdf(db: Db, id: string, pdf: Buffer): Promise<boolean> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const stored = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE order_documents SET pdf = decode(${pdf.toString('hex')}, 'hex'), pdf_sha256 = ${sha256}
      WHERE id = ${id} AND pdf IS NULL
      RETURNING id`),
  );
  return stored.length > 0;
}

/** Renders and stores the PDF of an issued document; a failure is logged and leaves it NULL. */
export async function renderAndStore(
  ctx: Pick<IssueContext, 'db' | 'log'>,
  id: string,
  data: DocumentData,
): Promise<void> {
  try {
    await storePdf(ctx.db, id, await renderDocumentPdf(data));
  } catch (error) {
    ctx.log.error({ err: error, documentId: id, number: data.number }, 'document PDF not stored');
  }
}

/**
 * POST order/document: issues the document (numbered, stored, audited), then its PDF. The
 * caller has checked the scope (issuing is the reseller staff's).
 */
export async function issueDocument(
  ctx: IssueContext,
  request: DocumentRequest,
  scope: PartnerScope,
  actor: AuditActor,
): Promise<OrderDocument> {
  const prepared = await prepareDocument(ctx.db, request, scope);
  const issued = await ctx.db.transaction((tx) => storeIssued(tx, prepared, actor));
  if (ctx.pdfAtIssue) await renderAndStore(ctx, issued.id, issued.data);
  return loadOrderDocument(ctx.db, issued.id, scope);
}

export interface DocumentPdf {
  fileName: string;
  pdf: Buffer;
}

/** A file name that is safe in a Content-Disposition header: the document number. */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}

/**
 * GET order/document/pdf?id=: the stored PDF; one not made yet (or whose render failed) is
 * rendered from the stored data now and stored. 422 'Error generating PDF.' when it fails again.
 */
export async function documentPdf(
  db: Db,
  read: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  id: string,
  scope: PartnerScope,
  log: FastifyBaseLogger,
): Promise<DocumentPdf> {
  const [row] = await read(async (q) =>
    rowsOf<{ number: string; data: DocumentData | string; pdf: Buffer | Uint8Array | null }>(
      await q.execute(sql`
        SELECT d.number, d.data, d.pdf FROM order_documents d
        WHERE d.id = ${id} AND ${scopeCondition(scope, 'd')}`),
    ),
  );
  if (!row) throw new NotFoundError('Document');
  const fileName = pdfFileName(row.number);
  if (row.pdf) return { fileName, pdf: Buffer.from(row.pdf) };
  const data = parseJson<DocumentData>(row.data)!;
  const pdf = await renderOrPdfError(data, log);
  if (await storePdf(db, id, pdf)) return { fileName, pdf };
  // Stored by a concurrent download meanwhile: answer the stored one.
  const [stored] = rowsOf<{ pdf: Buffer | Uint8Array }>(
    await db.execute(sql`SELECT pdf FROM order_documents WHERE id = ${id}`),
  );
  return { fileName, pdf: stored?.pdf ? Buffer.from(stored.pdf) : pdf };
}

/** GET order/document/options?orderId=: what the issue dialog offers. */
export async function documentOptions(
  q: Queryable,
  orderId: string,
  scope: PartnerScope,
): Promise<DocumentOptions> {
  const order = await orderForDocument(q, orderId, scope);
  const branch = order.branch_id ? await branchForDocument(q, order.branch_id) : null;
  const issuers: DocumentIssuerOption[] = order.branch_id
    ? (await branchIssuers(q, order.branch_id)).map((issuer) => ({
        id: issuer.id,
        legalName: issuer.legal_name,
        countryCode: issuer.country_code,
        registrationNumber: issuer.registration_number,
      }))
    : [];
  const documents = rowsOf<{
    id: string;
    type: OrderDocumentType;
    number: string;
    item_ids: string[] | string;
  }>(
    await q.execute(sql`
      SELECT id, type, number, item_ids FROM order_documents
      WHERE order_id = ${order.id} ORDER BY created_at, id`),
  );
  const covering = new Map<string, DocumentItemOption['documents']>();
  for (const document of documents) {
    for (const itemId of textArray(document.item_ids)) {
      const entry = { id: document.id, type: document.type, number: document.number };
      covering.set(itemId, [...(covering.get(itemId) ?? []), entry]);
    }
  }
  const items: DocumentItemOption[] = (await orderItemsForDocument(q, order.id))
    .filter((item) => item.status !== 'removed')
    .map((item) => ({
      id: item.id,
      position: item.position,
      productCode: item.product_code,
      productName: item.product_name,
      iccid: item.iccid,
      status: item.status,
      unitPrice: Number(item.unit_price),
      documents: covering.get(item.id) ?? [],
    }));
  return {
    issuers,
    language: branch?.report_language ?? 'en',
    buyer: defaultBuyer(await lastPrintedBuyer(q, order.partner_id), order.partner_name),
    items,
    paid: order.payment_status === 'paid',
  };
}
