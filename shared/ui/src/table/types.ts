import type { SortEntry } from '@esim/utils';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

export type SortOrder = SortEntry['order'];

/** The one column a list is sorted by (@esim/utils' sorting entry). */
export type TableSort = SortEntry;

/** Everything a server-side list query needs; pages start at 1. */
export interface DataTableState {
  page: number;
  pageSize: number;
  sort: TableSort | null;
  /** Inclusive start date, yyyy-MM-dd; either end of the range may be missing. */
  from?: string;
  /** Inclusive end date, yyyy-MM-dd. */
  to?: string;
}

export interface DataTableColumn<T> extends Omit<
  TableColumnType<T>,
  'key' | 'sorter' | 'sortOrder' | 'sortDirections'
> {
  /** Stable column id; it is also the sort column name sent to the API. */
  key: string;
  title: ReactNode;
  /** Lets the user sort the list by this column (server side). */
  sortable?: boolean;
  /**
   * Left out until the user shows it with the table's column chooser (needs DataTable's
   * tableId). A `fixed` column (the identifying one on the left, actions on the right) is always
   * shown and cannot be hidden.
   */
  defaultHidden?: boolean;
}
