import type { AreaDeps } from '../types';

/** The job kind that delivers an order's API-product eSIMs through the supplier's connector. */
export const ORDER_DELIVERY_JOB = 'order.deliver';

/**
 * Starts supplier delivery of the order's API items (delivery-job.ts). Called by the purchase
 * after its transaction commits (the job queue writes in its own transaction) and by
 * order/retry-delivery; a scheduled sweep (delivery-sweep.ts) picks up an order whose start was
 * lost.
 */
export async function startOrderDelivery(
  deps: Pick<AreaDeps, 'jobs'>,
  orderId: string,
  createdBy: string,
): Promise<void> {
  await deps.jobs.enqueue({ kind: ORDER_DELIVERY_JOB, payload: { orderId }, createdBy });
}
