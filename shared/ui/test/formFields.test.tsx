import './setup';
import { encodeMessage, requiredText } from '@esim/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useEffect } from 'react';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FormLayout,
  FormNumberField,
  FormSelectField,
  FormTextField,
  ToastViewport,
  applyServerFieldErrors,
  useToastStore,
  useValibotForm,
} from '../src';
import type { ApiErrorItem } from '@esim/contracts';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

const schema = v.object({
  testOnlyName: requiredText('testOnlyName', 10),
  testOnlyPrice: v.number(encodeMessage('required', { name: 'testOnlyPrice' })),
  testOnlyStatus: v.picklist(
    ['active', 'inactive'],
    encodeMessage('required', { name: 'testOnlyStatus' }),
  ),
});
type Output = v.InferOutput<typeof schema>;

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  en.addResourceBundle(
    'en',
    'common',
    { fields: { testOnlyName: 'Name', testOnlyPrice: 'Price', testOnlyStatus: 'Status' } },
    true,
    false,
  );
});

afterEach(() => {
  act(() => useToastStore.getState().toasts.forEach((t) => useToastStore.getState().remove(t.id)));
});

const formHandle: { current?: ReturnType<typeof useValibotForm<typeof schema>> } = {};

function SupplierForm({ onValid }: { onValid: (values: Output) => void }) {
  const form = useValibotForm(schema, {
    defaultValues: { testOnlyName: '', testOnlyPrice: undefined, testOnlyStatus: undefined },
  });
  useEffect(() => {
    formHandle.current = form;
  });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormTextField
        control={form.control}
        name="testOnlyName"
        label="Name"
        maxLength={10}
        required
      />
      <FormNumberField control={form.control} name="testOnlyPrice" label="Price" required />
      <FormSelectField
        control={form.control}
        name="testOnlyStatus"
        label="Status"
        options={[
          { label: 'Active', value: 'active' },
          { label: 'Inactive', value: 'inactive' },
        ]}
      />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

function renderForm() {
  const onValid = vi.fn();
  renderWithProviders(
    <>
      <SupplierForm onValid={onValid} />
      <ToastViewport />
    </>,
    en,
  );
  return onValid;
}

describe('form fields with useValibotForm', () => {
  it('shows the schema errors translated, with field labels', async () => {
    const onValid = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Price is required.')).toBeTruthy();
    expect(screen.getByText('Status is required.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits the parsed values', async () => {
    const onValid = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Acme ' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '0012.50' } });
    act(() => formHandle.current?.setValue('testOnlyStatus', 'active'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      testOnlyName: 'Acme',
      testOnlyPrice: 12.5,
      testOnlyStatus: 'active',
    });
  });

  it('number field strips leading zeros and keeps a trailing dot', () => {
    renderForm();
    const price = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '007' } });
    expect(price.value).toBe('7');
    expect(formHandle.current?.getValues('testOnlyPrice')).toBe(7);
    fireEvent.change(price, { target: { value: '12.' } });
    expect(price.value).toBe('12.');
    expect(formHandle.current?.getValues('testOnlyPrice')).toBe(12);
    fireEvent.change(price, { target: { value: '12.05' } });
    expect(formHandle.current?.getValues('testOnlyPrice')).toBe(12.05);
  });

  it('number field rejects a negative number with an error toast', () => {
    renderForm();
    const price = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '5' } });
    fireEvent.change(price, { target: { value: '-5' } });
    expect(price.value).toBe('5');
    expect(formHandle.current?.getValues('testOnlyPrice')).toBe(5);
    expect(screen.getByRole('alert').textContent).toContain('Invalid number format.');
  });

  it('number field shows values set by the form', () => {
    renderForm();
    act(() =>
      formHandle.current?.reset({ testOnlyName: 'x', testOnlyPrice: 42, testOnlyStatus: 'active' }),
    );
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('42');
  });

  it('applyServerFieldErrors puts API field errors on the fields and returns the rest', async () => {
    renderForm();
    const errors: ApiErrorItem[] = [
      { field: 'testOnlyName', code: 'CONFLICT', message: 'Name already existed in the database.' },
      { code: 'BUSINESS_RULE', message: 'Cart is empty.' },
    ];
    let rest: ApiErrorItem[] = [];
    act(() => {
      rest = applyServerFieldErrors(formHandle.current!.setError, {
        errors,
        errorMessage: 'Validation failed',
      });
    });
    expect(await screen.findByText('Name already existed in the database.')).toBeTruthy();
    expect(rest).toEqual([errors[1]]);
  });
});
