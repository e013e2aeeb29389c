import type { TariffProductItem, TariffProductList } from '@esim/contracts';
import type { Queryable } from '../../audit';
import { MissingExchangeRateError } from '../exchange-rates/public';
import { rowsOf } from '../list-helpers';
import {
  productListSql,
  type PricingContext,
  type ProductListFilters,
  type ProductListPage,
} from './product-list-sql';

/*
 * A tariff code's product list: runs the statement of ./product-list-sql.ts and reads its rows
 * (docs/pricing.md "Performance" explains the shape).
 */

export {
  productListSql,
  type PricingContext,
  type ProductListFilters,
  type ProductListPage,
} from './product-list-sql';

interface ProductListRow {
  id: string;
  product_code: string;
  name: string;
  category: string | null;
  supplier_id: string;
  supplier_name: string;
  type: TariffProductItem['type'];
  network: TariffProductItem['network'];
  data_mb: number | null;
  duration_days: number;
  coverage: string[] | string;
  status: TariffProductItem['status'];
  cost_minor: number;
  cost_currency: string;
  price_minor: number | null;
  rate: string | null;
  cost_jpy: number | null;
  price_jpy: number | null;
  computed_price: number | null;
  manual_price: number | null;
  selling_price: number | null;
  gross_profit: number | null;
  gross_profit_percent: number | null;
  missing_currency: string | null;
  total: number;
}

/** numeric text without padding zeros ('151.50000000' -> '151.5'). */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function num(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** PostgreSQL text[] from a driver that does not parse it ('{JP,KR}'). */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}

function toItem(row: ProductListRow): TariffProductItem {
  const manualPrice = num(row.manual_price);
  const sellingPrice = num(row.selling_price);
  return {
    productId: row.id,
    productCode: row.product_code,
    name: row.name,
    category: row.category,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    type: row.type,
    network: row.network,
    dataMb: row.data_mb,
    durationDays: row.duration_days,
    coverage: textArray(row.coverage),
    status: row.status,
    costMinor: row.cost_minor,
    costCurrency: row.cost_currency,
    priceMinor: row.price_minor,
    exchangeRate: trimDecimal(row.rate ?? ''),
    costJpy: num(row.cost_jpy) ?? 0,
    priceJpy: num(row.price_jpy),
    computedPrice: num(row.computed_price),
    manualPrice,
    sellingPrice,
    priceSource: manualPrice !== null ? 'manual' : sellingPrice !== null ? 'computed' : 'none',
    grossProfit: num(row.gross_profit),
    grossProfitPercent: num(row.gross_profit_percent),
  };
}

export interface ProductListOutcome {
  items: TariffProductItem[];
  total: number;
  /** The first currency (alphabetically) of the selection without a current rate to JPY. */
  missingCurrency: string | null;
}

/** Runs productListSql. Does not throw for a missing rate: see missingCurrency. */
export async function queryProductList(
  q: Queryable,
  context: PricingContext,
  filters: ProductListFilters,
  page: ProductListPage,
): Promise<ProductListOutcome> {
  const rows = rowsOf<ProductListRow>(await q.execute(productListSql(q, context, filters, page)));
  const first = rows[0];
  if (first || page.page === 1 || page.pageSize === null) {
    return {
      items: rows.map(toItem),
      total: first ? Number(first.total) : 0,
      missingCurrency: first?.missing_currency ?? null,
    };
  }
  // A page past the end: the total (and the rate check) from the first row of the selection.
  const head = rowsOf<ProductListRow>(
    await q.execute(productListSql(q, context, filters, { ...page, page: 1, pageSize: 1 })),
  )[0];
  return {
    items: [],
    total: head ? Number(head.total) : 0,
    missingCurrency: head?.missing_currency ?? null,
  };
}

/**
 * tariff/product-list: a page of the code's products. Pricing needs every product's rate: a
 * currency without one is the exchange-rate area's 422 naming the pair.
 */
export async function productList(
  q: Queryable,
  context: PricingContext & { tariffCode: string },
  filters: ProductListFilters,
  page: ProductListPage & { pageSize: number },
): Promise<TariffProductList> {
  const outcome = await queryProductList(q, context, filters, page);
  if (outcome.missingCurrency) throw new MissingExchangeRateError(outcome.missingCurrency);
  return {
    tariffCodeId: context.tariffCodeId,
    tariffCode: context.tariffCode,
    rule: context.rule,
    inputMode: context.inputMode,
    items: outcome.items,
    total: outcome.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
