/**
 * The product list's statement as it was before it priced only the page (HEAD of issue 13's
 * "lists at any depth"): the oracle api/test/product-lists-equivalence.test.ts compares the new
 * statements' answers with, row for row. Kept verbatim; not used by the application.
 */
import { BASE_CURRENCY } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../src/audit';
import type {
  CatalogueFilters,
  CatalogueQuery,
  CatalogueSort,
} from '../../src/areas/products/queries';
import { currentRatesSubquery } from '../../src/areas/exchange-rates/public';
import { containsPattern, endOfRange } from '../../src/areas/list-helpers';
import {
  computedPriceSql,
  convertToJpySql,
  grossProfitPercentSql,
  rateColumnsSql,
} from '../../src/areas/tariffs/public';

/** Ratio behind the gross profit percent (same order as the 2-decimal value). */
const ratio = (selling: string) => `(${selling} - cost_jpy)::float8 / NULLIF(${selling}, 0)`;

/** Whitelisted sort keys -> SQL over the final row (never user text in SQL). */
const SORTS: Record<CatalogueSort, string[]> = {
  productCode: ['lower(product_code) COLLATE "C"'],
  name: ['lower(name)'],
  iccid: ['iccid'],
  supplierName: ['lower(supplier_name)'],
  category: ['lower(category)'],
  type: ['type'],
  network: ['network'],
  dataMb: ['data_mb'],
  durationDays: ['duration_days'],
  throttlingSpeed: ['throttling_speed'],
  status: ['status'],
  cost: ['cost_currency', 'cost_minor'],
  costJpy: ['cost_jpy'],
  sellingPrice: ['selling_price_jpy'],
  specialPrice: ['special_price_jpy'],
  grossProfit: ['current_price_jpy - cost_jpy'],
  grossProfitPercent: [ratio('current_price_jpy')],
  labels: [`NULLIF(lower(array_to_string(labels, '|')), '') COLLATE "C"`],
  createdDate: ['created_at'],
  updatedDate: ['updated_at'],
  tariffPrice: ['tariff_price'],
  tariffGrossProfit: ['tariff_price - cost_jpy'],
  tariffGrossProfitPercent: [ratio('tariff_price')],
};

function filtersSql(filters: CatalogueFilters): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    parts.push(
      sql`(p.product_code ILIKE ${pattern} OR p.name ILIKE ${pattern} OR p.iccid ILIKE ${pattern})`,
    );
  }
  if (filters.from) parts.push(sql`p.created_at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to) parts.push(sql`p.created_at < ${endOfRange(filters.to).toISOString()}`);
  if (filters.supplierId) parts.push(sql`p.supplier_id = ${filters.supplierId}`);
  if (filters.category) parts.push(sql`lower(p.category) = lower(${filters.category})`);
  if (filters.country) parts.push(sql`p.coverage @> ARRAY[${filters.country}]::text[]`);
  if (filters.type) parts.push(sql`p.type = ${filters.type}`);
  if (filters.network) parts.push(sql`p.network = ${filters.network}`);
  if (filters.status) parts.push(sql`p.status = ${filters.status}`);
  if (filters.label) {
    // Labels are spelled alike everywhere (canonicalLabels): find the spelling, then the GIN index.
    parts.push(sql`p.labels && ARRAY(SELECT DISTINCT l FROM products lp
      CROSS JOIN LATERAL unnest(lp.labels) l WHERE lower(l) = lower(${filters.label}))`);
  }
  if (filters.productIds) {
    parts.push(sql`p.id = ANY(${sql.param([...filters.productIds])}::uuid[])`);
  }
  return sql.join(parts, sql` AND `);
}

/** The statement behind product/list, product/export, product/price/list and its export. */
export function oldCatalogueSql(q: Queryable, query: CatalogueQuery): SQL {
  const rates = currentRatesSubquery(q, query.today);
  const tariff = query.tariff;
  const convert = (column: string) =>
    sql`CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN ${sql.raw(column)}::bigint
      ELSE ${convertToJpySql(sql.raw(column), 'r')} END`;
  const today = sql`${query.today}::date`;
  const none = sql`NULL::bigint`;
  const base = tariff?.rule.baseTariff === 'price' ? sql`price_jpy` : sql`cost_jpy`;
  const computed = tariff ? computedPriceSql(base, tariff.rule) : none;
  const effective = !tariff
    ? none
    : tariff.inputMode === 'auto'
      ? sql`COALESCE(manual_price, computed_price)`
      : sql`manual_price`;
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const keys = SORTS[query.sort ?? 'productCode'];
  const order = sql.raw(
    [
      ...keys.map((key) => `${key} ${direction} NULLS LAST`),
      'lower(product_code) COLLATE "C" ASC',
      'id ASC',
    ].join(', '),
  );
  const limit =
    query.pageSize === null
      ? sql``
      : sql`LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  return sql`
WITH rates AS MATERIALIZED (
  SELECT current_rates.currency, current_rates.rate,
    ${rateColumnsSql(sql`current_rates.rate`, sql`c.minor_units`)}
  FROM ${rates} JOIN round_currency c ON c.iso_code = current_rates.currency
),
priced AS (
  SELECT p.id, p.supplier_id, s.name AS supplier_name, s.delivery_type AS supplier_delivery_type,
    p.name, p.product_code, p.iccid, p.category, p.cost_minor, p.cost_currency, p.price_minor,
    p.data_mb, p.duration_days, p.display, p.coverage, p.throttling_speed, p.apn_type,
    p.apn_value, p.description, p.type, p.network, p.status, p.selling_price_jpy,
    p.special_price_jpy, p.special_from::text AS special_from, p.special_to::text AS special_to,
    p.labels, p.version, p.created_at, p.updated_at, p.created_by, p.updated_by,
    CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN '1' ELSE r.rate::text END AS rate_text,
    (p.cost_currency <> ${BASE_CURRENCY} AND r.currency IS NULL) AS no_rate,
    ${convert('p.cost_minor')} AS cost_jpy,
    ${tariff ? convert('p.price_minor') : none} AS price_jpy,
    ${tariff ? sql`tp.price_jpy::bigint` : none} AS manual_price,
    (p.special_price_jpy IS NOT NULL
      AND (p.special_from IS NULL OR p.special_from <= ${today})
      AND (p.special_to IS NULL OR p.special_to >= ${today})) AS special_active
  FROM products p
  JOIN suppliers s ON s.id = p.supplier_id
  LEFT JOIN rates r ON r.currency = p.cost_currency
  ${tariff ? sql`LEFT JOIN tariff_prices tp ON tp.tariff_code_id = ${tariff.tariffCodeId} AND tp.product_id = p.id` : sql``}
  WHERE ${filtersSql(query.filters)}
  OFFSET 0
),
computed AS (
  SELECT priced.*, ${computed} AS computed_price,
    CASE WHEN special_active THEN special_price_jpy ELSE selling_price_jpy END AS current_price_jpy
  FROM priced OFFSET 0
),
final AS (
  SELECT computed.*, ${effective} AS tariff_price FROM computed
)
SELECT id, supplier_id, supplier_name, supplier_delivery_type, name, product_code, iccid,
  category, cost_minor, cost_currency, price_minor, data_mb, duration_days, display, coverage,
  throttling_speed, apn_type, apn_value, description, type, network, status, selling_price_jpy,
  special_price_jpy, special_from, special_to, labels, version, created_at, updated_at,
  created_by, updated_by, rate_text, special_active,
  cost_jpy::float8 AS cost_jpy,
  (current_price_jpy - cost_jpy)::float8 AS gross_profit,
  ${grossProfitPercentSql(sql`current_price_jpy`, sql`cost_jpy`)}::float8 AS gross_profit_percent,
  (selling_price_jpy - cost_jpy)::float8 AS selling_gross_profit,
  ${grossProfitPercentSql(sql`selling_price_jpy`, sql`cost_jpy`)}::float8 AS selling_gross_profit_percent,
  computed_price::float8 AS computed_price, manual_price::float8 AS manual_price,
  tariff_price::float8 AS tariff_price,
  (tariff_price - cost_jpy)::float8 AS tariff_gross_profit,
  ${grossProfitPercentSql(sql`tariff_price`, sql`cost_jpy`)}::float8 AS tariff_gross_profit_percent,
  count(*) OVER ()::int AS total,
  min(CASE WHEN no_rate THEN cost_currency END) OVER () AS missing_currency
FROM final
ORDER BY ${order}
${limit}`;
}
