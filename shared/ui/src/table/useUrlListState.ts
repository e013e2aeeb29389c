import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataTableState } from './types';
import {
  readListState,
  writeListState,
  type UrlListState,
  type UrlTableDefaults,
} from './urlTableState';

/**
 * A list screen's view state kept in the URL: DataTable state plus named filters.
 * Changing a filter goes back to page 1.
 */
export function useUrlListState<F extends string>(
  filterKeys: readonly F[],
  defaults: UrlTableDefaults = {},
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readListState(params, filterKeys, defaults),
    [params, filterKeys, defaults],
  );

  const update = useCallback(
    (next: UrlListState<F>) =>
      setParams(writeListState(params, next, filterKeys), { replace: true }),
    [params, setParams, filterKeys],
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
