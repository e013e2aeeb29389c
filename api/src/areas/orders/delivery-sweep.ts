/**
 * Restarts deliveries whose start was lost: the purchase enqueues the delivery after its
 * transaction commits, so a process that dies in between leaves API items 'pending' with no job;
 * a worker that dies mid-delivery leaves them 'processing' once its job is failed as stale.
 * Every minute, an order with such items unchanged for a minute and no delivery job queued or
 * running gets a new one. Idempotent: the new job is queued, so the next run skips the order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NewJob, ScheduledTask } from '../../jobs';
import { rowsOf } from '../list-helpers';
import { ORDER_DELIVERY_JOB } from './delivery';

/** Items unchanged this long with no job are taken as lost. */
export const LOST_DELIVERY_AFTER_MS = 60_000;
/** Orders restarted per run (the next minute takes the rest). */
const SWEEP_BATCH = 200;

export async function restartLostDeliveries(
  db: Db,
  jobs: { enqueue(job: NewJob): Promise<string> },
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - LOST_DELIVERY_AFTER_MS);
  const orders = rowsOf<{ order_id: string }>(
    await db.execute(sql`
      SELECT DISTINCT i.order_id
      FROM order_items i
      JOIN order_lines l ON l.id = i.line_id AND l.delivery_type = 'api'
      WHERE i.status IN ('pending', 'processing') AND i.updated_at < ${before.toISOString()}
        AND NOT EXISTS (
          SELECT 1 FROM jobs j
          WHERE j.kind = ${ORDER_DELIVERY_JOB} AND j.status IN ('queued', 'running')
            AND j.payload->>'orderId' = i.order_id::text)
      LIMIT ${SWEEP_BATCH}`),
  );
  for (const { order_id: orderId } of orders) {
    await jobs.enqueue({ kind: ORDER_DELIVERY_JOB, payload: { orderId }, createdBy: 'system' });
  }
  return orders.length;
}

export const ORDER_DELIVERY_SWEEP: ScheduledTask = {
  name: 'orders.restartLostDeliveries',
  description:
    'API items waiting a minute with no delivery job -> delivery restarted (every minute)',
  run: async ({ db, jobs, now }) => (jobs ? restartLostDeliveries(db, jobs, now) : 0),
};
