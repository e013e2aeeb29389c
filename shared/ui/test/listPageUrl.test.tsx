import './setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DataTable,
  ListFilter,
  ListPage,
  ListSearch,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* A whole list on the kit (useListPage + ListPage + DataTable): every part of the view in the URL. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

interface Row {
  id: string;
  name: string;
}
const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sortable: true },
  { key: 'createdDate', title: 'Created', dataIndex: 'id', sortable: true },
];
const ROWS: Row[] = [{ id: 'a', name: 'Alpha' }];
const FILTERS = ['search', 'status'] as const;
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: ['name', 'createdDate'],
};

function ThingList() {
  const list = useListPage(FILTERS, DEFAULTS);
  const location = useLocation();
  return (
    <ListPage
      screen="thing-list"
      title="Things"
      filters={
        <>
          <ListSearch list={list} label="Search things" />
          <ListFilter
            list={list}
            filterKey="status"
            label="Status"
            allLabel="All statuses"
            options={[{ value: 'active', label: 'Active' }]}
          />
        </>
      }
    >
      <DataTable<Row>
        columns={COLUMNS}
        rows={ROWS}
        total={200}
        state={list.table}
        onChange={list.setTable}
        rowKey="id"
        defaultSortColumn="createdDate"
        dateFilter
      />
      <p data-testid="url">{location.search}</p>
    </ListPage>
  );
}

function renderList(url: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <ThingList />
    </MemoryRouter>,
    en,
  );
}

const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
const header = (name: string) => screen.getByRole('columnheader', { name });

// antd tables and pickers in jsdom are slow on a busy machine.
describe('list page kit: the view in the URL', { timeout: 30_000 }, () => {
  it('follows the spec sort cycle in the URL, falling back to the default sort', () => {
    renderList('/things');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(header('Name'));
    expect(url().get('sort')).toBe('name');
    expect(url().get('order')).toBe('asc');

    // Ascending on a column that is not the default: removed from sorting.
    fireEvent.click(header('Name'));
    expect(url().has('sort')).toBe(false);
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');

    // The default column turns ascending, then descending again; it is never unsorted.
    fireEvent.click(header('Created'));
    expect(url().get('order')).toBe('asc');
    fireEvent.click(header('Created'));
    expect(url().get('sort')).toBe('createdDate');
    expect(url().get('order')).toBe('desc');
  });

  it('keeps the page and page size in the URL; a new page size starts at page 1', async () => {
    renderList('/things?page=3');
    expect(document.querySelector('.ant-pagination-item-active')?.getAttribute('title')).toBe('3');

    fireEvent.click(screen.getByTitle('5'));
    expect(url().get('page')).toBe('5');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    await screen.findByRole('listbox');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="50 / page"]')!);
    expect(url().get('pageSize')).toBe('50');
    expect(url().has('page')).toBe(false);
  });

  it('a filter goes back to page 1 and keeps the date range, the sort and other params', async () => {
    renderList('/things?tab=rates&page=4&from=2025-01-01&to=2025-01-31&sort=name&order=desc');
    expect((screen.getByPlaceholderText('From') as HTMLInputElement).value).toBe('2025-01-01');
    expect((screen.getByPlaceholderText('To') as HTMLInputElement).value).toBe('2025-01-31');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    await screen.findByRole('listbox');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Active"]')!);

    expect(Object.fromEntries(url())).toEqual({
      tab: 'rates',
      pageSize: '10',
      sort: 'name',
      order: 'desc',
      from: '2025-01-01',
      to: '2025-01-31',
      status: 'active',
    });
  });

  it('clearing the search removes it from the URL', () => {
    renderList('/things?search=osaka&page=2');
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(url().has('search')).toBe(false);
    expect(url().has('page')).toBe(false);
  });

  it('a picked date range goes into the URL and back to page 1', async () => {
    renderList('/things?page=3');
    const from = screen.getByPlaceholderText('From');
    const to = screen.getByPlaceholderText('To');
    await act(async () => {
      fireEvent.mouseDown(from);
      fireEvent.focus(from);
    });
    await act(async () => {
      fireEvent.change(from, { target: { value: '2025-03-01' } });
    });
    await act(async () => {
      fireEvent.keyDown(from, { key: 'Enter', keyCode: 13 });
    });
    await waitFor(() => expect(document.activeElement).toBe(to));
    await act(async () => {
      fireEvent.blur(to);
    });
    await waitFor(() => expect(url().get('from')).toBe('2025-03-01'));
    expect(url().has('to')).toBe(false);
    expect(url().has('page')).toBe(false);
  });
});
