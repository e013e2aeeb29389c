import { ORDER_MESSAGES, paymentStatusOf, type RecordPaymentInput } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Tx } from '../../audit';
import { keyedMessage } from '../../csv';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../http/errors';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { orderAudit } from './audit';
import { findOrder, scopeCondition, type LockedOrder } from './order-access';

/** One payment entry as recorded (RecordPaymentInput after validation). */
export interface PaymentEntry {
  amount: number;
  paidOn: string;
  method: string;
  reference: string | null;
}

export const toPaymentEntry = (input: RecordPaymentInput & { reference?: string | null }) => ({
  amount: input.amount,
  paidOn: input.paidOn,
  method: input.method,
  reference: input.reference ? input.reference : null,
});

/** Why an entry cannot be recorded on the order (null = it can). */
export type PaymentRefusal = 'tooLarge' | 'duplicateReference';

/** Whether the order (locked) already has an entry with this reference. */
export async function hasReference(tx: Tx, orderId: string, reference: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT 1 FROM order_payments WHERE order_id = ${orderId} AND reference = ${reference}`),
  );
  return rows.length > 0;
}

/** Sets paid_amount and the payment status that follows from it, audited on the order. */
async function setPaidAmount(
  tx: Tx,
  order: LockedOrder,
  paidAmount: number,
  payment: { before: PaymentEntry | null; after: PaymentEntry | null },
  actor: AuditActor,
): Promise<void> {
  const status = paymentStatusOf(paidAmount, Number(order.final_price));
  await tx.execute(sql`
    UPDATE orders SET paid_amount = ${paidAmount}, payment_status = ${status},
           version = version + 1, updated_at = now(), updated_by = ${actor.email}
    WHERE id = ${order.id}`);
  await recordAudit(tx, {
    entityType: orderAudit.type,
    entityId: order.id,
    action: 'update',
    actor,
    before: {
      paidAmount: Number(order.paid_amount),
      paymentStatus: order.payment_status,
      payment: payment.before,
    },
    after: { paidAmount, paymentStatus: status, payment: payment.after },
  });
}

/**
 * Records an entry on an order locked FOR UPDATE by the caller (in `tx`): the entry, the order's
 * paid amount and payment status, its audit entry. Refuses (and writes nothing) when the entries
 * would exceed the final price or the order already has the reference.
 */
export async function addPayment(
  tx: Tx,
  order: LockedOrder,
  entry: PaymentEntry,
  actor: AuditActor,
): Promise<PaymentRefusal | null> {
  const paidAmount = Number(order.paid_amount) + entry.amount;
  if (paidAmount > Number(order.final_price)) return 'tooLarge';
  if (entry.reference && (await hasReference(tx, order.id, entry.reference))) {
    return 'duplicateReference';
  }
  await tx.execute(sql`
    INSERT INTO order_payments (order_id, partner_id, amount, paid_on, method, reference, created_by)
    VALUES (${order.id}, ${order.partner_id}, ${entry.amount}, ${entry.paidOn}::date,
            ${entry.method}, ${entry.reference}, ${actor.email})`);
  await setPaidAmount(tx, order, paidAmount, { before: null, after: entry }, actor);
  order.paid_amount = paidAmount;
  order.payment_status = paymentStatusOf(paidAmount, Number(order.final_price));
  return null;
}

/** POST order/payment: one entry, in the caller's transaction. */
export async function recordPayment(
  tx: Tx,
  input: RecordPaymentInput,
  scope: PartnerScope,
  actor: AuditActor,
): Promise<void> {
  const order = await findOrder(tx, input.orderId, scope, true);
  const refusal = await addPayment(tx, order, toPaymentEntry(input), actor);
  if (refusal === 'tooLarge') {
    throw new BusinessRuleError(
      ORDER_MESSAGES.paymentTooLarge({ total: Number(order.final_price) }),
    );
  }
  if (refusal === 'duplicateReference') {
    throw new ConflictError(keyedMessage('duplicate', { name: 'reference' }), 'reference');
  }
}

/** DELETE order/payment?id=: removes the entry and takes its amount off the order. */
export async function removePayment(
  tx: Tx,
  paymentId: string,
  scope: PartnerScope,
  actor: AuditActor,
): Promise<string> {
  const [found] = rowsOf<{ order_id: string }>(
    await tx.execute(sql`
      SELECT p.order_id FROM order_payments p
      WHERE p.id = ${paymentId} AND ${scopeCondition(scope, 'p')}`),
  );
  if (!found) throw new NotFoundError('Payment');
  const order = await findOrder(tx, found.order_id, scope, true);
  const [removed] = rowsOf<{
    amount: number | string;
    paid_on: string | Date;
    method: string;
    reference: string | null;
  }>(
    await tx.execute(sql`
      DELETE FROM order_payments WHERE id = ${paymentId} AND order_id = ${order.id}
      RETURNING amount, paid_on::text AS paid_on, method, reference`),
  );
  // Removed by a concurrent call between the two reads.
  if (!removed) throw new NotFoundError('Payment');
  const entry: PaymentEntry = {
    amount: Number(removed.amount),
    paidOn: String(removed.paid_on).slice(0, 10),
    method: removed.method,
    reference: removed.reference,
  };
  await setPaidAmount(
    tx,
    order,
    Math.max(0, Number(order.paid_amount) - entry.amount),
    { before: entry, after: null },
    actor,
  );
  return order.id;
}
