import './setup';
import { encodeMessage } from '@esim/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import type { i18n } from 'i18next';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FormDateTimeRangeField, FormLayout, useValibotForm } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* A period between two moments in a form: ISO instants, shown in the user's own clock. */

const instant = v.pipe(
  v.string(encodeMessage('required', { name: 'validFrom' })),
  v.isoTimestamp(),
);
const schema = v.pipe(
  v.object({ validFrom: instant, validTo: v.nullable(v.pipe(v.string(), v.isoTimestamp())) }),
  v.forward(
    v.check(
      (period) => period.validTo === null || period.validTo > period.validFrom,
      encodeMessage('endAfterStart', { name: 'validTo' }),
    ),
    ['validTo'],
  ),
);

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function PeriodForm({
  initial,
  onValid,
}: {
  initial: { validFrom: string | null; validTo: string | null };
  onValid: (value: unknown) => void;
}) {
  const form = useValibotForm(schema, { defaultValues: initial as never });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormDateTimeRangeField
        control={form.control}
        fromName="validFrom"
        toName="validTo"
        fromLabel="Valid from"
        toLabel="Valid to"
        required
        openEnd
      />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

async function type(id: string, text: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('FormDateTimeRangeField', () => {
  it('shows stored instants in local time and submits them unchanged; the end may stay empty', async () => {
    const onValid = vi.fn();
    const start = '2026-12-01T00:00:00.000Z';
    renderWithProviders(
      <PeriodForm initial={{ validFrom: start, validTo: null }} onValid={onValid} />,
      en,
    );
    expect(input('field-validFrom').value).toBe(dayjs(start).format('YYYY-MM-DD HH:mm'));
    expect(input('field-validTo').value).toBe('');
    expect(input('field-validTo').placeholder).toBe('No end');
    await save();
    expect(onValid.mock.calls[0]?.[0]).toEqual({ validFrom: start, validTo: null });
  });

  it('takes typed moments as ISO instants and shows the order rule on the end field', async () => {
    const onValid = vi.fn();
    renderWithProviders(
      <PeriodForm initial={{ validFrom: null, validTo: null }} onValid={onValid} />,
      en,
    );
    await save();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Valid from is required.')).toBeTruthy();

    await type('field-validFrom', '2026-12-01 09:30');
    await type('field-validTo', '2026-12-01 08:00');
    await save();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Valid to must be later than the start.')).toBeTruthy();

    await type('field-validTo', '2026-12-02 08:00');
    await save();
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      validFrom: dayjs('2026-12-01 09:30').toISOString(),
      validTo: dayjs('2026-12-02 08:00').toISOString(),
    });
  });
});
