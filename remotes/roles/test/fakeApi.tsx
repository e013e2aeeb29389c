import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { getQueryClient } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import {
  act,
  fireEvent,
  renderWithProviders,
  startFakeApi,
  type FakeAnswer,
  type Recorded,
} from '@esim/ui/testing';

/*
 * The roles screens' test helpers around the kit's fake API (@esim/ui/testing startFakeApi):
 * answers, waits and a screen rendered under a data router.
 */

export type { FakeAnswer, Recorded };
export type Answer = (request: Recorded) => FakeAnswer;

export const WAIT = { timeout: 30_000 };
export const SHORT = { timeout: 5_000 };

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });
export const ok = (data: unknown, message?: string): FakeAnswer => ({
  status: 200,
  body: { data, ...(message ? { message } : {}) },
});

export { startFakeApi };

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
