import './setup';
import { ApiError } from '@esim/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConfirmDialogHost,
  FormDialog,
  FormNumberField,
  FormTextField,
  useValibotForm,
} from '../src';
import { useConfirmStore } from '../src/confirm/confirmStore';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The form dialog every area uses: save, the API's refusals on the form, no silent discard. */

const schema = v.object({
  name: v.string(),
  price: v.optional(v.nullable(v.number())),
});
type Output = v.InferOutput<typeof schema>;

const refusal = (status: number, errors: { field?: string; message: string }[]) =>
  new ApiError(errors[0]?.message ?? 'refused', status, {
    errors: errors.map((item) => ({ ...item, code: 'X' })),
    errorMessage: errors[0]?.message ?? 'refused',
  });

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

// Questions are kept in a module store: none may carry over from the previous test.
beforeEach(() => useConfirmStore.setState({ pending: [] }));

interface Handlers {
  onSubmit: (values: Output) => Promise<{ id: string }>;
  onSaved?: () => void;
  onClose?: () => void;
  onReload?: () => void;
}

function NameDialog({ onSubmit, onSaved, onClose = () => {}, onReload }: Handlers) {
  const form = useValibotForm(schema, { defaultValues: { name: 'Acme', price: 100 } });
  return (
    <FormDialog
      form={form}
      title="Edit supplier"
      onSubmit={onSubmit}
      onSaved={onSaved}
      onClose={onClose}
      onReload={onReload}
    >
      <FormTextField control={form.control} name="name" label="Name" />
      <FormNumberField control={form.control} name="price" label="Price" decimals={0} />
    </FormDialog>
  );
}

function renderDialog(handlers: Handlers) {
  const router = createMemoryRouter([{ path: '/', element: <NameDialog {...handlers} /> }]);
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
    </>,
    en,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('FormDialog', () => {
  it('saves the values, then calls onSaved and closes', async () => {
    const onSubmit = vi.fn(async () => ({ id: 'S1' }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderDialog({ onSubmit, onSaved, onClose });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Beta' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Beta', price: 100 });
    expect(onSaved).toHaveBeenCalledWith({ id: 'S1' });
  });

  it("puts the API's field error on its field and keeps the dialog open", async () => {
    const onClose = vi.fn();
    renderDialog({
      onSubmit: () =>
        Promise.reject(refusal(400, [{ field: 'name', message: 'Name already existed.' }])),
      onClose,
    });
    fireEvent.click(saveButton());
    const message = await screen.findByText('Name already existed.');
    expect(message.closest('.ant-form-item')?.querySelector('#field-name')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a message no field takes above the fields', async () => {
    renderDialog({
      onSubmit: () => Promise.reject(refusal(422, [{ message: 'Supplier is in use.' }])),
    });
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('server-error')).textContent).toContain(
      'Supplier is in use.',
    );
  });

  it('a 409 version conflict shows the conflict alert; Reload calls onReload', async () => {
    const onReload = vi.fn();
    const onClose = vi.fn();
    renderDialog({ onSubmit: () => Promise.reject(refusal(409, [])), onReload, onClose });
    fireEvent.click(saveButton());
    const alert = await screen.findByTestId('conflict-alert');
    expect(alert.textContent).toContain('Someone else changed this record');
    expect(saveButton().disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(onReload).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('conflict-alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes at once when nothing changed', async () => {
    const onClose = vi.fn();
    renderDialog({ onSubmit: vi.fn(), onClose });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it('Cancel on a changed form asks before discarding', async () => {
    const onClose = vi.fn();
    renderDialog({ onSubmit: vi.fn(), onClose });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    // The question's own Cancel keeps the dialog and what was typed.
    const cancels = screen.getAllByRole('button', { name: 'Cancel' });
    await act(async () => {
      fireEvent.click(cancels[cancels.length - 1] as HTMLElement);
    });
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Changed');

    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0] as HTMLElement);
    });
    await act(async () => {
      const continues = screen.getAllByRole('button', { name: 'Continue' });
      fireEvent.click(continues[continues.length - 1] as HTMLElement);
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Save is disabled while a numeric field holds text it refuses', async () => {
    const onSubmit = vi.fn(async () => ({ id: 'S1' }));
    renderDialog({ onSubmit });
    const price = screen.getByLabelText('Price');
    fireEvent.change(price, { target: { value: '1500.50' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    fireEvent.change(price, { target: { value: '1500' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Acme', price: 1500 }));
  });
});
