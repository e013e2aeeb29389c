import { useCallback, useState } from 'react';
import type { UrlTableDefaults } from '../table/urlTableState';
import { useUrlListState, type UrlListOptions } from '../table/useUrlListState';
import { toast } from '../toast/toast';

/**
 * A list screen's state: table and filters in the URL (useUrlListState), the search box that
 * follows the URL while the user types, whether any filter is on (for the filtered-empty text)
 * and the export with its progress. A second list on the same page passes a `urlPrefix`.
 */
export function useListPage<F extends string>(
  filterKeys: readonly F[],
  defaults: UrlTableDefaults,
  options: UrlListOptions = {},
) {
  const list = useUrlListState<F>(filterKeys, defaults, options);
  const urlSearch = (list.filters as Partial<Record<string, string>>).search;
  const [searchText, setSearchText] = useState(urlSearch ?? '');
  const [seenSearch, setSeenSearch] = useState(urlSearch);
  if (seenSearch !== urlSearch) {
    // Back / forward or a shared link changed the search: show it.
    setSeenSearch(urlSearch);
    setSearchText(urlSearch ?? '');
  }
  const hasFilter =
    Boolean(list.table.from || list.table.to) ||
    filterKeys.some((key) => Boolean(list.filters[key]));
  return { ...list, hasFilter, searchText, setSearchText };
}

export type ListPageState<F extends string> = ReturnType<typeof useListPage<F>>;

/** The part of a list request every list shares: page, size, sort and the created-date range. */
export interface ListPageQuery<S extends string> {
  page: number;
  pageSize: number;
  sort?: S;
  order?: 'asc' | 'desc';
  from?: string;
  to?: string;
}

/** A list's table state as the request's page, sort and date range (unset ones left out). */
export function listPageQuery<S extends string>(
  table: ListPageState<string>['table'],
): ListPageQuery<S> {
  return {
    page: table.page,
    pageSize: table.pageSize,
    ...(table.sort ? { sort: table.sort.column as S, order: table.sort.order } : {}),
    ...(table.from ? { from: table.from } : {}),
    ...(table.to ? { to: table.to } : {}),
  };
}

/** An export with its progress: the button spins until the file is there, then a toast. */
export function useExport(run: () => Promise<unknown>, successText: string) {
  const [exporting, setExporting] = useState(false);
  const runExport = useCallback(async () => {
    setExporting(true);
    try {
      await run();
      toast.success(successText);
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  }, [run, successText]);
  return { exporting, runExport };
}
