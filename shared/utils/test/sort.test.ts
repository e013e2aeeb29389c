import { describe, expect, it } from 'vitest';
import { nextSort, sortOrderOf, toSortQuery, type SortEntry } from '../src';

const DEFAULT = 'createdDate';

describe('column sort cycle (spec section 4)', () => {
  it('not sorted goes to ascending on the first click', () => {
    expect(nextSort([], 'name', DEFAULT)).toEqual([{ column: 'name', order: 'asc' }]);
    expect(nextSort([], DEFAULT, DEFAULT)).toEqual([{ column: DEFAULT, order: 'asc' }]);
  });

  it('descending goes to ascending', () => {
    expect(nextSort([{ column: 'name', order: 'desc' }], 'name', DEFAULT)).toEqual([
      { column: 'name', order: 'asc' },
    ]);
    expect(nextSort([{ column: DEFAULT, order: 'desc' }], DEFAULT, DEFAULT)).toEqual([
      { column: DEFAULT, order: 'asc' },
    ]);
  });

  it('ascending goes to descending for the default sort column', () => {
    expect(nextSort([{ column: DEFAULT, order: 'asc' }], DEFAULT, DEFAULT)).toEqual([
      { column: DEFAULT, order: 'desc' },
    ]);
  });

  it('ascending removes any other column from sorting', () => {
    expect(nextSort([{ column: 'name', order: 'asc' }], 'name', DEFAULT)).toEqual([]);
    expect(nextSort([{ column: 'name', order: 'asc' }], 'name')).toEqual([]);
  });

  it('sorts by one column: a click replaces the other entries', () => {
    const current: SortEntry[] = [{ column: DEFAULT, order: 'desc' }];
    expect(nextSort(current, 'name', DEFAULT)).toEqual([{ column: 'name', order: 'asc' }]);
  });

  it('does not change the state it is given', () => {
    const current: SortEntry[] = [{ column: 'name', order: 'asc' }];
    nextSort(current, 'name');
    expect(current).toEqual([{ column: 'name', order: 'asc' }]);
  });

  it('reads a column stage and the list query parameters', () => {
    const entries: SortEntry[] = [{ column: 'name', order: 'desc' }];
    expect(sortOrderOf(entries, 'name')).toBe('desc');
    expect(sortOrderOf(entries, 'code')).toBeUndefined();
    expect(toSortQuery(entries)).toEqual({ sort: 'name', order: 'desc' });
    expect(toSortQuery([])).toEqual({});
  });
});
