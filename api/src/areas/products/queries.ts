/**
 * Runs the catalogue statement (./catalogue-sql.ts) and reads its rows: the product list, the
 * price list, their exports and one product as the list shows it.
 */
import type { PriceSource, ProductNetwork, ProductStatus, ProductType } from '@esim/contracts';
import type { Queryable } from '../../audit';
import { trimRate } from '../exchange-rates/public';
import { rowsOf } from '../list-helpers';
import { catalogueSql, type CatalogueQuery } from './catalogue-sql';

export type { CatalogueFilters } from './catalogue-filters';
export { catalogueSql } from './catalogue-sql';
export type { CatalogueQuery, CatalogueSort, TariffColumns } from './catalogue-sql';

export interface CatalogueRow {
  id: string;
  supplier_id: string;
  supplier_name: string;
  supplier_delivery_type: 'api' | 'stock';
  name: string;
  product_code: string;
  iccid: string | null;
  category: string | null;
  cost_minor: number;
  cost_currency: string;
  price_minor: number | null;
  data_mb: number | null;
  duration_days: number;
  display: string | null;
  coverage: string[] | string;
  throttling_speed: number;
  apn_type: 'automatic' | 'manual';
  apn_value: string | null;
  description: string | null;
  type: ProductType;
  network: ProductNetwork;
  status: ProductStatus;
  selling_price_jpy: number | null;
  special_price_jpy: number | null;
  special_from: string | null;
  special_to: string | null;
  labels: string[] | string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string;
  updated_by: string;
  rate_text: string | null;
  special_active: boolean;
  cost_jpy: number | null;
  gross_profit: number | null;
  gross_profit_percent: number | null;
  selling_gross_profit: number | null;
  selling_gross_profit_percent: number | null;
  computed_price: number | null;
  manual_price: number | null;
  tariff_price: number | null;
  tariff_gross_profit: number | null;
  tariff_gross_profit_percent: number | null;
  total: number;
  missing_currency: string | null;
}

export interface CatalogueOutcome {
  rows: CatalogueRow[];
  total: number;
  /** The first currency (alphabetically) of the selection without a current rate to JPY. */
  missingCurrency: string | null;
}

/** Runs catalogueSql; a page past the end still answers the total (and the rate check). */
export async function queryCatalogue(
  q: Queryable,
  query: CatalogueQuery,
): Promise<CatalogueOutcome> {
  const rows = rowsOf<CatalogueRow>(await q.execute(catalogueSql(q, query)));
  const first = rows[0];
  if (first || query.page === 1 || query.pageSize === null) {
    return {
      rows,
      total: first ? Number(first.total) : 0,
      missingCurrency: first?.missing_currency ?? null,
    };
  }
  const head = rowsOf<CatalogueRow>(
    await q.execute(catalogueSql(q, { ...query, page: 1, pageSize: 1 })),
  )[0];
  return {
    rows: [],
    total: head ? Number(head.total) : 0,
    missingCurrency: head?.missing_currency ?? null,
  };
}

/** PostgreSQL text[] from a driver that does not parse it ('{JP,KR}', '{"a b",c}'). */
export function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  const out: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (const match of inner.matchAll(pattern)) {
    out.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? ''));
  }
  return out;
}

export function num(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function rateOf(row: Pick<CatalogueRow, 'rate_text'>): string | null {
  return row.rate_text === null ? null : trimRate(row.rate_text);
}

export function priceSourceOf(manual: number | null, effective: number | null): PriceSource {
  return manual !== null ? 'manual' : effective !== null ? 'computed' : 'none';
}
