import type {
  OrderDetail,
  OrderItemSummary,
  OrderLine,
  OrderPayment,
  OrderTax,
  PaymentStatus,
  ProcessingStatus,
  UsedExchangeRate,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { iso, parseJson, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { textArray } from './pricing';

/*
 * One order as OrderDetail (POST order, order/detail, and every call that answers the order):
 * the order row with its lines, items and payments, in ONE statement (the three lists as JSON).
 */

export interface OrderDetailRow {
  id: string;
  order_no: string;
  partner_id: string;
  partner_name: string;
  branch_id: string | null;
  tariff_code: string;
  customer_name: string;
  use_countries: string[] | string;
  notes: string | null;
  payment_provider_order_id: string | null;
  purchase_price: number;
  sub_total: number;
  discount: number;
  taxes: OrderTax[] | string;
  tax_total: number;
  total_amount: number;
  final_price: number;
  exchange_rates: UsedExchangeRate[] | string;
  campaign_code: string | null;
  paid_amount: number;
  payment_status: PaymentStatus;
  processing_status: ProcessingStatus;
  processing_error: string | null;
  purchased_at: Date | string;
  created_by: string;
  version: number;
  lines: OrderLine[] | string | null;
  items: OrderItemSummary[] | string | null;
  payments: (Omit<OrderPayment, 'createdAt'> & { createdAt: string })[] | string | null;
}

/** The statement reading one order as an OrderDetailRow (scope: only a partner it reaches). */
export function orderDetailSql(orderId: string, scope?: PartnerScope): SQL {
  const reach =
    !scope || scope.all
      ? sql``
      : scope.partnerId
        ? sql`AND o.partner_id = ${scope.partnerId}::uuid`
        : sql`AND false`;
  return sql`
    SELECT o.id, o.order_no, o.partner_id, o.partner_name, o.branch_id, o.tariff_code,
      o.customer_name, o.use_countries, o.notes, o.payment_provider_order_id,
      o.purchase_price::float8 AS purchase_price, o.sub_total::float8 AS sub_total,
      o.discount::float8 AS discount, o.taxes, o.tax_total::float8 AS tax_total,
      o.total_amount::float8 AS total_amount, o.final_price::float8 AS final_price,
      o.exchange_rates, o.campaign_code, o.paid_amount::float8 AS paid_amount, o.payment_status,
      o.processing_status, o.processing_error, o.purchased_at, o.created_by, o.version,
      (SELECT json_agg(json_build_object(
          'id', l.id, 'position', l.position, 'productId', l.product_id,
          'productCode', l.product_code, 'productName', l.product_name,
          'deliveryType', l.delivery_type, 'dataMb', l.data_mb, 'durationDays', l.duration_days,
          'coverage', l.coverage, 'quantity', l.quantity, 'unitPrice', l.unit_price,
          'lineTotal', l.line_total, 'discount', l.discount, 'taxRate', l.tax_rate)
        ORDER BY l.position)
       FROM order_lines l WHERE l.order_id = o.id) AS lines,
      (SELECT json_agg(json_build_object(
          'id', i.id, 'lineId', i.line_id, 'position', i.position,
          'productCode', l.product_code, 'productName', l.product_name, 'status', i.status,
          'iccid', i.iccid, 'activationCodeMasked', i.activation_code_masked,
          'deliveryError', i.delivery_error)
        ORDER BY i.position)
       FROM order_items i JOIN order_lines l ON l.id = i.line_id WHERE i.order_id = o.id) AS items,
      (SELECT json_agg(json_build_object(
          'id', p.id, 'amount', p.amount, 'paidOn', p.paid_on, 'method', p.method,
          'reference', p.reference, 'createdAt', p.created_at, 'createdBy', p.created_by)
        ORDER BY p.paid_on, p.created_at, p.id)
       FROM order_payments p WHERE p.order_id = o.id) AS payments
    FROM orders o
    WHERE o.id = ${orderId}::uuid ${reach}`;
}

const listOf = <T>(value: T[] | string | null): T[] => parseJson<T[]>(value) ?? [];

export function toOrderDetail(row: OrderDetailRow): OrderDetail {
  return {
    id: row.id,
    orderNo: row.order_no,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    branchId: row.branch_id,
    tariffCode: row.tariff_code,
    customerName: row.customer_name,
    useCountries: textArray(row.use_countries),
    notes: row.notes,
    paymentProviderOrderId: row.payment_provider_order_id,
    currency: 'JPY',
    purchasePrice: Number(row.purchase_price),
    subTotal: Number(row.sub_total),
    discount: Number(row.discount),
    taxes: listOf(row.taxes).map((tax) => ({
      name: tax.name,
      rate: Number(tax.rate),
      taxable: Number(tax.taxable),
      tax: Number(tax.tax),
    })),
    taxTotal: Number(row.tax_total),
    totalAmount: Number(row.total_amount),
    finalPrice: Number(row.final_price),
    exchangeRates: listOf(row.exchange_rates).map((rate) => ({
      currency: rate.currency,
      rate: rate.rate,
      effectiveDate: rate.effectiveDate,
    })),
    campaignCode: row.campaign_code,
    paidAmount: Number(row.paid_amount),
    paymentStatus: row.payment_status,
    processingStatus: row.processing_status,
    processingError: row.processing_error,
    purchasedAt: iso(row.purchased_at),
    createdBy: row.created_by,
    version: Number(row.version),
    lines: listOf(row.lines).map((line) => ({
      ...line,
      taxRate: Number(line.taxRate),
      coverage: line.coverage ?? [],
    })),
    items: listOf(row.items),
    payments: listOf(row.payments).map((payment) => ({
      ...payment,
      createdAt: iso(payment.createdAt),
    })),
  };
}

/**
 * The order as OrderDetail, or null when there is none (or, with `scope`, when it belongs to a
 * partner out of the caller's reach). Run it in the caller's withPartnerScope transaction.
 */
export async function loadOrderDetail(
  q: Queryable,
  orderId: string,
  scope?: PartnerScope,
): Promise<OrderDetail | null> {
  const [row] = rowsOf<OrderDetailRow>(await q.execute(orderDetailSql(orderId, scope)));
  return row ? toOrderDetail(row) : null;
}
