import { paymentStatusOf, type OrderRequest } from '@esim/contracts';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { diffSnapshots, type AuditActor } from '../../audit';
import { orderAudit } from './audit';
import { nextOrderNoSql } from './order-number';
import type { PartnerTerms } from './partner-terms';
import type { PricedOrder } from './review';

/*
 * Writes a new order in ONE statement: the order with everything frozen (partner name, tariff
 * code and rule, branch and tax, exchange rates, amounts), its lines, the pending items of its
 * supplier (API) lines and its 'create' audit entry. INSERT ... ON CONFLICT (idempotency_key)
 * DO NOTHING: when another purchase holds the key, the statement waits for it to end and then
 * writes nothing, and the caller reads that order instead.
 */

export interface NewOrder {
  terms: PartnerTerms;
  request: OrderRequest;
  priced: PricedOrder;
  idempotencyKey: string;
  requestHash: string;
  actor: AuditActor;
  /** The business day (yyyy-MM-dd, Asia/Tokyo) of the order number. */
  today: string;
}

/** Positions 1..n in the request's order; items numbered across the lines. */
function lineRecords(priced: PricedOrder, ids: OrderIds) {
  let firstPosition = 1;
  return priced.lines.map((line, index) => {
    const record = {
      id: ids.lineIds[index],
      position: index + 1,
      first_position: firstPosition,
      product_id: line.productId,
      product_code: line.productCode,
      product_name: line.productName,
      supplier_id: line.supplierId,
      delivery_type: line.deliveryType,
      supplier_ref: line.deliveryType === 'api' ? line.productCode : null,
      data_mb: line.dataMb,
      duration_days: line.durationDays,
      coverage: line.coverage,
      quantity: line.quantity,
      unit_cost: line.unitCost,
      unit_price: line.unitPrice,
      price_source: line.priceSource,
      line_total: line.lineTotal,
      discount: line.discount,
      tax_rate: line.taxRate,
    };
    firstPosition += line.quantity;
    return record;
  });
}

/** What the order's 'create' audit entry records (its number is added by the statement). */
function auditChanges(order: NewOrder) {
  const { terms, request, priced } = order;
  return diffSnapshots(null, {
    partnerId: terms.partnerId,
    partnerName: terms.partnerName,
    tariffCode: terms.tariffCode,
    customerName: request.customerName,
    useCountries: request.useCountries,
    notes: request.notes || null,
    campaignCode: request.campaignCode || null,
    lines: priced.lines.map((line) => ({
      productCode: line.productCode,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
    })),
    subTotal: priced.review.subTotal,
    discount: priced.review.discount,
    taxTotal: priced.review.taxTotal,
    finalPrice: priced.review.finalPrice,
    idempotencyKey: order.idempotencyKey,
  });
}

/** The new order's ids, chosen before it is written (the allocation refers to them). */
export interface OrderIds {
  orderId: string;
  /** One per line, in the request's order. */
  lineIds: string[];
}

export function newOrderIds(priced: PricedOrder): OrderIds {
  return { orderId: randomUUID(), lineIds: priced.lines.map(() => randomUUID()) };
}

/**
 * The statement writing the order; it answers one row (`inserted`) when it wrote the order and
 * none when another purchase holds the key. Its parameters are text, numbers and null only (it
 * may be sent with literals: ./one-message.ts).
 */
export function orderInsertSql(order: NewOrder, ids: OrderIds): SQL {
  const { terms, request, priced, actor } = order;
  const review = priced.review;
  const onlyStock = priced.lines.every((line) => line.deliveryType === 'stock');
  const pricingRule = {
    tariffCodeId: terms.tariffCodeId,
    tariffCode: terms.tariffCode,
    tariffGroup: terms.tariffGroup,
    inputMode: terms.inputMode,
    ...terms.rule,
  };
  const records = JSON.stringify(lineRecords(priced, ids));
  return sql`
    WITH o AS (
      INSERT INTO orders (id, order_no, partner_id, partner_name, branch_id, tariff_code_id,
        tariff_code, pricing_rule, customer_name, use_countries, notes, purchase_price,
        sub_total, discount, tax_total, total_amount, final_price, taxes, exchange_rates,
        campaign_id, campaign_code, payment_status, processing_status, idempotency_key,
        request_hash, created_by, updated_by)
      VALUES (${ids.orderId}::uuid, ${nextOrderNoSql(order.today)}, ${terms.partnerId}::uuid,
        ${terms.partnerName}::text, ${terms.branchId}::uuid, ${terms.tariffCodeId}::uuid,
        ${terms.tariffCode}::text, ${JSON.stringify(pricingRule)}::jsonb,
        ${request.customerName}::text,
        ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(request.useCountries)}::jsonb)),
        ${request.notes || null}::text, ${priced.purchasePrice}, ${review.subTotal},
        ${review.discount}, ${review.taxTotal}, ${review.totalAmount}, ${review.finalPrice},
        ${JSON.stringify(review.taxes)}::jsonb, ${JSON.stringify(priced.exchangeRates)}::jsonb,
        ${priced.campaignId}::uuid, ${request.campaignCode || null}::text,
        ${paymentStatusOf(0, review.finalPrice)}::text, ${onlyStock ? 'success' : 'pending'}::text,
        ${order.idempotencyKey}::text, ${order.requestHash}::text, ${actor.email}::text,
        ${actor.email}::text)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, order_no, partner_id
    ),
    l AS (
      INSERT INTO order_lines (id, order_id, partner_id, position, product_id, product_code,
        product_name, supplier_id, delivery_type, supplier_ref, data_mb, duration_days,
        coverage, quantity, unit_cost, unit_price, price_source, line_total, discount, tax_rate)
      SELECT t.id, o.id, o.partner_id, t.position, t.product_id, t.product_code, t.product_name,
        t.supplier_id, t.delivery_type, t.supplier_ref, t.data_mb, t.duration_days, t.coverage,
        t.quantity, t.unit_cost, t.unit_price, t.price_source, t.line_total, t.discount,
        t.tax_rate
      FROM o CROSS JOIN jsonb_to_recordset(${records}::jsonb) AS t(
        id uuid, position smallint, first_position int, product_id uuid, product_code text,
        product_name text, supplier_id uuid, delivery_type text, supplier_ref text,
        data_mb int, duration_days int, coverage text[], quantity int, unit_cost bigint,
        unit_price bigint, price_source text, line_total bigint, discount bigint,
        tax_rate numeric)
      RETURNING id, position, delivery_type, quantity, order_id, partner_id
    ),
    api_items AS (
      INSERT INTO order_items (order_id, line_id, partner_id, position, status, updated_by)
      SELECT l.order_id, l.id, l.partner_id, t.first_position + g.n - 1, 'pending',
        ${actor.email}::text
      FROM l
      JOIN jsonb_to_recordset(${records}::jsonb)
        AS t(position smallint, first_position int) ON t.position = l.position
      CROSS JOIN LATERAL generate_series(1, l.quantity) AS g(n)
      WHERE l.delivery_type = 'api'
    ),
    audit AS (
      INSERT INTO audit_log (entity_type, entity_id, action, actor_user_id, actor_email, changes)
      SELECT ${orderAudit.type}::text, o.id::text, 'create', ${actor.userId}::uuid,
        ${actor.email}::text,
        jsonb_build_array(jsonb_build_object('field', 'orderNo', 'before', null,
          'after', o.order_no)) || ${JSON.stringify(auditChanges(order))}::jsonb
      FROM o
    )
    SELECT 1 AS inserted FROM o`;
}
