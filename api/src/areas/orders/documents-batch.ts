/**
 * Documents for many orders at once (POST order/document/batch; docs/documents.md "Order
 * documents"): a document_batches row, then the job ORDER_DOCUMENT_BATCH_JOB issues one document
 * per order (every delivered eSIM, the branch's first issuer, the default buyer), each in its own
 * short transaction as a single issue does, and records its progress on the row as it goes. An
 * order that cannot be documented becomes an error entry with the refusal's message; the batch
 * goes on. GET order/document/batch?id= answers the progress.
 */
import {
  type DocumentBatch,
  type DocumentBatchInput,
  type DocumentBatchStatus,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { AuditActor, Queryable } from '../../audit';
import { AppError, ERROR_MESSAGES, NotFoundError } from '../../http/errors';
import { NO_RETRY, type JobHandler, type JobPolicy } from '../../jobs';
import { iso, parseJson, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import type { AreaDeps } from '../types';
import { issueDocument } from './documents';
import { textArray } from './pricing';

/** The job kind that issues a batch's documents. */
export const ORDER_DOCUMENT_BATCH_JOB = 'order.document.batch';

/**
 * Never retried: the documents issued before a failure are issued (numbered, immutable); a retry
 * would issue them again. A batch whose job died is answered 'failed' (its job record says so).
 */
export const ORDER_DOCUMENT_BATCH_POLICY: JobPolicy = { ...NO_RETRY, expireInSeconds: 60 * 60 };

interface BatchRow {
  id: string;
  type: DocumentBatch['type'];
  status: DocumentBatchStatus;
  total: number;
  done: number;
  failed: number;
  errors: DocumentBatch['errors'] | string;
  order_ids: string[] | string;
  job_status: string | null;
  created_at: Date | string;
  created_by: string;
}

function toBatch(row: BatchRow): DocumentBatch {
  const unfinished = row.status === 'queued' || row.status === 'running';
  return {
    id: row.id,
    type: row.type,
    // The job died (a worker stopped, a stale job failed) before the batch finished.
    status: unfinished && row.job_status === 'failed' ? 'failed' : row.status,
    total: Number(row.total),
    done: Number(row.done),
    failed: Number(row.failed),
    errors: parseJson<DocumentBatch['errors']>(row.errors) ?? [],
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
  };
}

/** GET order/document/batch?id=: the batch and its progress, or 404. */
export async function loadDocumentBatch(q: Queryable, id: string): Promise<DocumentBatch> {
  const [row] = rowsOf<BatchRow>(
    await q.execute(sql`
      SELECT b.id, b.type, b.status, b.total, b.done, b.failed, b.errors, b.order_ids,
             j.status AS job_status, b.created_at, b.created_by
      FROM document_batches b LEFT JOIN jobs j ON j.id = b.job_id
      WHERE b.id = ${id}`),
  );
  if (!row) throw new NotFoundError('Document batch');
  return toBatch(row);
}

/**
 * POST order/document/batch: the batch row and its job. Every order must exist (404 otherwise);
 * an order named twice is documented once.
 */
export async function startDocumentBatch(
  deps: Pick<AreaDeps, 'db' | 'jobs'>,
  input: DocumentBatchInput,
  actor: AuditActor,
): Promise<DocumentBatch> {
  const orderIds = [...new Set(input.orderIds.map((id) => id.toLowerCase()))];
  const found = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      SELECT id FROM orders WHERE id = ANY(${sql.param(orderIds)}::uuid[])`),
  );
  if (found.length !== orderIds.length) throw new NotFoundError('Order');
  const [batch] = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      INSERT INTO document_batches (type, total, order_ids, created_by)
      VALUES (${input.type}, ${orderIds.length}, ${sql.param(orderIds)}::uuid[], ${actor.email})
      RETURNING id`),
  );
  if (!batch) throw new Error('document batch not stored');
  try {
    const jobId = await deps.jobs.enqueue({
      kind: ORDER_DOCUMENT_BATCH_JOB,
      payload: { batchId: batch.id, userId: actor.userId },
      createdBy: actor.email,
      total: orderIds.length,
    });
    await deps.db.execute(
      sql`UPDATE document_batches SET job_id = ${jobId} WHERE id = ${batch.id}`,
    );
  } catch (error) {
    await deps.db.execute(sql`
      UPDATE document_batches SET status = 'failed', updated_at = now() WHERE id = ${batch.id}`);
    throw error;
  }
  return loadDocumentBatch(deps.db, batch.id);
}

/** The job issues as the reseller's staff who started the batch (scoped callers cannot). */
const RESELLER: PartnerScope = { all: true };

type BatchError = DocumentBatch['errors'][number];

/** An order's refusal as the batch lists it: the API message (text, key, params). */
function batchError(orderId: string, orderNo: string, refusal: unknown): BatchError {
  const item = refusal instanceof AppError ? refusal.errors[0] : undefined;
  if (!item) {
    return {
      orderId,
      orderNo,
      message: ERROR_MESSAGES.default.text,
      messageKey: ERROR_MESSAGES.default.key,
    };
  }
  return {
    orderId,
    orderNo,
    message: item.message,
    messageKey: item.key,
    ...(item.params ? { messageParams: item.params } : {}),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job: one document per order of the batch, progress on the batch row. */
export function documentBatchHandler(deps: AreaDeps): JobHandler {
  return async (ctx) => {
    const batchId = ctx.job.payload.batchId;
    if (typeof batchId !== 'string' || !UUID.test(batchId)) return { skipped: 'no batch' };
    const userId = ctx.job.payload.userId;
    const [batch] = rowsOf<{
      type: 'invoice' | 'receipt';
      order_ids: string[] | string;
    }>(
      await deps.db.execute(sql`
        UPDATE document_batches SET status = 'running', updated_at = now()
        WHERE id = ${batchId} AND status = 'queued'
        RETURNING type, order_ids`),
    );
    // Gone, or already run by an earlier delivery of this job.
    if (!batch) return { skipped: 'not queued' };
    const actor: AuditActor = {
      userId: typeof userId === 'string' && UUID.test(userId) ? userId : null,
      email: ctx.job.createdBy,
    };
    const orderIds = textArray(batch.order_ids);
    const issue = {
      db: deps.db,
      log: ctx.log,
      pdfAtIssue: deps.config.documentPdfAtIssue,
    };
    let done = 0;
    let failed = 0;
    for (const [index, orderId] of orderIds.entries()) {
      let error: BatchError | null = null;
      try {
        await issueDocument(issue, { orderId, type: batch.type }, RESELLER, actor);
        done += 1;
      } catch (refusal) {
        if (!(refusal instanceof AppError)) {
          ctx.log.error({ err: refusal, batchId, orderId }, 'batch document failed unexpectedly');
        }
        failed += 1;
        error = batchError(orderId, await orderNoOf(deps, orderId), refusal);
      }
      await deps.db.execute(sql`
        UPDATE document_batches SET done = ${done}, failed = ${failed},
          errors = ${error ? sql`errors || ${JSON.stringify([error])}::jsonb` : sql`errors`},
          status = ${index === orderIds.length - 1 ? 'done' : 'running'}, updated_at = now()
        WHERE id = ${batchId}`);
      ctx.progress(index + 1, orderIds.length);
    }
    return { batchId, done, failed };
  };
}

async function orderNoOf(deps: Pick<AreaDeps, 'db'>, orderId: string): Promise<string> {
  const [row] = rowsOf<{ order_no: string }>(
    await deps.db.execute(sql`SELECT order_no FROM orders WHERE id = ${orderId}`),
  );
  return row?.order_no ?? '';
}
