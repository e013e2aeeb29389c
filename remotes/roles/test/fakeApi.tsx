import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { configureApiClient, getQueryClient } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import { act, fireEvent, renderWithProviders } from '@esim/ui/testing';

/*
 * A small fake API over real HTTP for the roles screens' tests (the platform client with its
 * token, errors and messages as in the console): what the screens send and what they show.
 */

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export type Answer = (request: Recorded) => FakeAnswer;

export const WAIT = { timeout: 30_000 };
export const SHORT = { timeout: 5_000 };

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });
export const ok = (data: unknown, message?: string): FakeAnswer => ({
  status: 200,
  body: { data, ...(message ? { message } : {}) },
});

/** Starts the fake on a free port and points the platform client at it. */
export async function startFakeApi(answer: Answer) {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      const recorded: Recorded = {
        method: request.method ?? 'GET',
        path: url.pathname.replace('/api/mng/', ''),
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  return {
    requests,
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    close: () => void server.close(),
  };
}

/** Renders a screen at `url` under a data router (the unsaved-changes prompt needs one). */
export function renderAt(url: string, route: string, element: ReactElement, i18n: i18n) {
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    i18n,
  );
  return router;
}

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Opens an antd Select (its combobox) and picks the option with this label. */
export async function chooseOption(combobox: Element, label: string) {
  fireEvent.mouseDown(combobox);
  await act(async () => undefined);
  const option = [...document.querySelectorAll('.ant-select-item-option')].find(
    (candidate) => candidate.getAttribute('title') === label,
  );
  if (!option) throw new Error(`No option "${label}"`);
  await click(option);
}
