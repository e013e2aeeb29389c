/**
 * What supplier delivery reads and writes of an order (docs/orders.md "Supplier delivery"). The
 * handler calls these in short transactions of its own: it never holds a transaction open across
 * a supplier call.
 */
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR, recordAudit, recordAuditMany, type Queryable, type Tx } from '../../audit';
import { rowsOf } from '../list-helpers';
import { orderAudit, orderItemAudit } from './audit';
import { ORDER_DELIVERY_JOB } from './delivery';

const ACTOR_NAME = SYSTEM_ACTOR.email;

/** An API item waiting for (or in) delivery, with what the supplier needs to know. */
export interface DeliveryItem {
  id: string;
  lineId: string;
  supplierId: string;
  /** The supplier's product name (eSIM Go: the bundle). */
  bundle: string;
  /** Set once the supplier's transaction answered (the checkpoint): never bought again. */
  supplierReference: string | null;
  iccid: string | null;
}

export interface DeliveryOrder {
  id: string;
  /** The order's Idempotency-Key: the supplier's transaction reference. */
  reference: string;
  processingStatus: string;
}

interface ItemRow {
  id: string;
  line_id: string;
  supplier_id: string;
  bundle: string;
  supplier_reference: string | null;
  iccid: string | null;
  position: number;
}

const toItem = (row: ItemRow): DeliveryItem => ({
  id: row.id,
  lineId: row.line_id,
  supplierId: row.supplier_id,
  bundle: row.bundle,
  supplierReference: row.supplier_reference,
  iccid: row.iccid,
});

/** The order, locked for the rest of the transaction; null when it no longer exists. */
export async function lockDeliveryOrder(tx: Tx, orderId: string): Promise<DeliveryOrder | null> {
  const [row] = rowsOf<{ id: string; idempotency_key: string; processing_status: string }>(
    await tx.execute(sql`
      SELECT id, idempotency_key, processing_status FROM orders WHERE id = ${orderId} FOR UPDATE`),
  );
  return row
    ? { id: row.id, reference: row.idempotency_key, processingStatus: row.processing_status }
    : null;
}

/**
 * Whether an older delivery job of the order is running: the newer one then leaves the order to
 * it (two jobs must not call the supplier for the same items at once). A dead older job is failed
 * as stale by the queue, and the sweep then starts a new one.
 */
export async function olderDeliveryRunning(
  tx: Tx,
  orderId: string,
  jobId: string,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT other.id FROM jobs other, jobs me
      WHERE me.id = ${jobId} AND other.kind = ${ORDER_DELIVERY_JOB}
        AND other.status = 'running' AND other.id <> me.id
        AND other.payload->>'orderId' = ${orderId}
        AND (other.created_at, other.id) < (me.created_at, me.id)
      LIMIT 1`),
  );
  return rows.length > 0;
}

/**
 * Marks the order's undelivered API items (pending, or processing from an attempt that did not
 * finish) 'processing' with one more attempt, and the order 'processing'; returns those items.
 */
export async function claimDeliveryItems(tx: Tx, order: DeliveryOrder): Promise<DeliveryItem[]> {
  const rows = rowsOf<ItemRow>(
    await tx.execute(sql`
      UPDATE order_items i
      SET status = 'processing', delivery_attempts = i.delivery_attempts + 1,
          delivery_error = NULL, version = i.version + 1, updated_at = now(),
          updated_by = ${ACTOR_NAME}
      FROM order_lines l
      WHERE l.id = i.line_id AND i.order_id = ${order.id} AND l.delivery_type = 'api'
        AND i.status IN ('pending', 'processing')
      RETURNING i.id, i.line_id, l.supplier_id, coalesce(l.supplier_ref, l.product_code) AS bundle,
                i.supplier_reference, i.iccid, i.position`),
  );
  if (rows.length > 0 && order.processingStatus !== 'processing') {
    await tx.execute(sql`
      UPDATE orders SET processing_status = 'processing', processing_error = NULL,
                        updated_at = now(), updated_by = ${ACTOR_NAME}
      WHERE id = ${order.id}`);
  }
  return rows.sort((a, b) => a.position - b.position).map(toItem);
}

/**
 * The checkpoint after the supplier's transaction answered: its order reference (and the ICCID
 * it named for each item, when it named them) on the items, committed at once, so a later
 * attempt reads the assignments of that order instead of buying again.
 */
export async function recordSupplierOrder(
  db: Queryable,
  reference: string,
  iccids: ReadonlyMap<string, string>,
  itemIds: readonly string[],
): Promise<void> {
  const named = [...iccids.entries()];
  await db.execute(sql`
    UPDATE order_items i
    SET supplier_reference = ${reference},
        iccid = coalesce(named.iccid, i.iccid), updated_at = now()
    FROM (SELECT unnest(${sql.param(itemIds)}::uuid[]) AS id) ids
    LEFT JOIN (
      SELECT unnest(${sql.param(named.map(([id]) => id))}::uuid[]) AS id,
             unnest(${sql.param(named.map(([, iccid]) => iccid))}::text[]) AS iccid
    ) named ON named.id = ids.id
    WHERE i.id = ids.id AND i.status = 'processing'`);
}

/** One delivered eSIM, ready to store (the activation code sealed and masked). */
export interface DeliveredEsim {
  itemId: string;
  iccid: string;
  smdpAddress: string;
  activationCodeSealed: string;
  activationCodeMasked: string;
  supplierReference: string;
}

/** Stores delivered eSIMs on their items (still 'processing'), each audited; returns how many. */
export async function storeDelivered(tx: Tx, esims: readonly DeliveredEsim[]): Promise<number> {
  if (esims.length === 0) return 0;
  const column = <K extends keyof DeliveredEsim>(key: K) => sql.param(esims.map((e) => e[key]));
  const rows = rowsOf<{ id: string; iccid: string; supplier_reference: string }>(
    await tx.execute(sql`
      UPDATE order_items i
      SET status = 'delivered', iccid = d.iccid, smdp_address = d.smdp_address,
          activation_code_sealed = d.sealed, activation_code_masked = d.masked,
          supplier_reference = d.supplier_reference, delivery_error = NULL,
          version = i.version + 1, updated_at = now(), updated_by = ${ACTOR_NAME}
      FROM (
        SELECT unnest(${column('itemId')}::uuid[]) AS id,
               unnest(${column('iccid')}::text[]) AS iccid,
               unnest(${column('smdpAddress')}::text[]) AS smdp_address,
               unnest(${column('activationCodeSealed')}::text[]) AS sealed,
               unnest(${column('activationCodeMasked')}::text[]) AS masked,
               unnest(${column('supplierReference')}::text[]) AS supplier_reference
      ) d
      WHERE i.id = d.id AND i.status = 'processing'
      RETURNING i.id, i.iccid, i.supplier_reference`),
  );
  await recordAuditMany(
    tx,
    rows.map((row) => ({
      entityType: orderItemAudit.type,
      entityId: row.id,
      action: 'update' as const,
      actor: SYSTEM_ACTOR,
      before: { status: 'processing', iccid: null, supplierReference: null, activationCode: null },
      after: {
        status: 'delivered',
        iccid: row.iccid,
        supplierReference: row.supplier_reference,
        activationCode: 'sealed',
      },
      redact: ['activationCode'],
    })),
  );
  return rows.length;
}

/**
 * Records why the items were not delivered. `final`: they are 'failed' (audited) for staff to
 * retry; otherwise they stay 'processing' with the reason until the next attempt.
 */
export async function recordDeliveryFailure(
  tx: Tx,
  itemIds: readonly string[],
  reason: string,
  final: boolean,
): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE order_items
      SET delivery_error = ${reason},
          status = ${final ? 'failed' : 'processing'},
          version = version + ${final ? 1 : 0}, updated_at = now(), updated_by = ${ACTOR_NAME}
      WHERE id = ANY(${sql.param(itemIds)}::uuid[]) AND status = 'processing'
      RETURNING id`),
  );
  if (!final) return;
  await recordAuditMany(
    tx,
    rows.map((row) => ({
      entityType: orderItemAudit.type,
      entityId: row.id,
      action: 'update' as const,
      actor: SYSTEM_ACTOR,
      before: { status: 'processing', deliveryError: null },
      after: { status: 'failed', deliveryError: reason },
    })),
  );
}

export type DeliveryOutcome = 'success' | 'failed' | 'processing';

/**
 * Settles the order once no item of it is waiting any more: 'success' when every live item is
 * delivered, 'failed' (with the first reason) when any failed; audited on the order as
 * 'delivered' or 'deliveryFailed'. 'processing' while items still wait (nothing written).
 */
export async function settleOrder(tx: Tx, order: DeliveryOrder): Promise<DeliveryOutcome> {
  const [counts] = rowsOf<{ waiting: number; failed: number; reason: string | null }>(
    await tx.execute(sql`
      SELECT count(*) FILTER (WHERE status IN ('pending', 'processing'))::int AS waiting,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             (array_agg(delivery_error ORDER BY position)
                FILTER (WHERE status = 'failed'))[1] AS reason
      FROM order_items WHERE order_id = ${order.id}`),
  );
  if (!counts || counts.waiting > 0) return 'processing';
  const outcome = counts.failed > 0 ? 'failed' : 'success';
  const processingError = outcome === 'failed' ? counts.reason : null;
  const [before] = rowsOf<{ processing_status: string; processing_error: string | null }>(
    await tx.execute(sql`
      SELECT processing_status, processing_error FROM orders WHERE id = ${order.id}`),
  );
  // Settled already (a duplicate run found nothing left to do): nothing to write again.
  if (before?.processing_status === outcome) return outcome;
  await tx.execute(sql`
    UPDATE orders SET processing_status = ${outcome}, processing_error = ${processingError},
                      updated_at = now(), updated_by = ${ACTOR_NAME}
    WHERE id = ${order.id}`);
  await recordAudit(tx, {
    entityType: orderAudit.type,
    entityId: order.id,
    action: 'update',
    actor: SYSTEM_ACTOR,
    before: {
      processingStatus: before?.processing_status ?? null,
      processingError: before?.processing_error ?? null,
      delivery: null,
    },
    after: {
      processingStatus: outcome,
      processingError,
      delivery: outcome === 'success' ? 'delivered' : 'deliveryFailed',
    },
  });
  return outcome;
}
