import './setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ListFilter,
  ListPage,
  ListSearch,
  ToastViewport,
  useExport,
  useListPage,
  useToastStore,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The frame of list screens: search and filters in the URL, filtered-empty, export progress. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const FILTERS = ['search', 'status'] as const;
const DEFAULTS = { pageSize: 10 };

function Screen({ run }: { run: () => Promise<unknown> }) {
  const list = useListPage(FILTERS, DEFAULTS);
  const { exporting, runExport } = useExport(run, 'Export done');
  const location = useLocation();
  return (
    <ListPage
      screen="thing-list"
      title="Things"
      exportAction={{ label: 'Export', exporting, run: () => void runExport() }}
      createAction={{ label: 'New thing', run: () => undefined }}
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
      <p data-testid="empty">{list.hasFilter ? 'No thing matches' : 'No things yet'}</p>
      <p data-testid="url">{location.search}</p>
    </ListPage>
  );
}

function renderScreen(url = '/things', run: () => Promise<unknown> = vi.fn(async () => undefined)) {
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Screen run={run} />
      <ToastViewport />
    </MemoryRouter>,
    en,
  );
  return run;
}

describe('list page kit', () => {
  it('applies the search on Enter into the URL, back to page 1; the empty text tells filters apart', () => {
    renderScreen('/things?page=3&pageSize=10');
    expect(screen.getByTestId('empty').textContent).toBe('No things yet');
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: ' tokyo ' } });
    expect(screen.getByTestId('url').textContent).toBe('?page=3&pageSize=10');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('url').textContent).toBe('?pageSize=10&search=tokyo');
    expect(screen.getByTestId('empty').textContent).toBe('No thing matches');
  });

  it('shows a search and a filter that come with the link', () => {
    renderScreen('/things?search=osaka&status=active');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('osaka');
    expect(screen.getByTitle('Active')).toBeTruthy();
  });

  it('the export button shows progress until the file is there, then says so', async () => {
    let finish: () => void = () => undefined;
    const run = renderScreen(
      '/things',
      vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    );
    const button = screen.getByRole('button', { name: /Export/ });
    fireEvent.click(button);
    expect(run).toHaveBeenCalledOnce();
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    await act(async () => finish());
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(useToastStore.getState().toasts.some((toast) => toast.text === 'Export done')).toBe(
      true,
    );
  });
});
