import { BASE_CURRENCY, type DeliveryType, type PurchasableProduct } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { executePrepared } from '../../db/prepared';
import { currentRatesSubquery } from '../exchange-rates/public';
import { parseJson, rowsOf } from '../list-helpers';
import { computedPriceSql, convertToJpySql, rateColumnsSql } from '../tariffs/public';
import type { PartnerTerms } from './partner-terms';

/*
 * Products priced for a partner (docs/orders.md "Pricing a cart"), in SQL so that the bundle list
 * sorts and pages by price and the review prices exactly as the list shows:
 *
 *   tariff price = the code's manual price, else (input mode auto) the rule's computed price
 *                  (tariffs' pricing-sql.ts: the same numbers as tariff/product-list)
 *   unit price   = an active special price of the product when it is lower, else the tariff price
 *   no tariff price -> not purchasable, whatever the special price
 *
 * cost_jpy is the supplier cost at today's rate (half-up), frozen on the order as unit_cost; the
 * rate row used comes from the same statement. `available` is the stock on hand that can be sold
 * now (the maintained counters of decision 0016, less the on-hand items already past their
 * expiry date that the expiry task has not moved yet); null for supplier (API) delivery.
 */

export type PriceSource = 'manual' | 'computed' | 'special';

export interface PricedProduct {
  productId: string;
  productCode: string;
  name: string;
  status: 'active' | 'inactive';
  type: PurchasableProduct['type'];
  network: PurchasableProduct['network'];
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  supplierId: string;
  deliveryType: DeliveryType;
  costMinor: number;
  costCurrency: string;
  /** The rate row used (null for JPY costs, or when the currency has no current rate). */
  rate: { id: string; currency: string; rate: string; effectiveDate: string } | null;
  /** A non-JPY cost without a current rate: the product cannot be priced. */
  missingRate: boolean;
  costJpy: number | null;
  unitPrice: number | null;
  priceSource: PriceSource | null;
  available: number | null;
}

export interface PricedRow {
  id: string;
  product_code: string;
  name: string;
  status: 'active' | 'inactive';
  type: PurchasableProduct['type'];
  network: PurchasableProduct['network'];
  data_mb: number | null;
  duration_days: number;
  coverage: string[] | string;
  supplier_id: string;
  delivery_type: DeliveryType;
  cost_minor: number;
  cost_currency: string;
  rate_id: string | null;
  rate: string | null;
  rate_date: string | null;
  missing_rate: boolean;
  cost_jpy: number | null;
  unit_price: number | null;
  price_source: PriceSource | null;
  available: number | null;
}

/** PostgreSQL text[] from a driver that does not parse it ('{JP,KR}'). */
export function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const parsed = parseJson<string[]>(value.startsWith('[') ? value : null);
  if (parsed) return parsed;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** numeric text without the padding zeros of numeric(20, 8): '151.50000000' -> '151.5'. */
const trimRate = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

export function toPricedProduct(row: PricedRow): PricedProduct {
  return {
    productId: row.id,
    productCode: row.product_code,
    name: row.name,
    status: row.status,
    type: row.type,
    network: row.network,
    dataMb: num(row.data_mb),
    durationDays: Number(row.duration_days),
    coverage: textArray(row.coverage),
    supplierId: row.supplier_id,
    deliveryType: row.delivery_type,
    costMinor: Number(row.cost_minor),
    costCurrency: row.cost_currency,
    rate:
      row.rate_id && row.rate && row.rate_date
        ? {
            id: row.rate_id,
            currency: row.cost_currency,
            rate: trimRate(row.rate),
            effectiveDate: row.rate_date,
          }
        : null,
    missingRate: row.missing_rate,
    costJpy: num(row.cost_jpy),
    unitPrice: num(row.unit_price),
    priceSource: row.price_source,
    available: num(row.available),
  };
}

/**
 * `rates` and `priced` common table expressions: the products of `where` (alias p, suppliers s)
 * priced for the partner on `today` (yyyy-MM-dd, Asia/Tokyo). Each level is fenced (OFFSET 0) so
 * that each conversion runs once per row. Amounts leave as float8 (exact below 2^53).
 */
export function pricedProductsCtes(
  q: Queryable,
  terms: PartnerTerms,
  today: string,
  where: SQL,
): SQL {
  const convert = (column: SQL) =>
    sql`CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN ${column}::bigint
      ELSE ${convertToJpySql(column, 'r')} END`;
  const base = terms.rule.baseTariff === 'price' ? sql`price_jpy` : sql`cost_jpy`;
  const tariffPrice =
    terms.inputMode === 'auto' ? sql`COALESCE(manual_price, computed_price)` : sql`manual_price`;
  const special = sql`(special_active AND tariff_price IS NOT NULL AND special_price_jpy < tariff_price)`;
  const day = sql`${today}::date`;
  return sql`rates AS MATERIALIZED (
  SELECT current_rates.id AS rate_id, current_rates.currency, current_rates.rate,
    current_rates.effective_date,
    ${rateColumnsSql(sql`current_rates.rate`, sql`c.minor_units`)}
  FROM ${currentRatesSubquery(q, today)} JOIN round_currency c ON c.iso_code = current_rates.currency
),
priced AS (
  SELECT tariffed.*,
    CASE WHEN ${special} THEN special_price_jpy::bigint ELSE tariff_price END AS unit_price,
    CASE WHEN tariff_price IS NULL THEN NULL WHEN ${special} THEN 'special'
      WHEN manual_price IS NOT NULL THEN 'manual' ELSE 'computed' END AS price_source
  FROM (
    SELECT converted.*, ${tariffPrice} AS tariff_price
    FROM (
      SELECT converted.*, ${computedPriceSql(base, terms.rule)} AS computed_price
      FROM (
        SELECT p.id, p.product_code, p.name, p.status, p.type, p.network, p.data_mb,
          p.duration_days, p.coverage, p.supplier_id, s.delivery_type, p.cost_minor,
          p.cost_currency, r.rate_id, r.rate::text AS rate, r.effective_date::text AS rate_date,
          (p.cost_currency <> ${BASE_CURRENCY} AND r.currency IS NULL) AS missing_rate,
          ${convert(sql`p.cost_minor`)} AS cost_jpy,
          ${convert(sql`p.price_minor`)} AS price_jpy,
          tp.price_jpy::bigint AS manual_price,
          p.special_price_jpy,
          (p.special_price_jpy IS NOT NULL
            AND (p.special_from IS NULL OR p.special_from <= ${day})
            AND (p.special_to IS NULL OR p.special_to >= ${day})) AS special_active,
          CASE WHEN s.delivery_type = 'stock' THEN
            COALESCE((SELECT sc.items FROM stock_counts sc
                      WHERE sc.product_id = p.id AND sc.status = 'on_hand'), 0)
            - COALESCE((SELECT sum(e.items) FROM stock_expiry_counts e
                        WHERE e.product_id = p.id AND e.status = 'on_hand'
                          AND e.active_expire_date < ${day}), 0)
          END AS available
        FROM products p
        JOIN suppliers s ON s.id = p.supplier_id
        LEFT JOIN rates r ON r.currency = p.cost_currency
        LEFT JOIN tariff_prices tp
          ON tp.tariff_code_id = ${terms.tariffCodeId} AND tp.product_id = p.id
        WHERE ${where}
        OFFSET 0
      ) converted
      OFFSET 0
    ) converted
  ) tariffed
)`;
}

/** The columns of a priced row as PricedRow reads them. */
export const PRICED_COLUMNS = sql.raw(
  `priced.id, priced.product_code, priced.name, priced.status, priced.type, priced.network,
  priced.data_mb, priced.duration_days, priced.coverage, priced.supplier_id, priced.delivery_type,
  priced.cost_minor, priced.cost_currency, priced.rate_id, priced.rate, priced.rate_date,
  priced.missing_rate, priced.cost_jpy::float8 AS cost_jpy, priced.unit_price::float8 AS unit_price,
  priced.price_source, priced.available::float8 AS available`,
);

/** The given products priced for the partner (any status; unknown ids are simply absent). */
export async function priceProducts(
  q: Queryable,
  terms: PartnerTerms,
  productIds: readonly string[],
  today: string,
): Promise<PricedProduct[]> {
  if (productIds.length === 0) return [];
  // ARRAY(SELECT ...) rather than a uuid[] parameter: the plan no longer depends on the array's
  // length, so the prepared statement settles on one generic plan instead of planning each call.
  const where = sql`p.id = ANY(ARRAY(
    SELECT jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid))`;
  const rows = rowsOf<PricedRow>(
    // Prepared: the review and the purchase price a cart with the same text for a partner's rule.
    await executePrepared(
      q,
      sql`WITH ${pricedProductsCtes(q, terms, today, where)} SELECT ${PRICED_COLUMNS} FROM priced`,
    ),
  );
  return rows.map(toPricedProduct);
}
