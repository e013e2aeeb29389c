import './setup';
import { emailField } from '@esim/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FormLayout, FormSelectField, useValibotForm } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

const schema = v.object({ emails: v.array(emailField()) });
type Output = v.InferOutput<typeof schema>;

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function InviteForm({ onValid }: { onValid: (values: Output) => void }) {
  const form = useValibotForm(schema, { defaultValues: { emails: [] } });
  return (
    <FormLayout onSubmit={form.handleSubmit(onValid)}>
      <FormSelectField
        control={form.control}
        name="emails"
        label="E-mails"
        mode="tags"
        tokenSeparators={[',', ' ']}
        options={[]}
      />
      <button type="submit">Save</button>
    </FormLayout>
  );
}

function typeValues(text: string) {
  const input = screen.getByRole('combobox');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('FormSelectField mode="tags"', () => {
  it('takes values the user types, several at once when pasted with separators', async () => {
    const onValid = vi.fn();
    renderWithProviders(<InviteForm onValid={onValid} />, en);
    typeValues('Ann@Example.com, bob@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    // The schema's output: e-mails lower-cased.
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      emails: ['ann@example.com', 'bob@example.com'],
    });
  });

  it("shows the first refused value's message on the field and does not submit", async () => {
    const onValid = vi.fn();
    renderWithProviders(<InviteForm onValid={onValid} />, en);
    typeValues('ann@example.com, not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid email format.')).toBeTruthy();
    expect(screen.getByRole('combobox').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });
});
