import {
  BASE_CURRENCY,
  type InputMode,
  type PriceSource,
  type PricingRule,
  type TariffProductSortColumn,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { currentRatesSubquery } from '../exchange-rates/public';
import { containsPattern, endOfRange } from '../list-helpers';
import {
  computedPriceSql,
  convertToJpySql,
  grossProfitPercentSql,
  rateColumnsSql,
} from './pricing-sql';

/*
 * A tariff code's product list in ONE SQL statement (docs/pricing.md "Performance"):
 * - `pg`: the page's ids and sort keys. A sort on a product column reads the products table alone
 *   (the product code has an index); a sort on a computed value prices every product of the
 *   selection, but only what the sort and the filters need (pricing-sql.ts = contracts
 *   pricing.ts), with today's rates joined once;
 * - `stats`: the total and the first currency of the selection lacking a rate, counted per
 *   currency on the products table;
 * - the final SELECT prices the page's rows in full and joins their product and supplier columns.
 * A search or a price-source filter (the expensive filters) reads the products once: the
 * selection's narrow rows are materialized and both `pg` and `stats` read them.
 */

export interface ProductListFilters {
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  supplierId?: string | undefined;
  costCurrency?: string | undefined;
  type?: 'daypass' | 'package' | undefined;
  network?: 'local' | 'round' | undefined;
  status?: 'active' | 'inactive' | undefined;
  priceSource?: PriceSource | undefined;
  /** Only these products (import and single-product reads). */
  productIds?: readonly string[] | undefined;
  /** Only these product codes, compared case-insensitively (imports). */
  productCodes?: readonly string[] | undefined;
}

export interface ProductListPage {
  sort?: TariffProductSortColumn | undefined;
  order: 'asc' | 'desc';
  /** null = every row (no LIMIT). */
  pageSize: number | null;
  page: number;
}

export interface PricingContext {
  tariffCodeId: string;
  rule: PricingRule;
  inputMode: InputMode;
  /** The day rates are current on (yyyy-MM-dd); default today in Asia/Tokyo. */
  at?: string | Date | undefined;
}

/** Which computed columns a stage needs. */
interface Needs {
  cost: boolean;
  price: boolean;
  manual: boolean;
  computed: boolean;
  selling: boolean;
}

const ALL: Needs = { cost: true, price: true, manual: true, computed: true, selling: true };

/**
 * Sort key of the gross profit percent: the exact ratio as float8 (cheap per row). Its order is
 * the order of the displayed 2-decimal values (rounding is monotonic); rows whose displayed
 * values are equal may come in ratio order rather than product-code order.
 */
const GROSS_PROFIT_RATIO = '(selling_price - cost_jpy)::float8 / NULLIF(selling_price, 0)';

type SortSpec = {
  /** Up to two sort expressions: product columns (p, s) or priced columns. */
  keys: [string] | [string, string];
  /** Product columns are read before pricing; priced ones after. */
  priced?: true;
  supplier?: true;
  /** Never NULL: `NULLS LAST` is left out, so that a backward index scan answers DESC. */
  notNull?: true;
  needs?: Partial<Needs>;
};

/** Whitelisted sort keys -> SQL (never user text in SQL). */
const SORTS: Record<TariffProductSortColumn, SortSpec> = {
  productCode: { keys: ['lower(p.product_code) COLLATE "C"'], notNull: true },
  name: { keys: ['lower(p.name)'] },
  supplierName: { keys: ['lower(s.name)'], supplier: true },
  category: { keys: ['lower(p.category)'] },
  type: { keys: ['p.type'] },
  network: { keys: ['p.network'] },
  dataMb: { keys: ['p.data_mb'] },
  durationDays: { keys: ['p.duration_days'] },
  status: { keys: ['p.status'] },
  costCurrency: { keys: ['p.cost_currency'] },
  cost: { keys: ['p.cost_currency', 'p.cost_minor'] },
  costJpy: { keys: ['cost_jpy'], priced: true, needs: { cost: true } },
  priceJpy: { keys: ['price_jpy'], priced: true, needs: { price: true } },
  computedPrice: { keys: ['computed_price'], priced: true, needs: { computed: true } },
  manualPrice: { keys: ['manual_price'], priced: true, needs: { manual: true } },
  sellingPrice: { keys: ['selling_price'], priced: true, needs: { selling: true } },
  grossProfit: {
    keys: ['selling_price - cost_jpy'],
    priced: true,
    needs: { selling: true, cost: true },
  },
  grossProfitPercent: {
    keys: [GROSS_PROFIT_RATIO],
    priced: true,
    needs: { selling: true, cost: true },
  },
};

/** Completes needs with what the computation depends on. */
function closeNeeds(needs: Partial<Needs>, context: PricingContext): Needs {
  const selling = needs.selling === true;
  const computed = needs.computed === true || (selling && context.inputMode === 'auto');
  const base = context.rule.baseTariff;
  return {
    selling,
    computed,
    manual: needs.manual === true || selling,
    cost: needs.cost === true || (computed && base === 'cost'),
    price: needs.price === true || (computed && base === 'price'),
  };
}

function priceSourceNeeds(source: PriceSource | undefined): Partial<Needs> {
  if (source === 'manual') return { manual: true };
  if (source === 'computed' || source === 'none') return { selling: true };
  return {};
}

function filtersSql(filters: ProductListFilters): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    parts.push(
      sql`(p.product_code ILIKE ${pattern} OR p.name ILIKE ${pattern} OR s.name ILIKE ${pattern})`,
    );
  }
  if (filters.from) parts.push(sql`p.created_at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to) parts.push(sql`p.created_at < ${endOfRange(filters.to).toISOString()}`);
  if (filters.supplierId) parts.push(sql`p.supplier_id = ${filters.supplierId}`);
  if (filters.costCurrency) parts.push(sql`p.cost_currency = ${filters.costCurrency}`);
  if (filters.type) parts.push(sql`p.type = ${filters.type}`);
  if (filters.network) parts.push(sql`p.network = ${filters.network}`);
  if (filters.status) parts.push(sql`p.status = ${filters.status}`);
  if (filters.productIds) {
    parts.push(sql`p.id = ANY(${sql.param([...filters.productIds])}::uuid[])`);
  }
  if (filters.productCodes) {
    const codes = filters.productCodes.map((code) => code.toLowerCase());
    parts.push(sql`lower(p.product_code) = ANY(${sql.param(codes)}::text[])`);
  }
  return sql.join(parts, sql` AND `);
}

function priceSourceSql(source: PriceSource | undefined): SQL {
  if (source === 'manual') return sql`manual_price IS NOT NULL`;
  if (source === 'computed') return sql`manual_price IS NULL AND selling_price IS NOT NULL`;
  if (source === 'none') return sql`selling_price IS NULL`;
  return sql`TRUE`;
}

/**
 * Prices rows of products `p` (joined in `from`, with rates `r` and the code's manual prices `tp`
 * when needed): the columns of `extra`, then code_key, cost_currency, and cost_jpy,
 * price_jpy, manual_price, computed_price, selling_price (NULL unless needed). Two levels with an
 * OFFSET 0 fence, so that each conversion runs once per row.
 */
function pricedRowsSql(
  context: PricingContext,
  needs: Needs,
  from: SQL,
  where: SQL,
  extra: SQL,
): SQL {
  const none = sql`NULL::bigint`;
  const cost = sql`CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN p.cost_minor::bigint
      ELSE ${convertToJpySql(sql`p.cost_minor`, 'r')} END`;
  const price = sql`CASE WHEN p.cost_currency = ${BASE_CURRENCY} THEN p.price_minor::bigint
      ELSE ${convertToJpySql(sql`p.price_minor`, 'r')} END`;
  const base = context.rule.baseTariff === 'price' ? sql`price_jpy` : sql`cost_jpy`;
  const computed = needs.computed ? computedPriceSql(base, context.rule) : none;
  const selling = !needs.selling
    ? none
    : context.inputMode === 'auto'
      ? sql`COALESCE(manual_price, ${computed})`
      : sql`manual_price`;
  return sql`SELECT converted.*, ${computed} AS computed_price, ${selling} AS selling_price
  FROM (
    SELECT ${extra} p.product_code COLLATE "C" AS code_key, p.cost_currency,
      ${needs.cost ? cost : none} AS cost_jpy,
      ${needs.price ? price : none} AS price_jpy,
      ${needs.manual ? sql`tp.price_jpy::bigint` : none} AS manual_price
    FROM ${from}
    LEFT JOIN rates r ON r.currency = p.cost_currency
    ${needs.manual ? sql`LEFT JOIN tariff_prices tp ON tp.tariff_code_id = ${context.tariffCodeId} AND tp.product_id = p.id` : sql``}
    WHERE ${where}
    OFFSET 0
  ) converted`;
}

/**
 * The statement behind tariff/product-list (exported for the benchmark, which times it bare).
 * Amounts leave as float8 (exact below 2^53: JavaScript numbers on both drivers), the rate as
 * text.
 */
export function productListSql(
  q: Queryable,
  context: PricingContext,
  filters: ProductListFilters,
  page: ProductListPage,
): SQL {
  const rates = currentRatesSubquery(q, context.at);
  const spec = SORTS[page.sort ?? 'productCode'];
  const filterNeeds = priceSourceNeeds(filters.priceSource);
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const nulls = spec.notNull ? '' : ' NULLS LAST';
  const aliases = spec.keys.map((_, index) => `sort_key${index + 1}`);
  const keyColumns = sql.raw(
    spec.keys.map((key, index) => `${key} AS ${aliases[index]}, `).join(''),
  );
  const orderOf = (keys: readonly string[], code: string, id: string) =>
    [...keys.map((key) => `${key} ${direction}${nulls}`), `${code} ASC`, `${id} ASC`].join(', ');
  const supplierJoin =
    spec.supplier || filters.search ? sql`JOIN suppliers s ON s.id = p.supplier_id` : sql``;
  // The search and the price-source filter are worth computing once for the page and the total.
  const shared = Boolean(filters.search || filters.priceSource);
  const priced = spec.priced || filters.priceSource !== undefined;
  const where = filtersSql(filters);
  const sortAliases = sql.raw(aliases.map((alias) => `${alias}, `).join(''));
  const narrow = priced
    ? sql`SELECT ${spec.priced ? keyColumns : sortAliases} id, code_key, cost_currency
      FROM (${pricedRowsSql(
        context,
        closeNeeds({ ...spec.needs, ...filterNeeds }, context),
        sql`products p ${supplierJoin}`,
        where,
        sql`p.id, ${spec.priced ? sql`` : keyColumns}`,
      )}) narrow
      WHERE ${priceSourceSql(filters.priceSource)}`
    : sql`SELECT p.id, ${keyColumns} p.product_code COLLATE "C" AS code_key
        ${shared ? sql`, p.cost_currency` : sql``}
      FROM products p ${supplierJoin} WHERE ${where}`;
  const pageFrom = shared
    ? sql`SELECT * FROM selection`
    : priced
      ? sql`SELECT * FROM (${narrow}) narrow_rows`
      : narrow;
  // A product sort orders by the expressions themselves, so that an index on them can answer.
  const pageOrder =
    shared || priced
      ? orderOf(aliases, 'code_key', 'id')
      : orderOf(spec.keys, 'p.product_code COLLATE "C"', 'p.id');
  const perCurrency = shared
    ? sql`SELECT cost_currency, count(*) AS n FROM selection GROUP BY cost_currency`
    : sql`SELECT p.cost_currency, count(*) AS n FROM products p WHERE ${where}
      GROUP BY p.cost_currency`;
  const limit =
    page.pageSize === null
      ? sql``
      : sql`LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`;
  const full = pricedRowsSql(
    context,
    ALL,
    sql`pg CROSS JOIN stats JOIN products p ON p.id = pg.id JOIN suppliers s ON s.id = p.supplier_id`,
    sql`TRUE`,
    sql.raw(
      `p.id, p.product_code, p.name, p.category, p.supplier_id, s.name AS supplier_name, ` +
        `p.type, p.network, p.data_mb, p.duration_days, p.coverage, p.status, p.cost_minor, ` +
        `p.price_minor, r.rate AS exchange_rate, stats.total, stats.missing_currency, ` +
        aliases.map((alias) => `pg.${alias}, `).join(''),
    ),
  );
  return sql`
WITH rates AS MATERIALIZED (
  SELECT current_rates.currency, current_rates.rate,
    ${rateColumnsSql(sql`current_rates.rate`, sql`c.minor_units`)}
  FROM ${rates} JOIN round_currency c ON c.iso_code = current_rates.currency
),
${shared ? sql`selection AS MATERIALIZED (${narrow}),` : sql``}
pg AS (
  ${pageFrom}
  ORDER BY ${sql.raw(pageOrder)}
  ${limit}
),
stats AS (
  SELECT COALESCE(sum(g.n), 0)::int AS total,
    min(CASE WHEN g.cost_currency <> ${BASE_CURRENCY} AND r.currency IS NULL THEN g.cost_currency END)
      AS missing_currency
  FROM (${perCurrency}) g LEFT JOIN rates r ON r.currency = g.cost_currency
)
SELECT id, product_code, name, category, supplier_id, supplier_name, type, network, data_mb,
  duration_days, coverage, status, cost_minor, cost_currency, price_minor,
  CASE WHEN cost_currency = ${BASE_CURRENCY} THEN '1' ELSE exchange_rate::text END AS rate,
  cost_jpy::float8 AS cost_jpy, price_jpy::float8 AS price_jpy,
  computed_price::float8 AS computed_price, manual_price::float8 AS manual_price,
  selling_price::float8 AS selling_price, (selling_price - cost_jpy)::float8 AS gross_profit,
  ${grossProfitPercentSql(sql`selling_price`, sql`cost_jpy`)}::float8 AS gross_profit_percent,
  missing_currency, total
FROM (${full}) priced
ORDER BY ${sql.raw(orderOf(aliases, 'code_key', 'id'))}`;
}
