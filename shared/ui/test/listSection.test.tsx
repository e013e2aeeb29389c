import './setup';
import { fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  ListFilter,
  ListSearch,
  ListSection,
  useListPage,
  type DataTableColumn,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* Kit extensions for a list inside a screen: ListSection, a second list's URL prefix, a
   multiple-choice filter. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

interface Row {
  id: string;
}
const COLUMNS: DataTableColumn<Row>[] = [{ key: 'id', title: 'Id', dataIndex: 'id' }];
const ROWS: Row[] = [{ id: 'a' }];
const HISTORY_FILTERS = ['status'] as const;
const CURRENCY_FILTERS = ['search'] as const;
const DEFAULTS = { pageSize: 10 };
const SECOND = { urlPrefix: 'currencies' };
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'retired', label: 'Retired' },
  { value: 'draft', label: 'Draft' },
];

/** Two lists on one page, as on the exchange rates screen. */
function TwoLists({ multiple = false }: { multiple?: boolean }) {
  const history = useListPage(HISTORY_FILTERS, DEFAULTS);
  const currencies = useListPage(CURRENCY_FILTERS, DEFAULTS, SECOND);
  const location = useLocation();
  return (
    <>
      <ListSection
        title="History"
        testId="history"
        filters={
          <ListFilter
            list={history}
            filterKey="status"
            label="Status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
            multiple={multiple}
          />
        }
      >
        <DataTable<Row>
          columns={COLUMNS}
          rows={ROWS}
          total={100}
          state={history.table}
          onChange={history.setTable}
          rowKey="id"
        />
      </ListSection>
      <ListSection
        title="Currencies"
        testId="currencies"
        filters={<ListSearch list={currencies} label="Search currencies" />}
      >
        <DataTable<Row>
          columns={COLUMNS}
          rows={ROWS}
          total={100}
          state={currencies.table}
          onChange={currencies.setTable}
          rowKey="id"
          emptyText={currencies.hasFilter ? 'No currency matches' : 'No currencies'}
        />
      </ListSection>
      <p data-testid="url">{location.search}</p>
    </>
  );
}

function renderLists(url: string, multiple = false) {
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <TwoLists multiple={multiple} />
    </MemoryRouter>,
    en,
  );
}

const url = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('url').textContent!));
const activePage = (section: string) =>
  screen.getByTestId(section).querySelector('.ant-pagination-item-active')?.getAttribute('title');

// antd tables in jsdom are slow on a busy machine.
describe('two lists on one page', { timeout: 30_000 }, () => {
  it('each reads its own page from the URL', () => {
    renderLists('/rates?page=2&currencies.page=3');
    expect(activePage('history')).toBe('2');
    expect(activePage('currencies')).toBe('3');
  });

  it("searching the second list leaves the first list's view as it is", () => {
    renderLists('/rates?page=2&status=active&currencies.page=3');
    const box = screen.getByRole('searchbox', { name: 'Search currencies' });
    fireEvent.change(box, { target: { value: 'yen' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(url()).toEqual({
      page: '2',
      status: 'active',
      'currencies.pageSize': '10',
      'currencies.search': 'yen',
    });
    expect(activePage('history')).toBe('2');
    expect(activePage('currencies')).toBe('1');
  });

  it("paging the first list leaves the second list's search and page as they are", () => {
    renderLists('/rates?currencies.page=3&currencies.search=yen');
    expect(
      (screen.getByRole('searchbox', { name: 'Search currencies' }) as HTMLInputElement).value,
    ).toBe('yen');
    fireEvent.click(within(screen.getByTestId('history')).getByTitle('4'));
    expect(url()).toEqual({
      page: '4',
      pageSize: '10',
      'currencies.page': '3',
      'currencies.search': 'yen',
    });
  });
});

describe('ListSection', { timeout: 30_000 }, () => {
  it('heads the list with its title and buttons, above the filter bar; it is no area screen', () => {
    const run = vi.fn();
    renderWithProviders(
      <ListSection
        title="eSIMs"
        testId="items"
        exportAction={{ label: 'Export CSV', exporting: false, run }}
        createAction={{ label: 'Import stock', run: () => undefined }}
        filters={<input aria-label="Search ICCID" />}
      >
        <p>table</p>
      </ListSection>,
      en,
    );
    const section = screen.getByTestId('items');
    expect(within(section).getByText('eSIMs')).toBeTruthy();
    expect(within(screen.getByRole('search')).getByLabelText('Search ICCID')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: /Export CSV/ }));
    expect(run).toHaveBeenCalledOnce();
    expect(within(section).getByRole('button', { name: /Import stock/ })).toBeTruthy();
    expect(screen.queryByTestId('area-screen')).toBeNull();
  });

  it('has no header bar or filter bar when it has neither', () => {
    renderWithProviders(
      <ListSection testId="bare">
        <p>table</p>
      </ListSection>,
      en,
    );
    expect(screen.getByTestId('bare').querySelector('.ant-card-head')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
  });
});

describe('ListFilter with several choices', { timeout: 30_000 }, () => {
  it('shows the chosen options of the URL and adds one as a comma-separated value', async () => {
    renderLists('/rates?page=3&status=active,bogus', true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    await screen.findByRole('listbox');
    // Only options are chosen: a value typed into the URL that is none is left out.
    const chosen = Array.from(document.querySelectorAll('.ant-select-item-option-selected'));
    expect(chosen.map((option) => option.getAttribute('title'))).toEqual(['Active']);

    fireEvent.click(document.querySelector('.ant-select-item-option[title="Retired"]')!);
    expect(url()).toMatchObject({ status: 'active,retired' });
    expect(url()).not.toHaveProperty('page');
  });

  it('removes the filter from the URL when the last choice is cleared', () => {
    renderLists('/rates?status=retired', true);
    const select = screen.getByTestId('history').querySelector('.ant-select')!;
    const clear = select.querySelector('.ant-select-clear');
    expect(clear).not.toBeNull();
    fireEvent.mouseDown(clear!);
    fireEvent.click(clear!);
    expect(url()).not.toHaveProperty('status');
  });
});
