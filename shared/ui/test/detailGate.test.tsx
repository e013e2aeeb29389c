import './setup';
import { ApiError } from '@esim/platform';
import { fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DetailGate, isDetailReady, useUrlTab, type DetailQuery } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* What a detail screen shows before its record, the same way on every route. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const query = (patch: Partial<DetailQuery<string>>): DetailQuery<string> => ({
  data: undefined,
  error: null,
  isError: false,
  isPending: false,
  refetch: vi.fn(),
  ...patch,
});

const failed = (status: number) =>
  query({ isError: true, error: new ApiError('x', status, { errors: [], errorMessage: 'x' }) });

function gate(q: DetailQuery<string>, id: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/things/detail']}>
      <Routes>
        <Route
          path="/things/detail"
          element={<DetailGate query={q} id={id} name="Thing" backTo="/things" backLabel="Back" />}
        />
        <Route path="/things" element={<p>the list</p>} />
      </Routes>
    </MemoryRouter>,
    en,
  );
}

describe('DetailGate', () => {
  it('no id in the URL, an unknown id or an invalid one: "{name} not found" and the way back', () => {
    for (const [q, id] of [
      [query({}), ''],
      [failed(404), 'abc'],
      [failed(400), 'not-an-id'],
    ] as const) {
      const view = gate(q, id);
      expect(screen.getByText('Thing not found')).toBeTruthy();
      view.unmount();
    }
    gate(failed(404), 'abc');
    fireEvent.click(screen.getByTestId('detail-back'));
    expect(screen.getByText('the list')).toBeTruthy();
  });

  it('another failure offers Retry, which refetches', () => {
    const q = failed(500);
    gate(q, 'abc');
    expect(screen.getByText('Thing could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('is ready only with an id and data', () => {
    expect(isDetailReady(query({ data: 'x' }), 'abc')).toBe(true);
    expect(isDetailReady(query({ data: 'x' }), '')).toBe(false);
    expect(isDetailReady(query({ isPending: true }), 'abc')).toBe(false);
  });
});

function Tabs() {
  const [tab, setTab] = useUrlTab(['details', 'history'] as const);
  const location = useLocation();
  return (
    <>
      <p data-testid="tab">{tab}</p>
      <p data-testid="search">{location.search}</p>
      <button onClick={() => setTab('history')}>history</button>
      <button onClick={() => setTab('details')}>details</button>
    </>
  );
}

describe('useUrlTab', () => {
  it('keeps the open tab in the URL, the first tab leaving it clean, unknown values ignored', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/x?id=1&tab=nonsense']}>
        <Tabs />
      </MemoryRouter>,
      en,
    );
    expect(screen.getByTestId('tab').textContent).toBe('details');
    fireEvent.click(screen.getByRole('button', { name: 'history' }));
    expect(screen.getByTestId('tab').textContent).toBe('history');
    expect(screen.getByTestId('search').textContent).toBe('?id=1&tab=history');
    fireEvent.click(screen.getByRole('button', { name: 'details' }));
    expect(screen.getByTestId('search').textContent).toBe('?id=1');
  });
});
