import type { ProductPriceSortColumn, ProductSortColumn } from '@esim/contracts';

export type CatalogueSort = ProductSortColumn | ProductPriceSortColumn;

/** What pricing a sort key needs per row before the page is known. */
export interface PricedNeeds {
  /** cost_jpy (the cost at today's rate). */
  cost: boolean;
  /** current_price_jpy (the active special price, else the selling price). */
  current: boolean;
  /** tariff_price (the tariff code's manual or computed price). */
  tariff: boolean;
}

export interface SortSpec {
  /**
   * Key expressions. Product sorts read the product row (`p`, supplier `s`), so that an index can
   * answer them; priced sorts read the columns of the narrow priced rows (cost_jpy, ...).
   */
  keys: string[];
  priced?: PricedNeeds;
  supplier?: true;
  /** The key is never NULL: `NULLS LAST` is left out so that a backward index scan matches DESC. */
  notNull?: true;
}

/** Ratio behind the gross profit percent (same order as the 2-decimal value). */
const ratio = (selling: string) => `(${selling} - cost_jpy)::float8 / NULLIF(${selling}, 0)`;

const COST: PricedNeeds = { cost: true, current: false, tariff: false };
const PROFIT: PricedNeeds = { cost: true, current: true, tariff: false };
const TARIFF: PricedNeeds = { cost: false, current: false, tariff: true };
const TARIFF_PROFIT: PricedNeeds = { cost: true, current: false, tariff: true };

/**
 * Whitelisted sort keys -> SQL (never user text in SQL). The same expressions, on the same
 * values, as the list always sorted by; ties break on lower(product_code) "C", then id.
 */
export const SORTS: Record<CatalogueSort, SortSpec> = {
  productCode: { keys: ['lower(p.product_code) COLLATE "C"'], notNull: true },
  name: { keys: ['lower(p.name)'] },
  iccid: { keys: ['p.iccid'] },
  supplierName: { keys: ['lower(s.name)'], supplier: true },
  category: { keys: ['lower(p.category)'] },
  type: { keys: ['p.type'] },
  network: { keys: ['p.network'] },
  dataMb: { keys: ['p.data_mb'] },
  durationDays: { keys: ['p.duration_days'] },
  throttlingSpeed: { keys: ['p.throttling_speed'] },
  status: { keys: ['p.status'] },
  cost: { keys: ['p.cost_currency', 'p.cost_minor'] },
  sellingPrice: { keys: ['p.selling_price_jpy'] },
  specialPrice: { keys: ['p.special_price_jpy'] },
  labels: { keys: [`NULLIF(lower(array_to_string(p.labels, '|')), '') COLLATE "C"`] },
  createdDate: { keys: ['p.created_at'] },
  updatedDate: { keys: ['p.updated_at'] },
  costJpy: { keys: ['cost_jpy'], priced: COST },
  grossProfit: { keys: ['current_price_jpy - cost_jpy'], priced: PROFIT },
  grossProfitPercent: { keys: [ratio('current_price_jpy')], priced: PROFIT },
  tariffPrice: { keys: ['tariff_price'], priced: TARIFF },
  tariffGrossProfit: { keys: ['tariff_price - cost_jpy'], priced: TARIFF_PROFIT },
  tariffGrossProfitPercent: { keys: [ratio('tariff_price')], priced: TARIFF_PROFIT },
};

/** `ORDER BY` of the page: the keys, then lower(product_code) "C" and id (aliases given). */
export function orderBy(
  spec: SortSpec,
  keys: readonly string[],
  direction: 'ASC' | 'DESC',
  codeKey: string,
  id: string,
): string {
  const nulls = spec.notNull ? '' : ' NULLS LAST';
  return [...keys.map((key) => `${key} ${direction}${nulls}`), `${codeKey} ASC`, `${id} ASC`].join(
    ', ',
  );
}
