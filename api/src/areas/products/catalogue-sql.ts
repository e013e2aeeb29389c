/**
 * The product list and the price list in ONE SQL statement each, shaped so that a page costs its
 * own rows (docs/products.md "Sorting", docs/decisions/0017-lists-price-only-the-page.md):
 *
 * - `pg`: the page's ids and sort keys. A sort on a product column reads the products table alone
 *   (lower(product_code) "C" has an index); a sort on a computed value (cost in JPY, gross profit,
 *   a tariff code's price) prices every product of the selection, but only the columns the key
 *   needs, with today's rates joined once (integer arithmetic per row);
 * - `stats`: the total and the first currency of the selection without a current rate, counted on
 *   the products table per currency (no pricing);
 * - the final SELECT prices the page's rows in full: cost in JPY, gross profit, the special price
 *   active today, the tariff code's computed, manual and effective price (computedPriceSql: the
 *   same rule as @esim/contracts computePrice).
 *
 * A search (ILIKE over three columns: the expensive filter) reads the products once: the narrow
 * rows of the selection are materialized and both `pg` and `stats` read them.
 */
import { BASE_CURRENCY, type InputMode, type PricingRule } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { currentRatesSubquery } from '../exchange-rates/public';
import {
  computedPriceSql,
  convertToJpySql,
  grossProfitPercentSql,
  rateColumnsSql,
} from '../tariffs/public';
import { catalogueFiltersSql, type CatalogueFilters } from './catalogue-filters';
import { SORTS, orderBy, type CatalogueSort, type PricedNeeds } from './catalogue-sorts';

export type { CatalogueSort } from './catalogue-sorts';

/** A tariff code whose prices the price list adds. */
export interface TariffColumns {
  tariffCodeId: string;
  rule: PricingRule;
  inputMode: InputMode;
}

export interface CatalogueQuery {
  filters: CatalogueFilters;
  sort?: CatalogueSort | undefined;
  order: 'asc' | 'desc';
  page: number;
  /** null = every row (exports). */
  pageSize: number | null;
  tariff?: TariffColumns | undefined;
  /** The business day (yyyy-MM-dd, Asia/Tokyo): rates and special-price periods. */
  today: string;
}

const CODE_KEY = 'lower(p.product_code) COLLATE "C"';
const ALL: PricedNeeds = { cost: true, current: true, tariff: true };

/**
 * Priced rows of products `p` (joined in `from`, with rates `r`): the columns of `extra`, then
 * cost_jpy, price_jpy, manual_price, special_active, computed_price, current_price_jpy and
 * tariff_price (NULL unless needed). Three levels with OFFSET 0 fences, so that each conversion
 * runs once per row; the expressions are the ones the list has always used.
 */
function pricedSql(query: CatalogueQuery, needs: PricedNeeds, from: SQL, where: SQL, extra: SQL) {
  const tariff = needs.tariff ? query.tariff : undefined;
  const none = sql`NULL::bigint`;
  const convert = (column: string) =>
    sql`CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN ${sql.raw(column)}::bigint
      ELSE ${convertToJpySql(sql.raw(column), 'r')} END`;
  const today = sql`${query.today}::date`;
  const basePrice = tariff?.rule.baseTariff === 'price';
  const cost = needs.cost || (tariff !== undefined && !basePrice);
  const computed = tariff
    ? computedPriceSql(basePrice ? sql`price_jpy` : sql`cost_jpy`, tariff.rule)
    : none;
  const effective = !tariff
    ? none
    : tariff.inputMode === 'auto'
      ? sql`COALESCE(manual_price, computed_price)`
      : sql`manual_price`;
  return sql`SELECT computed.*, ${effective} AS tariff_price FROM (
    SELECT priced.*, ${computed} AS computed_price,
      ${needs.current ? sql`CASE WHEN special_active THEN special_price_jpy ELSE selling_price_jpy END` : none} AS current_price_jpy
    FROM (
      SELECT ${extra}
        ${cost ? convert('p.cost_minor') : none} AS cost_jpy,
        ${tariff && basePrice ? convert('p.price_minor') : none} AS price_jpy,
        ${tariff ? sql`tp.price_jpy::bigint` : none} AS manual_price,
        (p.special_price_jpy IS NOT NULL
          AND (p.special_from IS NULL OR p.special_from <= ${today})
          AND (p.special_to IS NULL OR p.special_to >= ${today})) AS special_active
      FROM ${from}
      LEFT JOIN rates r ON r.currency = p.cost_currency
      ${tariff ? sql`LEFT JOIN tariff_prices tp ON tp.tariff_code_id = ${tariff.tariffCodeId} AND tp.product_id = p.id` : sql``}
      WHERE ${where}
      OFFSET 0
    ) priced OFFSET 0
  ) computed`;
}

/** The statement behind product/list, product/export, product/price/list and its export. */
export function catalogueSql(q: Queryable, query: CatalogueQuery): SQL {
  const rates = currentRatesSubquery(q, query.today);
  const spec = SORTS[query.sort ?? 'productCode'];
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const aliases = spec.keys.map((_, index) => `sort_key${index + 1}`);
  const keyColumns = sql.raw(
    spec.keys.map((key, index) => `${key} AS ${aliases[index]}, `).join(''),
  );
  const where = catalogueFiltersSql(query.filters);
  const supplierJoin = spec.supplier ? sql`JOIN suppliers s ON s.id = p.supplier_id` : sql``;
  // The selection's narrow rows: id, the sort keys and the tie-break.
  const shared = Boolean(query.filters.search);
  // Only the selection that `stats` also reads carries the currency (else an index-only scan).
  const currency = sql.raw(shared ? 'cost_currency, ' : '');
  const narrow = spec.priced
    ? sql`SELECT id, ${currency} ${keyColumns} code_key FROM (${pricedSql(
        { ...query, tariff: spec.priced.tariff ? query.tariff : undefined },
        spec.priced,
        sql`products p ${supplierJoin}`,
        where,
        sql.raw(
          `p.id, p.cost_currency, ${CODE_KEY} AS code_key, p.selling_price_jpy, p.special_price_jpy,`,
        ),
      )}) narrow`
    : sql`SELECT p.id, ${currency} ${keyColumns} ${sql.raw(CODE_KEY)} AS code_key
      FROM products p ${supplierJoin} WHERE ${where}`;
  const limit =
    query.pageSize === null
      ? sql``
      : sql`LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  // A product sort orders by the expressions themselves, so that an index on them can answer.
  const pageOrder =
    spec.priced || shared
      ? orderBy(spec, aliases, direction, 'code_key', 'id')
      : orderBy(spec, spec.keys, direction, CODE_KEY, 'p.id');
  const page = shared
    ? sql`SELECT * FROM selection`
    : spec.priced
      ? sql`SELECT * FROM (${narrow}) narrow_rows`
      : narrow;
  const perCurrency = shared
    ? sql`SELECT cost_currency, count(*) AS n FROM selection GROUP BY cost_currency`
    : sql`SELECT p.cost_currency, count(*) AS n FROM products p WHERE ${where} GROUP BY p.cost_currency`;
  const carried = sql.raw(aliases.map((alias) => `pg.${alias}, `).join(''));
  const full = pricedSql(
    query,
    ALL,
    sql`pg JOIN products p ON p.id = pg.id JOIN suppliers s ON s.id = p.supplier_id`,
    sql`TRUE`,
    sql`${carried} pg.code_key,
      p.id, p.supplier_id, s.name AS supplier_name, s.delivery_type AS supplier_delivery_type,
      p.name, p.product_code, p.iccid, p.category, p.cost_minor, p.cost_currency, p.price_minor,
      p.data_mb, p.duration_days, p.display, p.coverage, p.throttling_speed, p.apn_type,
      p.apn_value, p.description, p.type, p.network, p.status, p.selling_price_jpy,
      p.special_price_jpy, p.special_from::text AS special_from, p.special_to::text AS special_to,
      p.labels, p.version, p.created_at, p.updated_at, p.created_by, p.updated_by,
      CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN '1' ELSE r.rate::text END AS rate_text,`,
  );
  return sql`
WITH rates AS MATERIALIZED (
  SELECT current_rates.currency, current_rates.rate,
    ${rateColumnsSql(sql`current_rates.rate`, sql`c.minor_units`)}
  FROM ${rates} JOIN round_currency c ON c.iso_code = current_rates.currency
),
${shared ? sql`selection AS MATERIALIZED (${narrow}),` : sql``}
pg AS (
  ${page}
  ORDER BY ${sql.raw(pageOrder)}
  ${limit}
),
stats AS (
  SELECT COALESCE(sum(g.n), 0)::int AS total,
    min(CASE WHEN g.cost_currency <> ${BASE_CURRENCY} AND r.currency IS NULL THEN g.cost_currency END)
      AS missing_currency
  FROM (${perCurrency}) g LEFT JOIN rates r ON r.currency = g.cost_currency
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
  stats.total, stats.missing_currency
FROM (${full}) page_rows CROSS JOIN stats
ORDER BY ${sql.raw(orderBy(spec, aliases, direction, 'code_key', 'id'))}`;
}
