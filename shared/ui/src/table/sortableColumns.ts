import type { TableColumnType } from 'antd';
import type { KeyboardEvent } from 'react';
import { nextSort } from '@esim/utils';
import type { DataTableColumn, SortOrder, TableSort } from './types';

const ANTD_ORDER: Record<SortOrder, 'ascend' | 'descend'> = { asc: 'ascend', desc: 'descend' };

export interface SortBinding {
  sort: TableSort | null;
  defaultSortColumn?: string;
  onSort: (next: TableSort | null) => void;
  /** Hint shown on hover for what the next click does. */
  hint: (next: TableSort | null) => string;
}

/**
 * Turns our columns into antd columns whose sort order is fully controlled: antd only draws
 * the arrows (sortOrder per column); the header click / Enter / Space run the spec's cycle.
 */
export function toAntdColumns<T>(
  columns: DataTableColumn<T>[],
  binding: SortBinding,
): TableColumnType<T>[] {
  return columns.map(({ sortable, ...column }) => {
    if (!sortable) return column;
    const { sort, defaultSortColumn, onSort, hint } = binding;
    const next = nextSort(sort ? [sort] : [], column.key, defaultSortColumn)[0] ?? null;
    const activate = () => onSort(next);
    return {
      ...column,
      sorter: true,
      sortOrder: sort?.column === column.key ? ANTD_ORDER[sort.order] : null,
      sortDirections: ['ascend', 'descend'],
      showSorterTooltip: false,
      onHeaderCell: (col) => ({
        ...column.onHeaderCell?.(col),
        title: hint(next),
        'data-column-key': column.key,
        onClick: activate,
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            activate();
          }
        },
      }),
    } as TableColumnType<T>;
  });
}
