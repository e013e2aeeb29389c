import './setup';
import type { NoticeItem } from '@esim/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NoticeDialog, NoticeList } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* Notices as readers see them: in the bell, the dashboard widget and the notices screen. */

const UNREAD: NoticeItem = {
  id: 'n1',
  tag: 'maintenance',
  severity: 'warning',
  title: 'Maintenance <b>tonight</b>',
  body: 'The console is down\nfrom 22:00 to 23:00.\n<script>alert(1)</script>',
  language: 'en',
  validFrom: '2026-12-01T13:00:00.000Z',
  validTo: '2026-12-01T14:00:00.000Z',
  read: false,
  createdDate: '2026-11-30T00:00:00.000Z',
};
const READ: NoticeItem = {
  ...UNREAD,
  id: 'n2',
  tag: 'release',
  severity: 'info',
  title: 'Release 2.0',
  body: 'New screens.',
  validTo: null,
  read: true,
};

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

function Reader({ onOpen }: { onOpen: (notice: NoticeItem) => void }) {
  const [shown, setShown] = useState<NoticeItem | null>(null);
  return (
    <>
      <NoticeList
        notices={[UNREAD, READ]}
        onOpen={(notice) => {
          onOpen(notice);
          setShown(notice);
        }}
      />
      <NoticeDialog notice={shown} onClose={() => setShown(null)} />
    </>
  );
}

describe('NoticeList and NoticeDialog', () => {
  it('marks the unread, labels tags, and opens a notice as plain text with its line breaks', async () => {
    const onOpen = vi.fn();
    renderWithProviders(<Reader onOpen={onOpen} />, en);
    const [first, second] = screen.getAllByTestId('notice-item');
    expect(first!.dataset.read).toBe('false');
    expect(within(first!).getByTestId('notice-unread-dot').getAttribute('aria-label')).toBe(
      'Unread',
    );
    expect(within(second!).queryByTestId('notice-unread-dot')).toBeNull();
    expect(within(first!).getByTestId('notice-tag').textContent).toBe('Maintenance');
    expect(within(second!).getByTestId('notice-tag').textContent).toBe('Release');
    // An open-ended notice says from when.
    expect(within(second!).getByText(/^From /)).toBeTruthy();
    // Markup in a title is text.
    expect(within(first!).getByTestId('notice-title').textContent).toBe(
      'Maintenance <b>tonight</b>',
    );

    await act(async () => {
      fireEvent.click(within(first!).getByTestId('notice-open'));
    });
    expect(onOpen).toHaveBeenCalledWith(UNREAD);
    const body = await screen.findByTestId('notice-dialog-body');
    expect(body.textContent).toBe(UNREAD.body);
    expect(body.style.whiteSpace).toBe('pre-wrap');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('notice-dialog-title').textContent).toBe(UNREAD.title);
  });

  it('speaks the reader’s language and says when there is nothing', () => {
    const { unmount } = renderWithProviders(<Reader onOpen={() => undefined} />, ja);
    expect(screen.getAllByTestId('notice-tag').map((tag) => tag.textContent)).toEqual([
      'メンテナンス',
      'リリース',
    ]);
    expect(screen.getByTestId('notice-unread-dot').getAttribute('aria-label')).toBe('未読');
    unmount();
    renderWithProviders(<NoticeList notices={[]} onOpen={() => undefined} />, ja);
    expect(screen.getByText('お知らせはありません')).toBeTruthy();
  });
});
