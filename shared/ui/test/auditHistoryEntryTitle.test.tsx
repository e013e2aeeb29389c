import './setup';
import type { AuditEntry } from '@esim/contracts';
import { screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditHistory } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* A history of many records (every notice): each entry says which record it is about. */

const entries: AuditEntry[] = [
  {
    id: '2',
    entityType: 'notification',
    entityId: 'n2',
    action: 'delete',
    actor: { userId: 'u1', email: 'editor@example.com' },
    at: '2026-03-04T05:06:07.000Z',
    changes: [{ field: 'titleEn', before: 'Maintenance', after: null }],
  },
  {
    id: '1',
    entityType: 'notification',
    entityId: 'n1',
    action: 'update',
    actor: { userId: 'u1', email: 'editor@example.com' },
    at: '2026-03-01T00:00:00.000Z',
    changes: [{ field: 'severity', before: 'info', after: 'warning' }],
  },
];

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

describe('AuditHistory entryTitle', () => {
  it('names the record of each entry, and nothing when not asked', () => {
    const titles: Record<string, string> = { n1: 'Release 2.0', n2: 'Maintenance' };
    const { unmount } = renderWithProviders(
      <AuditHistory
        entries={entries}
        total={2}
        page={1}
        pageSize={20}
        onPageChange={() => undefined}
        entryTitle={(entry) => titles[entry.entityId]}
      />,
      en,
    );
    expect(screen.getAllByTestId('audit-entry-title').map((node) => node.textContent)).toEqual([
      'Maintenance',
      'Release 2.0',
    ]);
    unmount();
    renderWithProviders(
      <AuditHistory
        entries={entries}
        total={2}
        page={1}
        pageSize={20}
        onPageChange={() => undefined}
      />,
      en,
    );
    expect(screen.queryByTestId('audit-entry-title')).toBeNull();
  });
});
