import type { SortDirection } from '@esim/contracts';

/** Table sorting entry (spec section 3): column name and sorting stage. Unsorted = no entry. */
export interface SortEntry {
  column: string;
  order: SortDirection;
}

/** The sorting stage of a column, undefined when it is not sorted. */
export function sortOrderOf(
  entries: readonly SortEntry[],
  column: string,
): SortDirection | undefined {
  return entries.find((entry) => entry.column === column)?.order;
}

/**
 * The column sort cycle of spec section 4, applied to a click on `column`:
 * - not sorted -> ascending;
 * - descending -> ascending;
 * - ascending -> descending if `column` is the default sort column, otherwise the column is
 *   removed from sorting (so the default column never becomes unsorted by clicking).
 *
 * The state is a list of entries so the shape can carry multi-column sorting, but the console
 * sorts by one column (the list API takes one sort/order pair): a click replaces every other
 * entry, so the result has at most one entry.
 */
export function nextSort(
  current: readonly SortEntry[],
  column: string,
  defaultSortColumn?: string,
): SortEntry[] {
  const stage = sortOrderOf(current, column);
  if (stage === undefined || stage === 'desc') return [{ column, order: 'asc' }];
  return column === defaultSortColumn ? [{ column, order: 'desc' }] : [];
}

/** The list query's sort parameters (listQuerySchema) from the sorting entries. */
export function toSortQuery(entries: readonly SortEntry[]): {
  sort?: string;
  order?: SortDirection;
} {
  const first = entries[0];
  return first ? { sort: first.column, order: first.order } : {};
}
