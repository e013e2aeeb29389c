import './setup';
import { ALL_VALUE } from '@esim/utils';
import { fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OptionSelect } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

const statuses = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

async function openAndListOptions(): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  await screen.findByRole('listbox');
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map(
    (o) => o.textContent ?? '',
  );
}

describe('OptionSelect', () => {
  it('lists the label/value pairs as given', async () => {
    renderWithProviders(<OptionSelect aria-label="Status" options={statuses} />, en);
    expect(await openAndListOptions()).toEqual(['Active', 'Inactive']);
  });

  it('prepends a translated All option whose value means show all', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <OptionSelect aria-label="Status" options={statuses} includeAll onChange={onChange} />,
      en,
    );
    expect(await openAndListOptions()).toEqual(['All', 'Active', 'Inactive']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="All"]') as Element);
    expect(onChange.mock.calls[0]?.[0]).toBe(ALL_VALUE);
  });

  it('uses the current language and a custom label or value when given', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <OptionSelect
        aria-label="Status"
        options={statuses}
        includeAll
        allValue=""
        onChange={onChange}
      />,
      ja,
    );
    expect((await openAndListOptions())[0]).toBe('すべて');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="すべて"]') as Element);
    expect(onChange.mock.calls[0]?.[0]).toBe('');
  });

  it('takes a custom All label', async () => {
    renderWithProviders(
      <OptionSelect aria-label="Country" options={statuses} includeAll allLabel="All countries" />,
      en,
    );
    expect((await openAndListOptions())[0]).toBe('All countries');
  });
});
