import type { DataTableColumn } from './types';

/** What the user changed from the defaults: column key -> shown. Columns not listed keep theirs. */
export type ColumnOverrides = Record<string, boolean>;

/** localStorage key of one table's column choice. */
export function columnStorageKey(tableId: string): string {
  return `esim.table.${tableId}.columns`;
}

/** Fixed columns (the identifying one on the left, the actions on the right) are always shown. */
export function isHideable<T>(column: DataTableColumn<T>): boolean {
  return !column.fixed;
}

export function isColumnShown<T>(column: DataTableColumn<T>, overrides: ColumnOverrides): boolean {
  if (!isHideable(column)) return true;
  return overrides[column.key] ?? !column.defaultHidden;
}

export function readColumnOverrides(tableId: string): ColumnOverrides {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(columnStorageKey(tableId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    // Storage blocked or a damaged value: fall back to the defaults.
    return {};
  }
}

export function writeColumnOverrides(tableId: string, overrides: ColumnOverrides): void {
  try {
    if (Object.keys(overrides).length === 0) localStorage.removeItem(columnStorageKey(tableId));
    else localStorage.setItem(columnStorageKey(tableId), JSON.stringify(overrides));
  } catch {
    // Storage blocked: the choice lasts until the page is left.
  }
}
