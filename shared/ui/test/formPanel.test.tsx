import './setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Link, RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost, FormPanel, FormTextField, useValibotForm } from '../src';
import { useConfirmStore } from '../src/confirm/confirmStore';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* A form in the page: confirmations before destructive saves, leaving with unsaved changes. */

const schema = v.object({ name: v.string() });
type Output = v.InferOutput<typeof schema>;

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

// Questions are kept in a module store: none may carry over from the previous test.
beforeEach(() => useConfirmStore.setState({ pending: [] }));

interface Handlers {
  onSubmit?: (values: Output) => Promise<string>;
  clear?: () => Promise<string>;
  askFirst?: boolean;
}

function NamePanel({ onSubmit = async () => 'saved', clear, askFirst }: Handlers) {
  const navigate = useNavigate();
  const form = useValibotForm(schema, { defaultValues: { name: 'Acme' } });
  return (
    <>
      <FormPanel
        form={form}
        onSubmit={onSubmit}
        onSaved={() => void navigate('/list')}
        onCancel={() => void navigate('/cancelled')}
        confirmSubmit={askFirst ? () => ({ title: 'Publish it?' }) : undefined}
        dangerAction={clear ? { label: 'Clear', run: clear } : undefined}
      >
        <FormTextField control={form.control} name="name" label="Name" />
      </FormPanel>
      <Link to="/list">Back to list</Link>
    </>
  );
}

function renderPanel(handlers: Handlers = {}) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <NamePanel {...handlers} /> },
      { path: '/list', element: <p>List page</p> },
      { path: '/cancelled', element: <p>Cancelled page</p> },
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

async function answer(name: 'Cancel' | 'Continue' | 'Clear') {
  await act(async () => {
    const buttons = screen.getAllByRole('button', { name });
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
  });
}

describe('FormPanel', () => {
  it('asks before leaving the route with unsaved changes', async () => {
    const router = renderPanel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    await act(async () => {
      fireEvent.click(screen.getByText('Back to list'));
    });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('a save that goes elsewhere is not asked about', async () => {
    const router = renderPanel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    // Saving is not cancelling: the panel does not go where Cancel goes.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.pathname).toBe('/list');
  });

  it('Cancel on a changed form asks once, then leaves without the route prompt', async () => {
    const router = renderPanel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(screen.getByText('Discard your changes?')).toBeTruthy();
    await answer('Continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancelled'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('the danger action runs only after the user confirms it', async () => {
    const clear = vi.fn(async () => 'cleared');
    const router = renderPanel({ clear });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    });
    expect(screen.getByText('Are you sure?')).toBeTruthy();
    await answer('Cancel');
    expect(clear).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Clear' })[0] as HTMLElement);
    });
    await answer('Clear');
    await waitFor(() => expect(clear).toHaveBeenCalledOnce());
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('confirmSubmit asks before saving; declining saves nothing', async () => {
    const onSubmit = vi.fn(async () => 'saved');
    renderPanel({ onSubmit, askFirst: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Publish it?')).toBeTruthy();
    await answer('Cancel');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText('Publish it?');
    await answer('Continue');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Acme' }));
  });
});
