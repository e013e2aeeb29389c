import {
  ORDER_MESSAGES,
  canReturnToStock,
  transitionRefused,
  type ReturnToStatus,
  type StockStatus,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Tx } from '../../audit';
import { BusinessRuleError, StaleVersionError } from '../../http/errors';
import { releaseCampaignUses } from '../campaigns/public';
import { iso, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { stockItemAudit } from '../stock/public';
import { orderItemAudit } from './audit';
import { findOrderItem, itemSnapshot } from './order-items';

interface StockRow {
  status: StockStatus;
  status_reason: string | null;
  hold_until: string | Date | null;
}

const stockSnapshot = (row: StockRow) => ({
  status: row.status,
  statusReason: row.status_reason,
  holdUntil: row.hold_until ? iso(row.hold_until) : null,
});

/**
 * order/item/return-to-stock, in the caller's transaction: a delivered item taken from stock
 * gives its stock item back, on hand or wasted with the reason (STOCK_RETURN_TRANSITIONS), and
 * becomes 'returned' (keeping stock_item_id, for the history). Both records are audited, so the
 * stock item's history shows the return next to the order item's. Locks the order item, then the
 * stock item (a purchase locks stock items and only then inserts order items: no cycle).
 */
export async function returnToStock(
  tx: Tx,
  input: { id: string; version: number; returnTo: ReturnToStatus; reason: string },
  scope: PartnerScope,
  actor: AuditActor,
): Promise<void> {
  const item = await findOrderItem(tx, input.id, scope, true);
  if (item.version !== input.version) throw new StaleVersionError();
  if (item.status !== 'delivered' || !item.stock_item_id) {
    throw new BusinessRuleError(ORDER_MESSAGES.itemNotReturnable);
  }
  const [stock] = rowsOf<StockRow>(
    await tx.execute(sql`
      SELECT status, status_reason, hold_until FROM stock_items
      WHERE id = ${item.stock_item_id} FOR UPDATE`),
  );
  // The stock item was deleted (ON DELETE SET NULL would have cleared the link): nothing to return.
  if (!stock) throw new BusinessRuleError(ORDER_MESSAGES.itemNotReturnable);
  if (!canReturnToStock(stock.status, input.returnTo)) {
    throw new BusinessRuleError(transitionRefused(stock.status, input.returnTo));
  }
  await tx.execute(sql`
    UPDATE stock_items SET status = ${input.returnTo}, status_reason = ${input.reason},
           hold_until = NULL, version = version + 1, updated_at = now(),
           updated_by = ${actor.email}
    WHERE id = ${item.stock_item_id}`);
  await recordAudit(tx, {
    entityType: stockItemAudit.type,
    entityId: item.stock_item_id,
    action: 'update',
    actor,
    before: { ...stockSnapshot(stock), returnedFromOrder: null },
    after: {
      status: input.returnTo,
      statusReason: input.reason,
      holdUntil: null,
      returnedFromOrder: item.order_no,
    },
  });
  const [returned] = rowsOf<{ returned_at: string | Date }>(
    await tx.execute(sql`
      UPDATE order_items SET status = 'returned', returned_to = ${input.returnTo},
             return_reason = ${input.reason}, returned_at = now(), version = version + 1,
             updated_at = now(), updated_by = ${actor.email}
      WHERE id = ${input.id}
      RETURNING returned_at`),
  );
  await recordAudit(tx, {
    entityType: orderItemAudit.type,
    entityId: input.id,
    action: 'update',
    actor,
    before: itemSnapshot(item),
    after: itemSnapshot({
      status: 'returned',
      returned_to: input.returnTo,
      return_reason: input.reason,
      returned_at: returned?.returned_at ?? null,
    }),
  });
  // The last eSIM of the order back: its campaign use is given back (docs/campaigns.md).
  await releaseCampaignUses(tx, item.order_id);
}
