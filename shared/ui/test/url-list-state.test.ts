import { describe, expect, it } from 'vitest';
import { listParamKey, readListState, writeListState } from '../src/table/urlTableState';

const FILTERS = ['status', 'currency'] as const;

describe('list view state in the URL', () => {
  it('round-trips paging, sort, date range and filters', () => {
    const state = {
      table: {
        page: 3,
        pageSize: 50,
        sort: { column: 'name', order: 'desc' as const },
        from: '2026-01-01',
        to: '2026-03-31',
      },
      filters: { status: 'active', currency: 'USD' },
    };
    const params = writeListState(new URLSearchParams('tab=history'), state, FILTERS);
    expect(params.get('tab')).toBe('history');
    expect(readListState(params, FILTERS)).toEqual(state);
  });

  it('falls back to defaults for values a user could have typed into the URL', () => {
    const params = new URLSearchParams(
      'page=-2&pageSize=7&sort=name;drop table&order=sideways&from=yesterday&to=2026-13',
    );
    const { table } = readListState(params, FILTERS, {
      sort: { column: 'createdDate', order: 'desc' },
      sortColumns: ['name', 'createdDate'],
    });
    expect(table).toEqual({
      page: 1,
      pageSize: 10,
      sort: { column: 'createdDate', order: 'desc' },
    });
  });

  it('ignores sort columns the list does not allow', () => {
    const params = new URLSearchParams('sort=password&order=asc');
    expect(readListState(params, FILTERS, { sortColumns: ['name'] }).table.sort).toBeNull();
  });

  it('leaves out empty filters and the first page', () => {
    const params = writeListState(
      new URLSearchParams(),
      { table: { page: 1, pageSize: 10, sort: null }, filters: { status: '' } },
      FILTERS,
    );
    expect(params.toString()).toBe('pageSize=10');
  });
});

describe('a second list on the page (key prefix)', () => {
  const SEARCH = ['search'] as const;

  it('writes and reads its view under its prefix, leaving the first list alone', () => {
    const first = new URLSearchParams('page=2&pageSize=20&currency=USD');
    const params = writeListState(
      first,
      {
        table: { page: 3, pageSize: 50, sort: { column: 'isoCode', order: 'asc' } },
        filters: { search: 'yen' },
      },
      SEARCH,
      'currencies',
    );
    expect(Object.fromEntries(params)).toEqual({
      page: '2',
      pageSize: '20',
      currency: 'USD',
      'currencies.page': '3',
      'currencies.pageSize': '50',
      'currencies.sort': 'isoCode',
      'currencies.order': 'asc',
      'currencies.search': 'yen',
    });
    expect(readListState(params, SEARCH, {}, 'currencies')).toEqual({
      table: { page: 3, pageSize: 50, sort: { column: 'isoCode', order: 'asc' } },
      filters: { search: 'yen' },
    });
    expect(readListState(params, ['currency'] as const).table).toMatchObject({
      page: 2,
      pageSize: 20,
    });
  });

  it('clears only its own keys', () => {
    const params = writeListState(
      new URLSearchParams('page=4&search=first&currencies.page=2&currencies.search=yen'),
      { table: { page: 1, pageSize: 10, sort: null }, filters: {} },
      SEARCH,
      'currencies',
    );
    expect(params.toString()).toBe('page=4&search=first&currencies.pageSize=10');
    expect(listParamKey('page', 'currencies')).toBe('currencies.page');
    expect(listParamKey('page')).toBe('page');
  });
});
