import { useQuery } from '@tanstack/react-query';
import type { StockDetailQuery } from '@esim/contracts';
import type { DataTableState, ListPageState } from '@esim/ui';
import { useCallback, useMemo, useState } from 'react';
import { exportStock, stockItemsQuery } from '../api';
import { stockItemScope, type ItemFilter } from './stockItemFilters';

/**
 * One product's stock items (all stock without a product id) for the list's URL state. Next
 * pages go by the API's keyset cursor (fast at any depth), remembered per scope when the user
 * steps forward; a page reached otherwise (a jump, a link) goes by offset.
 */
export function useStockItems(productId: string, list: ListPageState<ItemFilter>) {
  const { table, filters, setTable } = list;
  const scope = useMemo(
    () => stockItemScope(productId, table, filters),
    [productId, table, filters],
  );
  const scopeKey = JSON.stringify(scope);
  const [cursors, setCursors] = useState<Record<string, Record<number, string>>>({});
  const cursor = cursors[scopeKey]?.[table.page];
  const query: StockDetailQuery = useMemo(
    () => ({ ...scope, page: table.page, ...(cursor ? { cursor } : {}) }),
    [scope, table.page, cursor],
  );
  const result = useQuery(stockItemsQuery(query));

  const onTableChange = (next: DataTableState) => {
    const nextCursor = result.data?.nextCursor;
    const sameScope =
      next.pageSize === table.pageSize &&
      next.sort?.column === table.sort?.column &&
      next.sort?.order === table.sort?.order &&
      next.from === table.from &&
      next.to === table.to;
    if (sameScope && next.page === table.page + 1 && nextCursor && !result.isPlaceholderData) {
      setCursors((known) => ({
        ...known,
        [scopeKey]: { ...known[scopeKey], [next.page]: nextCursor },
      }));
    }
    setTable(next);
  };

  // The export takes the filters of the list, never its paging.
  const exportItems = useCallback(() => {
    const { pageSize: _pageSize, ...filtersOnly } = scope;
    return exportStock(filtersOnly);
  }, [scope]);

  return { result, onTableChange, exportItems };
}
