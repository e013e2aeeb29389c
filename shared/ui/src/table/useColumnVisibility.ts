import { useCallback, useState } from 'react';
import {
  isColumnShown,
  readColumnOverrides,
  writeColumnOverrides,
  type ColumnOverrides,
} from './columnVisibility';
import type { DataTableColumn } from './types';

export interface ColumnVisibility<T> {
  /** The columns to draw, in their declared order. */
  shown: DataTableColumn<T>[];
  isShown: (column: DataTableColumn<T>) => boolean;
  setShown: (column: DataTableColumn<T>, shown: boolean) => void;
  /** Back to each column's default; forgets the stored choice. */
  reset: () => void;
  /** True when the user's choice differs from the defaults. */
  changed: boolean;
}

/** Which columns a table shows: the columns' defaults and the user's choice, kept per table id. */
export function useColumnVisibility<T>(
  columns: DataTableColumn<T>[],
  tableId: string | undefined,
): ColumnVisibility<T> {
  const [overrides, setOverrides] = useState<ColumnOverrides>(() =>
    tableId ? readColumnOverrides(tableId) : {},
  );

  const save = useCallback(
    (next: ColumnOverrides) => {
      setOverrides(next);
      if (tableId) writeColumnOverrides(tableId, next);
    },
    [tableId],
  );

  const isShown = (column: DataTableColumn<T>) => isColumnShown(column, overrides);
  const setShown = (column: DataTableColumn<T>, shown: boolean) => {
    const { [column.key]: _previous, ...others } = overrides;
    // Only a departure from the default is stored, so later default changes still reach users.
    save(shown === !column.defaultHidden ? others : { ...others, [column.key]: shown });
  };

  return {
    shown: columns.filter(isShown),
    isShown,
    setShown,
    reset: () => save({}),
    changed: columns.some((column) => column.key in overrides),
  };
}
