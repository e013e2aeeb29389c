import {
  CAMPAIGN_MESSAGES,
  ORDER_MESSAGES,
  businessToday,
  type OrderDetail,
  type OrderRequest,
} from '@esim/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { actorOf, type AuditActor, type Queryable, type Tx } from '../../audit';
import { canOwnTransactions, withOwnTransaction } from '../../db/own-transaction';
import { orders } from '../../db/schema';
import type { AuthContext } from '../../http/define-route';
import { BusinessRuleError, ConflictError } from '../../http/errors';
import {
  partnerScopeOf,
  partnerScopeStatements,
  withPartnerScope,
  type PartnerScope,
} from '../partners/public';
import { redemptionSql, usedUpCodeOf } from '../campaigns/public';
import type { AreaDeps } from '../types';
import { allocationSql, shortfallOf, type AllocationTarget, type StockLine } from './allocation';
import { startOrderDelivery } from './delivery';
import { requestHash } from './idempotency';
import { inOneMessage } from './one-message';
import {
  loadOrderDetail,
  orderDetailSql,
  toOrderDetail,
  type OrderDetailRow,
} from './order-detail';
import { newOrderIds, orderInsertSql, type NewOrder, type OrderIds } from './order-insert';
import { loadPurchaseStart, purchaseStartSql, toPurchaseStart } from './partner-terms';
import { priceOrder, type PricedOrder } from './review';

/*
 * POST order (docs/orders.md "Purchase that never oversells", decision 0021), ONE transaction in
 * the caller's partner scope:
 * 1. one query: the order holding the Idempotency-Key, and the partner's terms. An order with the
 *    key: the same request (hash) answers it (200), another request is a 409. On PostgreSQL it
 *    goes in one message with BEGIN and the partner scope (../../db/own-transaction.ts);
 * 2. the lines priced as the review prices them (its refusals);
 * 3. the order inserted ON CONFLICT (key) DO NOTHING, then the stock lines allocated (last: the
 *    allocation holds the stock counters until the commit). On PostgreSQL both, the COMMIT and
 *    the read of the new order go in ONE message (./one-message.ts): three round trips in all. Too few items: 422, the
 *    transaction rolls back, the key stays free. The insert gave way (a concurrent purchase with
 *    the key committed first): that order answers as in 1;
 * A deadlock or serialization failure (the maintained counters, decision 0016) re-runs the whole
 * transaction. After the commit, supplier (API) lines start their delivery (./delivery.ts).
 */

/** SQLSTATEs after which the whole transaction is run again. */
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PurchaseOutcome {
  detail: OrderDetail;
  /** false: an earlier purchase with the same key and request (the replay answers 200). */
  created: boolean;
}

type Attempt =
  | { kind: 'created'; detail: OrderDetail; priced: PricedOrder }
  | { kind: 'replayed'; detail: OrderDetail }
  | { kind: 'keyTaken' };

function stockLinesOf(priced: PricedOrder, ids: OrderIds): StockLine[] {
  let firstPosition = 1;
  const lines: StockLine[] = [];
  priced.lines.forEach((line, index) => {
    const lineId = ids.lineIds[index];
    if (line.deliveryType === 'stock' && lineId) {
      lines.push({ lineId, productId: line.productId, quantity: line.quantity, firstPosition });
    }
    firstPosition += line.quantity;
  });
  return lines;
}

/** 422 'only n of P on hand' for an allocation refused for a line of `priced`. */
function refusalOf(error: unknown, priced: PricedOrder, ids: OrderIds): unknown {
  const usedUp = usedUpCodeOf(error);
  if (usedUp !== null) return new BusinessRuleError(CAMPAIGN_MESSAGES.usedUp({ code: usedUp }));
  const short = shortfallOf(error);
  if (!short) return error;
  const line = priced.lines[ids.lineIds.indexOf(short.lineId)];
  return new BusinessRuleError(
    ORDER_MESSAGES.outOfStock({ available: short.taken, product: line?.productCode ?? '' }),
  );
}

export function createPurchaseService(deps: Pick<AreaDeps, 'db' | 'database' | 'jobs'>) {
  const { db } = deps;
  /** PostgreSQL: the purchase sends its own BEGIN and COMMIT inside its messages. */
  const ownTransactions = deps.database.kind === 'postgres' && canOwnTransactions(db);

  /** Writes the order and its stock; the new order, or null when the key was taken. */
  async function place(
    tx: Tx,
    order: NewOrder,
    ids: OrderIds,
    scope: PartnerScope,
  ): Promise<OrderDetail | null> {
    const target: AllocationTarget = {
      orderId: ids.orderId,
      partnerId: order.terms.partnerId,
      actor: order.actor,
      today: order.today,
    };
    const stockLines = stockLinesOf(order.priced, ids);
    const allocation = stockLines.length > 0 ? [allocationSql(target, stockLines)] : [];
    // The campaign's use is taken before the allocation (it locks the campaign row; the
    // allocation then holds the stock counters until the COMMIT sent with it).
    const { priced } = order;
    const redemption = priced.campaignId
      ? [
          redemptionSql({
            orderId: ids.orderId,
            campaignId: priced.campaignId,
            codeId: priced.campaignCodeId,
            code: order.request.campaignCode ?? '',
            discount: priced.review.discount,
          }),
        ]
      : [];
    const read = orderDetailSql(ids.orderId, scope);
    try {
      if (ownTransactions) {
        // The read runs after the COMMIT, on its own (the scope's SET LOCAL ended with it; the
        // statement itself keeps to the scope).
        const results = await inOneMessage(tx, [
          orderInsertSql(order, ids),
          ...redemption,
          ...allocation,
          'COMMIT',
          read,
        ]);
        const row = results.at(-1)?.[0] as OrderDetailRow | undefined;
        return row ? toOrderDetail(row) : null;
      }
      await tx.execute(orderInsertSql(order, ids));
      for (const statement of [...redemption, ...allocation]) await tx.execute(statement);
      return await loadOrderDetail(tx, ids.orderId, scope);
    } catch (error) {
      throw refusalOf(error, order.priced, ids);
    }
  }

  /** The order placed with this key, if the request is the same; else a 409. */
  async function replay(
    q: Queryable,
    scope: PartnerScope,
    existing: { id: string; requestHash: string },
    hash: string,
  ): Promise<OrderDetail> {
    if (existing.requestHash !== hash) {
      throw new ConflictError(ORDER_MESSAGES.idempotencyKeyReused, 'Idempotency-Key');
    }
    const detail = await loadOrderDetail(q, existing.id, scope);
    if (!detail) throw new Error(`order ${existing.id} not readable`);
    return detail;
  }

  /** The rest of an attempt once the purchase's start is known, in its transaction. */
  async function proceed(
    tx: Tx,
    start: Awaited<ReturnType<typeof loadPurchaseStart>>,
    scope: PartnerScope,
    purchase: { request: OrderRequest; key: string; hash: string; actor: AuditActor },
    today: string,
  ): Promise<Attempt> {
    const { request, key, hash, actor } = purchase;
    if (start.existing) {
      return { kind: 'replayed', detail: await replay(tx, scope, start.existing, hash) };
    }
    const terms = start.terms();
    const priced = await priceOrder(tx, terms, request, today);
    const order: NewOrder = {
      terms,
      request,
      priced,
      idempotencyKey: key,
      requestHash: hash,
      actor,
      today,
    };
    const detail = await place(tx, order, newOrderIds(priced), scope);
    return detail ? { kind: 'created', detail, priced } : { kind: 'keyTaken' };
  }

  async function attempt(
    scope: PartnerScope,
    purchase: { request: OrderRequest; key: string; hash: string; actor: AuditActor },
  ): Promise<Attempt> {
    const today = businessToday();
    const { partnerId } = purchase.request;
    if (!ownTransactions) {
      return withPartnerScope(db, scope, async (tx) => {
        const start = await loadPurchaseStart(tx, partnerId, scope, purchase.key);
        return proceed(tx, start, scope, purchase, today);
      });
    }
    return withOwnTransaction(db, async (tx) => {
      const opening = await inOneMessage(tx, [
        'BEGIN',
        ...partnerScopeStatements(scope),
        purchaseStartSql(partnerId, purchase.key),
      ]);
      const start = toPurchaseStart(opening.at(-1)?.[0], partnerId, scope);
      const outcome = await proceed(tx, start, scope, purchase, today);
      // A created order (or a key taken meanwhile) committed in place(); a replay only read.
      if (outcome.kind === 'replayed') await tx.execute(sql.raw('COMMIT'));
      return outcome;
    });
  }

  /** After a concurrent purchase with the key committed first: its order (or a 409). */
  async function winner(scope: PartnerScope, key: string, hash: string) {
    const [existing] = await db
      .select({ id: orders.id, requestHash: orders.requestHash })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    if (!existing) return null;
    return scope.all
      ? replay(db, scope, existing, hash)
      : withPartnerScope(db, scope, (tx) => replay(tx, scope, existing, hash));
  }

  return {
    async purchase(
      auth: AuthContext,
      key: string,
      request: OrderRequest,
      log: FastifyBaseLogger,
    ): Promise<PurchaseOutcome> {
      const scope = partnerScopeOf(auth);
      const hash = requestHash(auth.userId, request);
      const actor = actorOf(auth);
      for (let round = 1; ; round += 1) {
        let outcome: Attempt;
        try {
          outcome = await attempt(scope, { request, key, hash, actor });
        } catch (error) {
          if (round >= ATTEMPTS || !isRetryable(error)) throw error;
          await pause(5 * round + Math.floor(Math.random() * 10));
          continue;
        }
        if (outcome.kind === 'replayed') return { detail: outcome.detail, created: false };
        if (outcome.kind === 'keyTaken') {
          const detail = await winner(scope, key, hash);
          if (detail) return { detail, created: false };
          // The purchase holding the key was refused meanwhile: the key is free again.
          if (round >= ATTEMPTS) throw new Error('Idempotency-Key neither free nor used');
          continue;
        }
        const { detail, priced } = outcome;
        if (priced.lines.some((line) => line.deliveryType === 'api')) {
          // The order is placed: a lost start is picked up by the delivery sweep, not refused.
          await startOrderDelivery(deps, detail.id, actor.email).catch((error: unknown) =>
            log.error({ err: error, orderId: detail.id }, 'order delivery not started'),
          );
        }
        return { detail, created: true };
      }
    },
  };
}
