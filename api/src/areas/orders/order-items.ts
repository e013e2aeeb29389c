import {
  ORDER_MESSAGES,
  type DeliveryType,
  type OrderItemActivationCode,
  type OrderItemDetail,
  type OrderItemStatus,
  type ReturnToStatus,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Queryable, type Tx } from '../../audit';
import { releaseCampaignUses } from '../campaigns/public';
import type { AppConfig } from '../../config';
import { BusinessRuleError, NotFoundError, StaleVersionError } from '../../http/errors';
import { createSecretBox } from '../../secrets';
import { iso, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { orderItemAudit } from './audit';
import { scopeCondition } from './order-access';

/**
 * The secrets purpose of order items' activation codes: the stock's. A stock item's sealed code
 * is copied onto its order item as it is, and a supplier-delivered code is sealed the same way.
 */
export const ORDER_ACTIVATION_CODE_PURPOSE = 'stock-activation-code';

/** Statuses an item may be removed from its order in. */
const REMOVABLE: readonly OrderItemStatus[] = ['failed', 'returned'];

export interface OrderItemRow {
  id: string;
  order_id: string;
  order_no: string;
  partner_name: string;
  customer_name: string;
  line_id: string;
  position: number;
  product_id: string;
  product_code: string;
  product_name: string;
  delivery_type: DeliveryType;
  status: OrderItemStatus;
  iccid: string | null;
  smdp_address: string | null;
  activation_code_sealed: string | null;
  activation_code_masked: string | null;
  stock_item_id: string | null;
  supplier_reference: string | null;
  delivery_error: string | null;
  delivery_attempts: number;
  returned_to: ReturnToStatus | null;
  return_reason: string | null;
  returned_at: string | Date | null;
  unit_price: number | string;
  version: number;
  updated_at: string | Date;
}

/** The item within the caller's scope (404 otherwise), locked FOR UPDATE OF the item if asked. */
export async function findOrderItem(
  q: Queryable,
  id: string,
  scope: PartnerScope,
  lock = false,
): Promise<OrderItemRow> {
  const [row] = rowsOf<OrderItemRow>(
    await q.execute(sql`
      SELECT i.id, i.order_id, o.order_no, o.partner_name, o.customer_name, i.line_id,
             i.position, l.product_id, l.product_code, l.product_name, l.delivery_type, i.status,
             i.iccid, i.smdp_address, i.activation_code_sealed, i.activation_code_masked,
             i.stock_item_id, i.supplier_reference, i.delivery_error, i.delivery_attempts,
             i.returned_to, i.return_reason, i.returned_at, l.unit_price, i.version, i.updated_at
      FROM order_items i
      JOIN orders o ON o.id = i.order_id
      JOIN order_lines l ON l.id = i.line_id
      WHERE i.id = ${id} AND ${scopeCondition(scope, 'i')}
      ${lock ? sql`FOR UPDATE OF i` : sql``}`),
  );
  if (!row) throw new NotFoundError('Order item');
  return row;
}

export function toOrderItemDetail(row: OrderItemRow): OrderItemDetail {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNo: row.order_no,
    partnerName: row.partner_name,
    customerName: row.customer_name,
    lineId: row.line_id,
    position: Number(row.position),
    productId: row.product_id,
    productCode: row.product_code,
    productName: row.product_name,
    deliveryType: row.delivery_type,
    status: row.status,
    iccid: row.iccid,
    smdpAddress: row.smdp_address,
    activationCodeMasked: row.activation_code_masked,
    stockItemId: row.stock_item_id,
    supplierReference: row.supplier_reference,
    deliveryError: row.delivery_error,
    deliveryAttempts: Number(row.delivery_attempts),
    returnedTo: row.returned_to,
    returnReason: row.return_reason,
    returnedAt: row.returned_at ? iso(row.returned_at) : null,
    unitPrice: Number(row.unit_price),
    version: Number(row.version),
    updatedAt: iso(row.updated_at),
  };
}

/** What the audit records of an item's state. */
export function itemSnapshot(row: {
  status: string;
  returned_to: string | null;
  return_reason: string | null;
  returned_at: string | Date | null;
}) {
  return {
    status: row.status,
    returnedTo: row.returned_to,
    returnReason: row.return_reason,
    returnedAt: row.returned_at ? iso(row.returned_at) : null,
  };
}

/** Reveals the full code, audited ('revealed') on the item; never logged. */
export async function revealActivationCode(
  tx: Tx,
  config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir'>,
  id: string,
  scope: PartnerScope,
  actor: AuditActor,
): Promise<OrderItemActivationCode> {
  const row = await findOrderItem(tx, id, scope);
  if (!row.activation_code_sealed) throw new BusinessRuleError(ORDER_MESSAGES.noActivationCode);
  const activationCode = createSecretBox(config, ORDER_ACTIVATION_CODE_PURPOSE).open(
    row.activation_code_sealed,
  );
  await recordAudit(tx, {
    entityType: orderItemAudit.type,
    entityId: id,
    action: 'update',
    actor,
    before: { activationCode: null },
    after: { activationCode: 'revealed' },
  });
  return { id, activationCode };
}

/** DELETE order/item: a failed or returned item leaves the order (status removed), audited. */
export async function removeOrderItem(
  tx: Tx,
  input: { id: string; version: number },
  scope: PartnerScope,
  actor: AuditActor,
): Promise<void> {
  const before = await findOrderItem(tx, input.id, scope, true);
  if (before.version !== input.version) throw new StaleVersionError();
  if (!REMOVABLE.includes(before.status)) {
    throw new BusinessRuleError(ORDER_MESSAGES.itemNotRemovable);
  }
  await tx.execute(sql`
    UPDATE order_items SET status = 'removed', version = version + 1, updated_at = now(),
           updated_by = ${actor.email}
    WHERE id = ${input.id}`);
  await recordAudit(tx, {
    entityType: orderItemAudit.type,
    entityId: input.id,
    action: 'update',
    actor,
    before: itemSnapshot(before),
    after: itemSnapshot({ ...before, status: 'removed' }),
  });
  // A failed item removed may leave only returned / removed ones: the campaign use goes back.
  await releaseCampaignUses(tx, before.order_id);
}
