import type { DataTableState, TableSort } from './types';

/** A first-page table state; pass the list's default sort if it has one. */
export function initialTableState(sort: TableSort | null = null, pageSize = 10): DataTableState {
  return { page: 1, pageSize, sort };
}
