import './setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useEffect } from 'react';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FormLayout,
  FormMoneyField,
  FormNumberField,
  useHasInputProblem,
  useValibotForm,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/*
 * Numeric fields refuse more decimals than they accept with the spec's messages (section 5) and
 * keep what was typed on screen: '1500.50' in a whole-yen price is never read as 150050.
 */
const schema = v.object({
  testOnlyYen: v.optional(v.nullable(v.number())),
  testOnlyCostMinor: v.optional(v.nullable(v.number())),
});
type Output = v.InferOutput<typeof schema>;

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  en.addResourceBundle(
    'en',
    'common',
    { fields: { testOnlyYen: 'Selling price', testOnlyCostMinor: 'Cost' } },
    true,
    false,
  );
});

const values: { current?: () => Record<string, unknown> } = {};

function PriceForm({
  onValid,
  currency,
  yen,
}: {
  onValid: (values: Output) => void;
  currency: string;
  yen?: number;
}) {
  const form = useValibotForm(schema, { defaultValues: { testOnlyYen: yen } });
  const refused = useHasInputProblem(form.control);
  useEffect(() => {
    values.current = () => form.getValues();
  });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormNumberField control={form.control} name="testOnlyYen" label="Yen" decimals={0} />
      <FormMoneyField
        control={form.control}
        name="testOnlyCostMinor"
        label="Cost"
        currency={currency}
        minorUnits={currency === 'JPY' ? 0 : 2}
      />
      <button type="submit" disabled={refused}>
        Save
      </button>
    </FormLayout>
  );
}

function renderForm(currency = 'USD', yen?: number) {
  const onValid = vi.fn();
  renderWithProviders(<PriceForm onValid={onValid} currency={currency} yen={yen} />, en);
  return onValid;
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('numeric fields and decimals', () => {
  it('a whole-number field keeps "1500.50" on screen and refuses it with the spec message', async () => {
    renderForm();
    const yen = screen.getByLabelText('Yen') as HTMLInputElement;
    fireEvent.change(yen, { target: { value: '1500.50' } });
    expect(yen.value).toBe('1500.50');
    expect(values.current?.().testOnlyYen).toBeNull();
    expect(await screen.findByText('Selling price must be a number with no decimal.')).toBeTruthy();
    expect(yen.getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);
    fireEvent.change(yen, { target: { value: '1500' } });
    expect(values.current?.().testOnlyYen).toBe(1500);
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(screen.queryByText('Selling price must be a number with no decimal.')).toBeNull();
  });

  it('refused text stays on screen where the field had a value (no fallback to the default)', async () => {
    renderForm('USD', 780);
    const yen = screen.getByLabelText('Yen') as HTMLInputElement;
    expect(yen.value).toBe('780');
    fireEvent.change(yen, { target: { value: '1500.50' } });
    expect(yen.value).toBe('1500.50');
    expect(await screen.findByText('Selling price must be a number with no decimal.')).toBeTruthy();
  });

  it('a money field accepts its currency’s decimals and refuses more, naming the limit', async () => {
    renderForm('USD');
    const cost = screen.getByLabelText('Cost') as HTMLInputElement;
    fireEvent.change(cost, { target: { value: '19.90' } });
    expect(values.current?.().testOnlyCostMinor).toBe(1990);
    fireEvent.change(cost, { target: { value: '19.905' } });
    expect(cost.value).toBe('19.905');
    expect(values.current?.().testOnlyCostMinor).toBeNull();
    expect(await screen.findByText('Cost cannot exceed 2 decimal places.')).toBeTruthy();
  });

  it('a JPY money field refuses any decimal', async () => {
    renderForm('JPY');
    const cost = screen.getByLabelText('Cost') as HTMLInputElement;
    fireEvent.change(cost, { target: { value: '3069.5' } });
    expect(await screen.findByText('Cost must be a number with no decimal.')).toBeTruthy();
  });

  it('the form is not submitted while a field holds refused text', async () => {
    const onValid = renderForm();
    fireEvent.change(screen.getByLabelText('Yen'), { target: { value: '12.5' } });
    const form = save().closest('form') as HTMLFormElement;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Yen'), { target: { value: '12' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ testOnlyYen: 12 });
  });
});
