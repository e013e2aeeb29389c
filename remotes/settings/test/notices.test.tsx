import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RESOURCES,
  type NoticeItem,
  type NoticeRecord,
  type PermissionEntry,
} from '@esim/contracts';
import { getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  waitFor,
  within,
  startFakeApi,
  type FakeAnswer as Answer,
  type Recorded,
} from '@esim/ui/testing';
import { NoticesScreen } from '../src/notices/NoticesScreen';

/* /settings/notifications against a fake API: what readers and publishers see and send. */

const WAIT = { timeout: 30_000 };
const NOTICE_ID = 'b0000000-0000-4000-8000-000000000001';

const ITEM: NoticeItem = {
  id: NOTICE_ID,
  tag: 'maintenance',
  severity: 'warning',
  title: 'Maintenance tonight',
  body: 'The console is down\nfrom 22:00 to 23:00.',
  language: 'en',
  validFrom: '2030-12-01T13:00:00.000Z',
  validTo: '2030-12-01T14:00:00.000Z',
  read: false,
  createdDate: '2030-11-30T00:00:00.000Z',
};
const RECORD: NoticeRecord = {
  id: NOTICE_ID,
  tag: 'maintenance',
  severity: 'warning',
  title: { en: 'Maintenance tonight', ja: '今夜メンテナンス', de: null, th: null },
  body: { en: 'The console is down.', ja: '停止します。', de: null, th: null },
  validFrom: '2030-12-01T13:00:00.000Z',
  validTo: null,
  state: 'scheduled',
  readCount: 3,
  version: 4,
  createdBy: 'admin@esim.test',
  createdDate: '2030-11-30T00:00:00.000Z',
  updatedBy: 'admin@esim.test',
  updatedDate: '2030-11-30T00:00:00.000Z',
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

function answer(request: Recorded): Answer {
  switch (`${request.method} ${request.path}`) {
    case 'GET regular-update':
      return { status: 200, body: { data: [ITEM] } };
    case 'POST regular-update/read':
      return { status: 200, body: { data: { marked: 1, unread: 0 } } };
    case 'GET regular-update/all':
      return { status: 200, body: { data: page([RECORD]) } };
    case 'POST regular-update':
      return { status: 201, body: { data: RECORD, message: 'Notice published.' } };
    case 'DELETE regular-update':
      return { status: 200, body: { data: { id: NOTICE_ID }, message: 'Notice withdrawn.' } };
    case 'POST utils/model/list':
      return {
        status: 200,
        body: {
          data: ['maintenance', 'system', 'release', 'other'].map((code, index) => ({
            code,
            sortOrder: index + 1,
          })),
        },
      };
    default:
      return { status: 404, body: { errors: [], errorMessage: 'No fake' } };
  }
}

let api: Awaited<ReturnType<typeof startFakeApi>>;
let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  api = await startFakeApi(answer);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  getQueryClient().clear();
});

function as(permissions: PermissionEntry[]) {
  usePermissionStore.setState({ permissions, status: 'ready' });
}

function renderAt(url: string, element: ReactElement) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/settings/notifications', element }], {
          initialEntries: [url],
        })}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    en,
  );
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('the notices screen', { timeout: 60_000 }, () => {
  it('shows a reader the notices valid now; opening one marks it read', async () => {
    as([{ path: RESOURCES.notifications, methods: ['GET'] }]);
    renderAt('/settings/notifications', <NoticesScreen />);
    const item = await screen.findByTestId('notice-item', {}, WAIT);
    // A reader has no management tabs.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.sent('GET', 'regular-update')[0]!.query.get('language')).toBe('en');

    await click(within(item).getByTestId('notice-open'));
    expect((await screen.findByTestId('notice-dialog-body', {}, WAIT)).textContent).toBe(ITEM.body);
    await waitFor(() => expect(api.sent('POST', 'regular-update/read')).toHaveLength(1), WAIT);
    expect(JSON.parse(api.sent('POST', 'regular-update/read')[0]!.body)).toEqual({
      ids: [NOTICE_ID],
    });

    await click(screen.getByTestId('notice-dialog-close'));
    const markAll = screen.getByTestId('notices-mark-all');
    // The first mark refreshes every notice query before the button is free again.
    await waitFor(() => expect(markAll.className).not.toContain('ant-btn-loading'), WAIT);
    await click(markAll);
    await waitFor(() => expect(api.sent('POST', 'regular-update/read')).toHaveLength(2), WAIT);
    expect(JSON.parse(api.sent('POST', 'regular-update/read')[1]!.body)).toEqual({ all: true });
  });

  it('lets a publisher publish (English required) and withdraw after confirming', async () => {
    as([{ path: RESOURCES.notifications, methods: ['GET', 'POST', 'PUT', 'DELETE'] }]);
    renderAt('/settings/notifications?tab=manage', <NoticesScreen />);
    const row = await screen.findByText('Maintenance tonight', {}, WAIT);
    expect(screen.getByTestId('notice-state').dataset.state).toBe('scheduled');
    expect(api.sent('GET', 'regular-update/all')[0]!.query.get('sort')).toBe('createdDate');

    await click(screen.getByRole('button', { name: /Publish a notice/ }));
    const save = await screen.findByTestId('notice-save', {}, WAIT);
    await click(save);
    expect((await screen.findAllByText('Title is required.', {}, WAIT)).length).toBeGreaterThan(0);
    expect(api.sent('POST', 'regular-update')).toHaveLength(0);
    // The English tab shows it holds the error.
    expect(screen.getByTestId('notice-language-en').style.color).not.toBe('');

    const form = screen.getByTestId('notice-form');
    fireEvent.change(form.querySelector('[id="field-title.en"]')!, {
      target: { value: 'Release 2.0' },
    });
    fireEvent.change(form.querySelector('[id="field-body.en"]')!, {
      target: { value: 'New screens.\nSee the notes.' },
    });
    await click(screen.getByTestId('notice-language-ja'));
    fireEvent.change(form.querySelector('[id="field-title.ja"]')!, {
      target: { value: 'リリース 2.0' },
    });
    await click(save);
    await waitFor(() => expect(api.sent('POST', 'regular-update')).toHaveLength(1), WAIT);
    const sentBody = JSON.parse(api.sent('POST', 'regular-update')[0]!.body);
    expect(sentBody).toMatchObject({
      tag: 'maintenance',
      severity: 'info',
      title: { en: 'Release 2.0', ja: 'リリース 2.0', de: null, th: null },
      body: { en: 'New screens.\nSee the notes.', ja: null },
      validTo: null,
    });
    expect(Date.parse(sentBody.validFrom)).not.toBeNaN();

    const listed = row.closest('tr')!;
    await click(within(listed as HTMLElement).getByTestId('notice-withdraw'));
    const dialog = (await screen.findByText('Withdraw this notice?', {}, WAIT)).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(within(dialog).getByText(/"Maintenance tonight" disappears/)).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.sent('DELETE', 'regular-update')).toHaveLength(1), WAIT);
    const withdrawn = api.sent('DELETE', 'regular-update')[0]!.query;
    expect([withdrawn.get('id'), withdrawn.get('version')]).toEqual([NOTICE_ID, '4']);
  });
});
