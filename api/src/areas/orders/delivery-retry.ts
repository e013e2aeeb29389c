/**
 * order/retry-delivery: staff send an order whose supplier delivery failed back to the supplier.
 * Its failed API items go back to 'pending' and the order to 'pending' (audited), then a new
 * delivery job starts. An item whose supplier order was placed keeps that order's reference, so
 * the retry reads its eSIMs instead of buying again.
 */
import { ORDER_MESSAGES } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit, recordAuditMany, type AuditActor, type Tx } from '../../audit';
import { BusinessRuleError } from '../../http/errors';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { orderAudit, orderItemAudit } from './audit';
import { findOrder } from './order-access';

/**
 * Resets the failed API items of a failed order within the caller's scope (404 beyond it);
 * 422 nothingToRetry when the order is not failed (a delivery still runs, or none failed).
 * Returns how many items go back to the supplier.
 */
export async function resetFailedDelivery(
  tx: Tx,
  orderId: string,
  scope: PartnerScope,
  actor: AuditActor,
): Promise<number> {
  await findOrder(tx, orderId, scope, true);
  const [order] = rowsOf<{ processing_status: string; processing_error: string | null }>(
    await tx.execute(sql`
      SELECT processing_status, processing_error FROM orders WHERE id = ${orderId}`),
  );
  if (order?.processing_status !== 'failed') {
    throw new BusinessRuleError(ORDER_MESSAGES.nothingToRetry);
  }
  const items = rowsOf<{ id: string; reason: string | null }>(
    await tx.execute(sql`
      WITH failed AS (
        SELECT i.id, i.delivery_error FROM order_items i
        JOIN order_lines l ON l.id = i.line_id AND l.delivery_type = 'api'
        WHERE i.order_id = ${orderId} AND i.status = 'failed'
        ORDER BY i.position
        FOR UPDATE OF i
      )
      UPDATE order_items i
      SET status = 'pending', delivery_error = NULL, version = i.version + 1, updated_at = now(),
          updated_by = ${actor.email}
      FROM failed WHERE i.id = failed.id
      RETURNING i.id, failed.delivery_error AS reason`),
  );
  if (items.length === 0) throw new BusinessRuleError(ORDER_MESSAGES.nothingToRetry);
  await tx.execute(sql`
    UPDATE orders SET processing_status = 'pending', processing_error = NULL, updated_at = now(),
                      updated_by = ${actor.email}
    WHERE id = ${orderId}`);
  await recordAudit(tx, {
    entityType: orderAudit.type,
    entityId: orderId,
    action: 'update',
    actor,
    before: { processingStatus: 'failed', processingError: order.processing_error, delivery: null },
    after: { processingStatus: 'pending', processingError: null, delivery: 'retried' },
  });
  await recordAuditMany(
    tx,
    items.map((item) => ({
      entityType: orderItemAudit.type,
      entityId: item.id,
      action: 'update' as const,
      actor,
      before: { status: 'failed', deliveryError: item.reason },
      after: { status: 'pending', deliveryError: null },
    })),
  );
  return items.length;
}
