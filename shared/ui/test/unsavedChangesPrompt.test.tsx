import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfirmDialogHost, useUnsavedChangesPrompt } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function EditPage() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Edit
      </button>
      <Link to="/list">Back to list</Link>
    </>
  );
}

function renderRouter() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/list', element: <p>List page</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
    </>,
    en,
  );
  return router;
}

describe('useUnsavedChangesPrompt', () => {
  it('leaves without asking when nothing changed', async () => {
    renderRouter();
    await act(async () => {
      fireEvent.click(screen.getByText('Back to list'));
    });
    expect(screen.getByText('List page')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes; Cancel stays, Continue leaves', async () => {
    const router = renderRouter();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await act(async () => {
      fireEvent.click(screen.getByText('Back to list'));
    });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(router.state.location.pathname).toBe('/edit');

    await act(async () => {
      fireEvent.click(screen.getByText('Back to list'));
    });
    await act(async () => {
      const buttons = screen.getAllByRole('button', { name: 'Continue' });
      fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    });
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.getByText('List page')).toBeTruthy();
  });

  it('asks the browser before closing the tab with unsaved changes', () => {
    renderRouter();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
