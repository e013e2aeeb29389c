import {
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_ITEM_SORT_COLUMNS,
  STOCK_STATUSES,
  type StockDetailQuery,
  type StockStatus,
} from '@esim/contracts';
import type { DataTableState, UrlTableDefaults } from '@esim/ui';

/** The URL filters of a product's stock items (status is comma-separated: on_hand,reserved). */
export const ITEM_FILTERS = ['status', 'search', 'expiring'] as const;
export type ItemFilter = (typeof ITEM_FILTERS)[number];
export const ITEM_DEFAULTS: UrlTableDefaults = {
  sort: { column: 'importedDate', order: 'desc' },
  pageSize: 10,
  sortColumns: STOCK_ITEM_SORT_COLUMNS,
};

/** The statuses of the URL's status filter; anything that is not a status is left out. */
export function parseStatuses(value: string | undefined): StockStatus[] {
  if (!value) return [];
  return value
    .split(',')
    .filter((part): part is StockStatus => STOCK_STATUSES.includes(part as StockStatus));
}

/** Everything of the items query but the page and cursor: the scope keyset cursors belong to. */
export type StockItemScope = Omit<StockDetailQuery, 'page' | 'cursor'>;

export function stockItemScope(
  productId: string,
  table: DataTableState,
  filters: Partial<Record<ItemFilter, string>>,
): StockItemScope {
  const statuses = parseStatuses(filters.status);
  return {
    pageSize: table.pageSize,
    sort: (table.sort?.column ?? 'importedDate') as StockDetailQuery['sort'],
    order: table.sort?.order ?? 'desc',
    ...(productId ? { productId } : {}),
    ...(statuses.length > 0 ? { status: statuses } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.expiring === '1' ? { expiringWithinDays: STOCK_EXPIRING_SOON_DAYS } : {}),
    ...(table.from ? { from: table.from } : {}),
    ...(table.to ? { to: table.to } : {}),
  };
}
