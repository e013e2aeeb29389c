import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataTableState } from './types';
import {
  readListState,
  writeListState,
  type UrlListState,
  type UrlTableDefaults,
} from './urlTableState';

export interface UrlListOptions {
  /**
   * Prefix of this list's URL keys, for a second list on a page that already keeps one in the
   * URL: 'currencies' keeps currencies.page, currencies.search ... beside the first list's keys.
   */
  urlPrefix?: string;
}

/**
 * A list screen's view state kept in the URL: DataTable state plus named filters.
 * Changing a filter goes back to page 1.
 */
export function useUrlListState<F extends string>(
  filterKeys: readonly F[],
  defaults: UrlTableDefaults = {},
  { urlPrefix = '' }: UrlListOptions = {},
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readListState(params, filterKeys, defaults, urlPrefix),
    [params, filterKeys, defaults, urlPrefix],
  );

  const update = useCallback(
    (next: UrlListState<F>) =>
      setParams(writeListState(params, next, filterKeys, urlPrefix), { replace: true }),
    [params, setParams, filterKeys, urlPrefix],
  );
  const setTable = useCallback(
    (table: DataTableState) => update({ ...state, table }),
    [state, update],
  );
  const setFilter = useCallback(
    (key: F, value: string | undefined) =>
      update({
        table: { ...state.table, page: 1 },
        filters: { ...state.filters, [key]: value || undefined },
      }),
    [state, update],
  );
  return { ...state, setTable, setFilter };
}
