import './setup';
import type { AuditEntry } from '@esim/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditHistory } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

const entries: AuditEntry[] = [
  {
    id: '2',
    entityType: 'supplier',
    entityId: 's1',
    action: 'update',
    actor: { userId: 'u1', email: 'editor@example.com' },
    at: '2026-03-04T05:06:07.000Z',
    changes: [
      { field: 'name', before: 'Alpha Telecom', after: 'Alpha Mobile' },
      { field: 'apiKey', before: '[redacted]', after: '[redacted]' },
      { field: 'remark', before: null, after: 'now with remark' },
    ],
  },
  {
    id: '1',
    entityType: 'supplier',
    entityId: 's1',
    action: 'create',
    actor: { userId: null, email: 'system' },
    at: '2026-03-01T00:00:00.000Z',
    changes: [{ field: 'name', before: null, after: 'Alpha Telecom' }],
  },
];

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

function rowOf(entry: HTMLElement, field: string): HTMLElement {
  const row = within(entry)
    .getAllByTestId('audit-change')
    .find((element) => element.dataset.field === field);
  if (!row) throw new Error(`no change row for ${field}`);
  return row;
}

describe('AuditHistory', () => {
  it('shows who, when, the action and every field before and after', () => {
    renderWithProviders(
      <AuditHistory
        entries={entries}
        total={2}
        page={1}
        pageSize={20}
        onPageChange={() => undefined}
        fieldLabel={(field) => (field === 'name' ? 'Supplier name' : field)}
      />,
      en,
    );
    const [update, create] = screen.getAllByTestId('audit-entry');
    expect(update.dataset.action).toBe('update');
    expect(within(update).getByText('Updated')).toBeTruthy();
    expect(within(update).getByText('editor@example.com')).toBeTruthy();
    const time = within(update).getByTestId('audit-at');
    expect(time.getAttribute('datetime')).toBe('2026-03-04T05:06:07.000Z');
    expect(time.textContent).toMatch(/^2026-03-0\d \d\d:\d\d:07$/);

    const name = rowOf(update, 'name');
    expect(within(name).getByRole('rowheader').textContent).toBe('Supplier name');
    expect(within(name).getByTestId('audit-before').textContent).toBe('Alpha Telecom');
    expect(within(name).getByTestId('audit-after').textContent).toBe('Alpha Mobile');

    const key = rowOf(update, 'apiKey');
    expect(within(key).getByTestId('audit-before').textContent).toBe('(hidden)');
    expect(key.textContent).not.toContain('[redacted]');

    const remark = rowOf(update, 'remark');
    expect(within(remark).getByTestId('audit-before').textContent).toBe('(not set)');
    expect(within(remark).getByTestId('audit-after').textContent).toBe('now with remark');

    expect(within(create).getByText('Created')).toBeTruthy();
    expect(within(rowOf(create, 'name')).getByTestId('audit-after').textContent).toBe(
      'Alpha Telecom',
    );
  });

  it('translates the labels and uses the Japanese date format', () => {
    renderWithProviders(
      <AuditHistory
        entries={entries.slice(0, 1)}
        total={1}
        page={1}
        pageSize={20}
        onPageChange={() => undefined}
      />,
      ja,
    );
    expect(screen.getByText('更新')).toBeTruthy();
    expect(screen.getByText('変更前')).toBeTruthy();
    expect(screen.getByText('変更後')).toBeTruthy();
    expect(screen.getByTestId('audit-at').textContent).toMatch(/^2026年03月0\d日/);
  });

  it('shows an empty state, an error state with retry, and pages on the server', () => {
    const onRetry = vi.fn();
    const first = renderWithProviders(
      <AuditHistory entries={[]} total={0} page={1} pageSize={20} onPageChange={() => undefined} />,
      en,
    );
    expect(screen.getByText('No changes recorded yet')).toBeTruthy();
    first.unmount();

    const second = renderWithProviders(
      <AuditHistory
        entries={[]}
        total={0}
        page={1}
        pageSize={20}
        error={new Error('boom')}
        onRetry={onRetry}
        onPageChange={() => undefined}
      />,
      en,
    );
    expect(screen.getByText('The data could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalledOnce();

    second.unmount();
    const onPageChange = vi.fn();
    renderWithProviders(
      <AuditHistory
        entries={entries}
        total={45}
        page={1}
        pageSize={20}
        onPageChange={onPageChange}
      />,
      en,
    );
    fireEvent.click(screen.getByTitle('2'));
    expect(onPageChange).toHaveBeenCalledWith(2, 20);
  });
});
