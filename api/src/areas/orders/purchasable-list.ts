import type {
  ListResult,
  PurchasableProduct,
  PurchasableSortColumn,
  purchasableListSchema,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Queryable } from '../../audit';
import { MissingExchangeRateError } from '../exchange-rates/public';
import { containsPattern, rowsOf } from '../list-helpers';
import type { PartnerTerms } from './partner-terms';
import { PRICED_COLUMNS, pricedProductsCtes, toPricedProduct, type PricedRow } from './pricing';

/*
 * cart/product-purchase/list: the bundles a partner can buy now — active products with a price
 * at its tariff code — priced as the review prices them (./pricing.ts), in ONE statement: the
 * selection is priced, the unpriced are left out, then the page is sorted and cut. Every active
 * product of the selection is priced (the price decides whether it is listed at all); the
 * catalogue is small enough (20,000 products: docs/performance.md) for that.
 */

export type PurchasableListInput = v.InferOutput<typeof purchasableListSchema>;

/** Whitelisted sort keys -> SQL on `priced` (never user text in SQL). Empty values last. */
const SORTS: Record<PurchasableSortColumn, string> = {
  productCode: 'lower(product_code) COLLATE "C"',
  name: 'lower(name)',
  dataMb: 'data_mb',
  durationDays: 'duration_days',
  unitPrice: 'unit_price',
  available: 'available',
};

function filtersSql(input: PurchasableListInput): SQL {
  const parts: SQL[] = [sql`p.status = 'active'`];
  if (input.search) {
    const pattern = containsPattern(input.search);
    parts.push(sql`(p.product_code ILIKE ${pattern} OR p.name ILIKE ${pattern})`);
  }
  if (input.type) parts.push(sql`p.type = ${input.type}`);
  if (input.country) parts.push(sql`p.coverage @> ARRAY[${input.country}]::text[]`);
  return sql.join(parts, sql` AND `);
}

interface ListRow extends Omit<PricedRow, 'id'> {
  id: string | null;
  total: number;
  missing_currency: string | null;
}

export async function purchasableList(
  q: Queryable,
  terms: PartnerTerms,
  input: PurchasableListInput,
  today: string,
): Promise<ListResult<PurchasableProduct>> {
  const direction = input.order === 'desc' ? 'DESC' : 'ASC';
  const key = SORTS[input.sort ?? 'productCode'];
  const order = sql.raw(
    `${key} ${direction} NULLS LAST, lower(product_code) COLLATE "C" ASC, id ASC`,
  );
  const offset = (input.page - 1) * input.pageSize;
  // The count row always comes back (LEFT JOIN LATERAL), so a page past the end still has its
  // total, and the first currency of the selection without a rate.
  const rows = rowsOf<ListRow>(
    await q.execute(sql`
      WITH ${pricedProductsCtes(q, terms, today, filtersSql(input))},
      stats AS (
        SELECT count(*) FILTER (WHERE unit_price IS NOT NULL)::int AS total,
          min(cost_currency) FILTER (WHERE missing_rate) AS missing_currency
        FROM priced
      )
      SELECT stats.total, stats.missing_currency, page.*
      FROM stats
      LEFT JOIN LATERAL (
        SELECT ${PRICED_COLUMNS} FROM priced
        WHERE unit_price IS NOT NULL
        ORDER BY ${order}
        LIMIT ${input.pageSize} OFFSET ${offset}
      ) page ON true`),
  );
  const missing = rows[0]?.missing_currency;
  if (missing) throw new MissingExchangeRateError(missing);
  const items = rows
    .filter((row): row is ListRow & { id: string } => row.id !== null)
    .map((row) => {
      const product = toPricedProduct(row);
      return {
        productId: product.productId,
        productCode: product.productCode,
        name: product.name,
        type: product.type,
        network: product.network,
        dataMb: product.dataMb,
        durationDays: product.durationDays,
        coverage: product.coverage,
        deliveryType: product.deliveryType,
        unitPrice: product.unitPrice ?? 0,
        available: product.available === null ? null : Math.max(0, product.available),
      };
    });
  return { items, total: Number(rows[0]?.total ?? 0), page: input.page, pageSize: input.pageSize };
}
