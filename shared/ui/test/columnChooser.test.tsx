import './setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

interface Row {
  code: string;
  name: string;
  price: number;
  category: string;
}

const TABLE_ID = 'test-prices';
const STORAGE_KEY = `esim.table.${TABLE_ID}.columns`;

const columns: DataTableColumn<Row>[] = [
  { key: 'code', title: 'Code', dataIndex: 'code', fixed: 'left' },
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'price', title: 'Price', dataIndex: 'price' },
  { key: 'category', title: 'Category', dataIndex: 'category', defaultHidden: true },
  { key: 'actions', title: 'Actions', render: () => 'Edit', fixed: 'right' },
];
const rows: Row[] = [{ code: 'P-1', name: 'Japan 1 GB', price: 500, category: 'Asia' }];

let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = await createTestI18n('en');
});
beforeEach(() => localStorage.clear());

function renderTable(tableId: string | null = TABLE_ID) {
  return renderWithProviders(
    <DataTable<Row>
      tableId={tableId ?? undefined}
      columns={columns}
      rows={rows}
      total={1}
      state={{ page: 1, pageSize: 10, sort: null }}
      rowKey="code"
      onChange={() => undefined}
    />,
    i18nEn,
  );
}

function headers(): string[] {
  return screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
}

function openChooser() {
  fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
  return screen.getByRole('group', { name: 'Shown columns' });
}

const LABELS: Record<string, string> = {
  code: 'Code',
  name: 'Name',
  price: 'Price',
  category: 'Category',
  actions: 'Actions',
};

function checkbox(key: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('checkbox', { name: LABELS[key] });
}

function toggle(key: string) {
  fireEvent.click(checkbox(key));
}

describe('DataTable column chooser', () => {
  it('leaves out default-hidden columns and shows one when it is ticked', () => {
    renderTable();
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Actions']);

    openChooser();
    expect(checkbox('category').checked).toBe(false);
    toggle('category');
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Category', 'Actions']);
    expect(checkbox('category').checked).toBe(true);
  });

  it('hides a shown column when it is unticked', () => {
    renderTable();
    openChooser();
    toggle('price');
    expect(headers()).toEqual(['Code', 'Name', 'Actions']);
  });

  it('remembers the choice per table id and only the departures from the defaults', () => {
    const first = renderTable();
    openChooser();
    toggle('category');
    toggle('name');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({
      category: true,
      name: false,
    });
    first.unmount();

    renderTable();
    expect(headers()).toEqual(['Code', 'Price', 'Category', 'Actions']);
    // Ticking a column back to its default forgets it instead of storing it.
    openChooser();
    toggle('name');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({ category: true });
  });

  it('keeps the choices of different tables apart', () => {
    localStorage.setItem('esim.table.other.columns', JSON.stringify({ category: true }));
    renderTable();
    expect(headers()).not.toContain('Category');
  });

  it('Reset goes back to the defaults and forgets the stored choice', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ category: true, price: false }));
    renderTable();
    expect(headers()).toEqual(['Code', 'Name', 'Category', 'Actions']);

    openChooser();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Actions']);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset to default' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('never hides the fixed identifying and actions columns', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ code: false, actions: false }));
    renderTable();
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Actions']);

    openChooser();
    for (const key of ['code', 'actions']) {
      const box = checkbox(key);
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
      fireEvent.click(box);
    }
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Actions']);
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    renderTable();
    expect(headers()).toEqual(['Code', 'Name', 'Price', 'Actions']);
  });

  it('works from the keyboard: Enter opens, the list takes the focus, Space toggles, Escape closes', async () => {
    const user = userEvent.setup();
    renderTable();
    const button = screen.getByRole('button', { name: /Columns/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    // The first column that can be hidden has the focus (the identifying one cannot be hidden).
    await waitFor(() => expect(document.activeElement).toBe(checkbox('name')));

    await user.keyboard(' ');
    expect(headers()).toEqual(['Code', 'Price', 'Actions']);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(checkbox('category'));
    await user.keyboard(' ');
    expect(headers()).toEqual(['Code', 'Price', 'Category', 'Actions']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('has no Columns button without a table id', () => {
    renderTable(null);
    expect(screen.queryByRole('button', { name: /Columns/ })).toBeNull();
  });
});

describe('DataTable layout for wide lists', () => {
  it('fixes the identifying column left and the actions right, with a sticky header', () => {
    const { container } = renderTable();
    const code = screen.getByRole('columnheader', { name: 'Code' });
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(code.className).toMatch(/ant-table-cell-fix-(left|start)/);
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(container.querySelector('.ant-table-sticky-holder')).not.toBeNull();
  });

  it('scrolls sideways inside the table by default', () => {
    const { container } = renderTable();
    const table = container.querySelector<HTMLTableElement>('.ant-table-body table, table');
    expect(container.querySelector('.ant-table-scroll-horizontal')).not.toBeNull();
    expect(table?.style.width).toBe('max-content');
  });
});
