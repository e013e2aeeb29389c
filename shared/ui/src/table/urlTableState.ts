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

/**
 * The URL key of one part of a list's state. A second list on the same page names its keys with a
 * prefix ('currencies' -> currencies.page, currencies.search ...) so the two never collide.
 */
export function listParamKey(name: string, prefix = ''): string {
  return prefix ? `${prefix}.${name}` : name;
}

export interface UrlListState<F extends string> {
  table: DataTableState;
  filters: Partial<Record<F, string>>;
}

/**
 * Reads a list view (paging, sort, date range and filters) from the URL, so a reload or a shared
 * link shows the same view. Values that are not valid fall back to the defaults. `prefix` picks the
 * keys of one list on a page that holds two (listParamKey).
 */
export function readListState<F extends string>(
  params: URLSearchParams,
  filterKeys: readonly F[],
  defaults: UrlTableDefaults = {},
  prefix = '',
): UrlListState<F> {
  const get = (name: string) => params.get(listParamKey(name, prefix));
  const page = Number(get('page'));
  const pageSize = Number(get('pageSize'));
  const column = get('sort');
  const order = get('order');
  const sortAllowed = column && (!defaults.sortColumns || defaults.sortColumns.includes(column));
  const sort: TableSort | null =
    sortAllowed && (order === 'asc' || order === 'desc')
      ? { column, order }
      : (defaults.sort ?? null);
  const from = get('from') ?? undefined;
  const to = get('to') ?? undefined;
  const filters: Partial<Record<F, string>> = {};
  for (const key of filterKeys) {
    const value = get(key);
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

/**
 * Writes a list view into URL search params (under the list's key prefix, if any), keeping
 * unrelated params as they are.
 */
export function writeListState<F extends string>(
  current: URLSearchParams,
  state: UrlListState<F>,
  filterKeys: readonly F[],
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string) => next.set(listParamKey(name, prefix), value);
  for (const key of [...TABLE_KEYS, ...filterKeys]) next.delete(listParamKey(key, prefix));
  const { table, filters } = state;
  if (table.page > 1) set('page', String(table.page));
  set('pageSize', String(table.pageSize));
  if (table.sort) {
    set('sort', table.sort.column);
    set('order', table.sort.order);
  }
  if (table.from) set('from', table.from);
  if (table.to) set('to', table.to);
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) set(key, value);
  }
  return next;
}
