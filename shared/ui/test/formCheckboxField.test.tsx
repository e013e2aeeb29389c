import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FormCheckboxField, FormLayout, useValibotForm } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

const schema = v.object({ flag: v.nullish(v.boolean()) });

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function Form({
  onValid,
  initial,
}: {
  onValid: (values: unknown) => void;
  initial: boolean | null;
}) {
  const form = useValibotForm(schema, { defaultValues: { flag: initial } });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormCheckboxField control={form.control} name="flag" label="Flag" text="Invoice by post" />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

describe('FormCheckboxField', () => {
  it('shows the value, toggles with a click on its text, submits a boolean', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Form onValid={onValid} initial={null} />, en);
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('Invoice by post'));
    expect(box.checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onValid.mock.calls[0]?.[0]).toEqual({ flag: true });
  });

  it('starts ticked for true and is labelled for assistive technology', () => {
    renderWithProviders(<Form onValid={vi.fn()} initial />, en);
    const box = screen.getByLabelText<HTMLInputElement>('Flag');
    expect(box.checked).toBe(true);
    expect(box.getAttribute('type')).toBe('checkbox');
  });
});
