import { createPartnerSchema } from '@esim/contracts';
import { FormLayout, useValibotForm } from '@esim/ui';
import { act, createTestI18n, fireEvent, renderWithProviders, screen } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PartnerFormFields, toFormValues } from '../src/components/PartnerFormFields';
import { formatCommission, formatCustomValue } from '../src/format';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const t = (key: string, options?: Record<string, unknown>) =>
  en.t(`partners:${key}`, options ?? {});

describe('partner formats', () => {
  it('writes the commission by its type, and the placeholder when there is none', () => {
    expect(formatCommission({ commissionType: 'percentage', commissionValue: 12.5 }, t)).toBe(
      '12.5%',
    );
    expect(formatCommission({ commissionType: 'fixed_amount', commissionValue: 3000 }, t)).toBe(
      '3,000 JPY',
    );
    expect(formatCommission({ commissionType: 'percentage', commissionValue: null }, t)).not.toBe(
      '0%',
    );
    expect(formatCustomValue(true, t)).toBe('Yes');
    expect(formatCustomValue(false, t)).toBe('No');
    expect(formatCustomValue(40, t)).toBe('40');
  });
});

function Form({
  onValid,
  locked = false,
}: {
  onValid: (values: unknown) => void;
  locked?: boolean;
}) {
  const form = useValibotForm(createPartnerSchema, {
    defaultValues: toFormValues({ name: 'Sakura', code: 'SAKURA' }),
  });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <PartnerFormFields control={form.control} staffOnlyLocked={locked} />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('PartnerFormFields', { timeout: 30_000 }, () => {
  it('refuses a slug with capitals or spaces with the spec message, on the field', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Form onValid={onValid} />, en);
    fireEvent.change(document.getElementById('field-slug')!, {
      target: { value: 'Sakura Travel' },
    });
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(
      screen.getByText('URL slug can only contain lowercase letters, hyphens and underscores.'),
    ).toBeTruthy();
  });

  it('adds a custom field whose value input follows its data type and is checked by it', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Form onValid={onValid} />, en);
    expect(screen.getByText(t('customFields.empty'))).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-custom-field'));
    fireEvent.change(document.getElementById('field-customFields.0.name')!, {
      target: { value: 'Note' },
    });
    fireEvent.change(document.getElementById('field-customFields.0.maxLength')!, {
      target: { value: '3' },
    });
    fireEvent.change(document.getElementById('field-customFields.0.value')!, {
      target: { value: 'too long' },
    });
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Enter Value within 3 characters.')).toBeTruthy();

    fireEvent.change(document.getElementById('field-customFields.0.value')!, {
      target: { value: 'ok' },
    });
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      customFields: [{ name: 'Note', dataType: 'string', maxLength: 3, value: 'ok' }],
    });
  });

  it("a partner's own staff sees its terms read-only and cannot add custom fields", () => {
    renderWithProviders(<Form onValid={vi.fn()} locked />, en);
    expect((document.getElementById('field-code') as HTMLInputElement).disabled).toBe(true);
    expect((document.getElementById('field-phone') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('add-custom-field')).toBeNull();
  });
});
