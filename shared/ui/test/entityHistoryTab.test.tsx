import './setup';
import type { AuditEntry } from '@esim/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityHistoryTab, useHistoryPaging, type HistoryQuery } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The History tab of detail screens: the area's query, paged, with its error and empty states. */

function entry(id: number): AuditEntry {
  return {
    id: String(id),
    entityType: 'thing',
    entityId: 't1',
    action: 'update',
    actor: { userId: 'u1', email: 'editor@example.com' },
    at: '2026-03-04T05:06:07.000Z',
    changes: [{ field: 'name', before: `Name ${id - 1}`, after: `Name ${id}` }],
  };
}

/** What a screen's history query answers for a page (a stand-in for useQuery). */
type Answer = Partial<Omit<HistoryQuery, 'refetch'>>;

function Harness({
  answer,
  requests,
  refetch = () => undefined,
}: {
  answer: (page: number, pageSize: number) => Answer;
  requests?: { page: number; pageSize: number }[];
  refetch?: () => unknown;
}) {
  const paging = useHistoryPaging();
  requests?.push({ page: paging.page, pageSize: paging.pageSize });
  const query: HistoryQuery = {
    data: undefined,
    error: null,
    isError: false,
    isFetching: false,
    refetch,
    ...answer(paging.page, paging.pageSize),
  };
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) => (field === 'name' ? 'Thing name' : field)}
      formatValue={(_field, value) => `«${String(value)}»`}
    />
  );
}

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

describe('EntityHistoryTab', () => {
  it("shows the query's page with the area's labels and values", () => {
    renderWithProviders(
      <Harness answer={() => ({ data: { items: [entry(2), entry(1)], total: 2 } })} />,
      en,
    );
    const [newest] = screen.getAllByTestId('audit-entry');
    const change = within(newest as HTMLElement).getByTestId('audit-change');
    expect(within(change).getByRole('rowheader').textContent).toBe('Thing name');
    expect(within(change).getByTestId('audit-after').textContent).toBe('«Name 2»');
  });

  it('starts at page 1 of 20; a new page keeps the size, a new page size goes back to page 1', async () => {
    const requests: { page: number; pageSize: number }[] = [];
    renderWithProviders(
      <Harness
        requests={requests}
        answer={(page) => ({ data: { items: [entry(page)], total: 95 } })}
      />,
      en,
    );
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 20 });

    await act(async () => {
      fireEvent.click(screen.getByTitle('3'));
    });
    expect(requests.at(-1)).toEqual({ page: 3, pageSize: 20 });
    expect(screen.getByTestId('audit-after').textContent).toBe('«Name 3»');

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByRole('listbox');
    const option = document.querySelector('.ant-select-item-option[title="50 / page"]');
    expect(option).not.toBeNull();
    await act(async () => {
      fireEvent.click(option as Element);
    });
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 50 });
  });

  it('shows the error state instead of entries; Retry refetches', () => {
    const refetch = vi.fn();
    renderWithProviders(
      <Harness
        refetch={refetch}
        answer={() => ({
          data: { items: [entry(1)], total: 1 },
          isError: true,
          error: new Error('boom'),
        })}
      />,
      en,
    );
    expect(screen.getByText('The data could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('audit-entry')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state once loaded, and no pager', () => {
    renderWithProviders(<Harness answer={() => ({ data: { items: [], total: 0 } })} />, en);
    expect(screen.getByText('No changes recorded yet')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows no empty state while the first page is on its way', () => {
    renderWithProviders(<Harness answer={() => ({ isFetching: true })} />, en);
    expect(screen.getByTestId('audit-history')).toBeTruthy();
    expect(screen.queryByText('No changes recorded yet')).toBeNull();
  });
});
