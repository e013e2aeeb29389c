/**
 * The delivery job (ORDER_DELIVERY_JOB; docs/orders.md "Supplier delivery"): an order's API items
 * go to their suppliers, one supplier order per supplier, and come back as eSIMs.
 *
 * 1. One transaction: the undelivered API items -> 'processing' (one more attempt), the order
 *    -> 'processing'.
 * 2. Per supplier, no transaction open: validate, then the transaction with the order's
 *    Idempotency-Key as reference (a supplier that keeps it answers a repeat with the same order);
 *    its order reference (and ICCIDs) are committed on the items at once, so no later attempt
 *    buys again; then the assignments of that order.
 * 3. One transaction: the eSIMs on their items (activation codes sealed and masked), failures
 *    recorded, the order settled (success / failed, audited) and the job marked done with it.
 *
 * A failure worth retrying (supplier down, slow, busy, still processing) leaves the items
 * 'processing' with the reason and throws, so the queue tries again (SUPPLIER_CALL_RETRY); on the
 * last attempt, or for a failure no retry mends (key refused, unknown bundle, no connector,
 * unreadable answer), the items are 'failed' and the order 'failed' for staff to retry.
 */
import { ERROR_CODES, type ApiMessage } from '@esim/contracts';
import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { SupplierError, isRetryableSupplierError, type SupplierConnector } from '../../connectors';
import type { Db } from '../../db/client';
import { suppliers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { SUPPLIER_CALL_RETRY, type JobHandler, type JobPolicy } from '../../jobs';
import { createSecretBox, type SecretBox } from '../../secrets';
import { maskActivationCode } from '../stock/public';
import { iccidsForItems, matchAssignments } from './delivery-assignments';
import {
  DELIVERY_MESSAGES,
  DeliveryStop,
  deliveryConnectors,
  type ConnectorFor,
  type DeliveryConnectorOptions,
  type SupplierRow,
} from './delivery-connector';
import {
  claimDeliveryItems,
  lockDeliveryOrder,
  olderDeliveryRunning,
  recordDeliveryFailure,
  recordSupplierOrder,
  settleOrder,
  storeDelivered,
  type DeliveredEsim,
  type DeliveryItem,
  type DeliveryOrder,
  type DeliveryOutcome,
} from './delivery-records';
import { ORDER_ACTIVATION_CODE_PURPOSE } from './order-items';

export interface OrderDeliveryOptions extends DeliveryConnectorOptions {
  /** The retry policy the queue runs the job with (default SUPPLIER_CALL_RETRY). */
  policy?: JobPolicy;
}

/** What a job record shows while the queue waits to try again: the supplier's fixed text. */
class DeliveryRetryError extends AppError {
  constructor(message: ApiMessage) {
    super(502, ERROR_CODES.supplierUnavailable, message);
  }
}

type GroupResult =
  { items: DeliveryItem[]; delivered: DeliveredEsim[] } | { items: DeliveryItem[]; error: unknown };

export interface OrderDeliveryResult {
  orderId: string | null;
  /** yielded: an older job of the order was running and delivers it. */
  outcome: DeliveryOutcome | 'nothingToDeliver' | 'yielded';
  delivered: number;
  failed: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderIdOf(payload: Record<string, unknown>): string | null {
  const id = payload.orderId;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

function groupBy<T>(list: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/** The reason recorded on the items, and whether another attempt may mend it. */
function failureOf(error: unknown): { reason: ApiMessage; retryable: boolean } {
  if (error instanceof SupplierError) {
    return { reason: error.apiMessage, retryable: isRetryableSupplierError(error) };
  }
  if (error instanceof DeliveryStop) return { reason: error.apiMessage, retryable: false };
  return { reason: DELIVERY_MESSAGES.unexpected, retryable: true };
}

/** Delivers one supplier's items: their eSIMs, or it throws why not. */
async function deliverGroup(
  connector: SupplierConnector,
  order: DeliveryOrder,
  items: DeliveryItem[],
  db: Db,
  codes: SecretBox,
): Promise<DeliveredEsim[]> {
  const unplaced = items.filter((item) => !item.supplierReference);
  let placed = items.filter((item) => item.supplierReference);
  if (unplaced.length > 0) {
    const lines = [...groupBy(unplaced, (item) => item.bundle)].map(([bundle, list]) => ({
      bundle,
      quantity: list.length,
    }));
    await connector.createOrder(lines, { validateOnly: true });
    const result = await connector.createOrder(lines, { reference: order.reference });
    if (!result.orderReference) throw new SupplierError('malformed');
    const named = iccidsForItems(unplaced, result.esims);
    await recordSupplierOrder(
      db,
      result.orderReference,
      named,
      unplaced.map((item) => item.id),
    );
    placed = [
      ...placed,
      ...unplaced.map((item) => ({
        ...item,
        supplierReference: result.orderReference,
        iccid: named.get(item.id) ?? item.iccid,
      })),
    ];
  }
  const delivered: DeliveredEsim[] = [];
  for (const [reference, list] of groupBy(placed, (item) => item.supplierReference ?? '')) {
    const matched = matchAssignments(list, await connector.getAssignments(reference));
    for (const item of list) {
      const assignment = matched.get(item.id);
      if (!assignment) throw new SupplierError('processing');
      delivered.push({
        itemId: item.id,
        iccid: assignment.iccid,
        smdpAddress: assignment.smdpAddress,
        activationCodeSealed: codes.seal(assignment.activationCode),
        activationCodeMasked: maskActivationCode(assignment.activationCode).masked,
        supplierReference: reference,
      });
    }
  }
  return delivered;
}

async function suppliersOf(db: Db, ids: string[]): Promise<Map<string, SupplierRow>> {
  const rows =
    ids.length > 0 ? await db.select().from(suppliers).where(inArray(suppliers.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

export function orderDeliveryHandler(
  deps: {
    db: Db;
    config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir' | 'outboundAllowList'>;
  },
  options: OrderDeliveryOptions = {},
): JobHandler {
  const { db } = deps;
  const policy = options.policy ?? SUPPLIER_CALL_RETRY;
  const connectorFor: ConnectorFor = deliveryConnectors(deps.config, options);
  const codes = createSecretBox(deps.config, ORDER_ACTIVATION_CODE_PURPOSE);

  return async (ctx): Promise<OrderDeliveryResult> => {
    const orderId = orderIdOf(ctx.job.payload);
    const nothing: OrderDeliveryResult = {
      orderId,
      outcome: 'nothingToDeliver',
      delivered: 0,
      failed: 0,
    };
    if (!orderId) return nothing;
    const started = await db.transaction(async (tx) => {
      const order = await lockDeliveryOrder(tx, orderId);
      if (!order) return null;
      if (await olderDeliveryRunning(tx, orderId, ctx.job.id)) return 'yielded' as const;
      return { order, items: await claimDeliveryItems(tx, order) };
    });
    if (started === 'yielded') return { ...nothing, outcome: 'yielded' };
    if (!started || started.items.length === 0) return nothing;
    const { order } = started;

    const groups = groupBy(started.items, (item) => item.supplierId);
    const rows = await suppliersOf(db, [...groups.keys()]);
    const results: GroupResult[] = [];
    for (const [supplierId, items] of groups) {
      try {
        const row = rows.get(supplierId);
        if (!row) throw new DeliveryStop(DELIVERY_MESSAGES.noConnector);
        results.push({
          items,
          delivered: await deliverGroup(connectorFor(row), order, items, db, codes),
        });
      } catch (error) {
        if (!(error instanceof SupplierError || error instanceof DeliveryStop)) {
          ctx.log.error({ err: error, orderId, supplierId }, 'order delivery failed unexpectedly');
        }
        results.push({ items, error });
      }
    }

    // pg-boss counts this try among retryLimit + 1; after the last one nobody tries again.
    const lastAttempt = ctx.job.attempts > policy.retryLimit;
    type Settled = { retry: ApiMessage } | { done: OrderDeliveryResult };
    const settled = await db.transaction(async (tx): Promise<Settled> => {
      await lockDeliveryOrder(tx, orderId);
      let delivered = 0;
      let failed = 0;
      let retry: ApiMessage | null = null;
      for (const group of results) {
        if ('delivered' in group) {
          delivered += await storeDelivered(tx, group.delivered);
          continue;
        }
        const { reason, retryable } = failureOf(group.error);
        const final = lastAttempt || !retryable;
        const ids = group.items.map((item) => item.id);
        await recordDeliveryFailure(tx, ids, reason.text, final);
        if (final) failed += ids.length;
        else retry ??= reason;
      }
      // Delivered eSIMs and the reasons commit; the job stays open for the next attempt.
      if (retry) return { retry };
      const done: OrderDeliveryResult = {
        orderId,
        outcome: await settleOrder(tx, order),
        delivered,
        failed,
      };
      await ctx.completeIn(tx, done);
      return { done };
    });
    if ('retry' in settled) throw new DeliveryRetryError(settled.retry);
    return settled.done;
  };
}
