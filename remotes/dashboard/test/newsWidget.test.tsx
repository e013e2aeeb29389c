import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCES, type DashboardNotification, type NoticeItem } from '@esim/contracts';
import { configureApiClient, getQueryClient, usePermissionStore } from '@esim/platform';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@esim/ui/testing';
import { NewsWidget } from '../src/widgets/NewsWidget';

/* The maintenance and system news widget against a fake API over real HTTP. */

const WAIT = { timeout: 15_000 };
const NOTICE: NoticeItem = {
  id: 'b0000000-0000-4000-8000-000000000001',
  tag: 'maintenance',
  severity: 'warning',
  title: '今夜メンテナンス',
  body: '22時から23時まで\n停止します。',
  language: 'ja',
  validFrom: '2030-12-01T13:00:00.000Z',
  validTo: null,
  read: false,
  createdDate: '2030-11-30T00:00:00.000Z',
};

let next: { status: number; body: unknown } = { status: 200, body: {} };
const requests: { method: string; path: string; query: URLSearchParams; body: string }[] = [];
let close = () => undefined as void;
let ja: i18n;

beforeAll(async () => {
  ja = await createTestI18n('ja');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      const path = url.pathname.replace('/api/mng/', '');
      requests.push({
        method: request.method ?? 'GET',
        path,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer =
        path === 'regular-update/read'
          ? { status: 200, body: { data: { marked: 1, unread: 0 } } }
          : next;
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  close = () => void server.close();
});
afterAll(() => close());
beforeEach(() => {
  requests.length = 0;
  getQueryClient().clear();
  usePermissionStore.setState({
    permissions: [{ path: RESOURCES.notifications, methods: ['GET'] }],
    status: 'ready',
  });
});

const answerWith = (data: DashboardNotification) => {
  next = { status: 200, body: { data } };
};

function renderWidget() {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/dashboard', element: <NewsWidget /> }], {
          initialEntries: ['/dashboard'],
        })}
      />
    </QueryClientProvider>,
    ja,
  );
}

describe('NewsWidget', { timeout: 60_000 }, () => {
  it('lists the latest notices in the reader’s language; opening one marks it read', async () => {
    answerWith({ unread: 1, items: [NOTICE] });
    renderWidget();
    expect(screen.getByTestId('widget-news-loading')).toBeTruthy();
    const item = await screen.findByTestId('notice-item', {}, WAIT);
    expect(requests[0]!.path).toBe('dashboard/notification');
    expect(requests[0]!.query.get('language')).toBe('ja');
    expect(requests[0]!.query.get('limit')).toBe('5');
    expect(screen.getByText('メンテナンス・システムのお知らせ')).toBeTruthy();
    expect(screen.getByTestId('widget-news-unread').textContent).toBe('未読 1 件');
    expect(within(item).getByTestId('notice-unread-dot')).toBeTruthy();
    expect(screen.getByTestId('widget-news-all').getAttribute('href')).toBe(
      '/settings/notifications',
    );

    await act(async () => {
      fireEvent.click(within(item).getByTestId('notice-open'));
    });
    expect((await screen.findByTestId('notice-dialog-body', {}, WAIT)).textContent).toBe(
      NOTICE.body,
    );
    await waitFor(
      () => expect(requests.some((request) => request.path === 'regular-update/read')).toBe(true),
      WAIT,
    );
  });

  it('says when there is no news, and offers Retry when the news cannot be loaded', async () => {
    answerWith({ unread: 0, items: [] });
    const { unmount } = renderWidget();
    expect(await screen.findByText('現在お知らせはありません。', {}, WAIT)).toBeTruthy();
    unmount();
    getQueryClient().clear();
    next = { status: 500, body: { errors: [], errorMessage: 'Something went wrong.' } };
    renderWidget();
    const error = await screen.findByTestId('widget-news-error', {}, { timeout: 30_000 });
    expect(within(error).getByText('お知らせを読み込めませんでした。')).toBeTruthy();
    expect(within(error).getByRole('button', { name: /再試行/ })).toBeTruthy();
  });

  it('shows nothing to a user who may not read notices', () => {
    usePermissionStore.setState({ permissions: [], status: 'ready' });
    renderWidget();
    expect(screen.queryByTestId('widget-news')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
