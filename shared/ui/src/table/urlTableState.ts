import { PAGE_SIZES } from '@esim/contracts';
import type { DataTableState, TableSort } from './types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TABLE_KEYS = ['page', 'pageSize', 'sort', 'order', 'from', 'to'] as const;

export interface UrlTableDefaults {
  sort?: TableSort | null;
  pageSize?: number;
  /** Sort columns the list allows; anything else in the URL is ignored. */
  sortColumns?: readonly string[];
}

export interface UrlListState<F extends string> {
  table: DataTableState;
  filters: Partial<Record<F, string>>;
}

/**
 * Reads a list view (paging, sort, date range and filters) from the URL, so a reload or a shared
 * link shows the same view. Values that are not valid fall back to the defaults.
 */
export function readListState<F extends string>(
  params: URLSearchParams,
  filterKeys: readonly F[],
  defaults: UrlTableDefaults = {},
): UrlListState<F> {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const column = params.get('sort');
  const order = params.get('order');
  const sortAllowed = column && (!defaults.sortColumns || defaults.sortColumns.includes(column));
  const sort: TableSort | null =
    sortAllowed && (order === 'asc' || order === 'desc')
      ? { column, order }
      : (defaults.sort ?? null);
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const filters: Partial<Record<F, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    table: {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : (defaults.pageSize ?? 10),
      sort,
      ...(from && DATE.test(from) ? { from } : {}),
      ...(to && DATE.test(to) ? { to } : {}),
    },
    filters,
  };
}

/** Writes a list view into URL search params, keeping unrelated params as they are. */
export function writeListState<F extends string>(
  current: URLSearchParams,
  state: UrlListState<F>,
  filterKeys: readonly F[],
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...TABLE_KEYS, ...filterKeys]) next.delete(key);
  const { table, filters } = state;
  if (table.page > 1) next.set('page', String(table.page));
  next.set('pageSize', String(table.pageSize));
  if (table.sort) {
    next.set('sort', table.sort.column);
    next.set('order', table.sort.order);
  }
  if (table.from) next.set('from', table.from);
  if (table.to) next.set('to', table.to);
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) next.set(key, value);
  }
  return next;
}
