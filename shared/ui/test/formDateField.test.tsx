import './setup';
import { encodeMessage } from '@esim/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FormDateField, FormLayout, useValibotForm } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* A calendar date in a form: shown and stored as the contracts carry it (yyyy-MM-dd). */

const schema = v.object({
  paidOn: v.pipe(
    v.string(encodeMessage('required', { name: 'paidOn' })),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, encodeMessage('required', { name: 'paidOn' })),
  ),
});

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function DateForm({
  initial,
  onValid,
}: {
  initial: string | null;
  onValid: (value: unknown) => void;
}) {
  const form = useValibotForm(schema, { defaultValues: { paidOn: initial as string } });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormDateField control={form.control} name="paidOn" label="Payment date" required />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('FormDateField', () => {
  it('shows the stored date and submits it as yyyy-MM-dd', async () => {
    const onValid = vi.fn();
    renderWithProviders(<DateForm initial="2025-06-01" onValid={onValid} />, en);
    const input = document.getElementById('field-paidOn') as HTMLInputElement;
    expect(input.value).toBe('2025-06-01');
    await save();
    expect(onValid.mock.calls[0]?.[0]).toEqual({ paidOn: '2025-06-01' });
  });

  it('takes a typed date, and refuses an empty one with the field’s message', async () => {
    const onValid = vi.fn();
    renderWithProviders(<DateForm initial={null} onValid={onValid} />, en);
    await save();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Payment date is required.')).toBeTruthy();

    const input = document.getElementById('field-paidOn') as HTMLInputElement;
    await act(async () => {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '2025-07-15' } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    });
    await save();
    expect(onValid.mock.calls[0]?.[0]).toEqual({ paidOn: '2025-07-15' });
  });
});
