import { configureApiClient, getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import { act, fireEvent, renderWithProviders, screen } from '@esim/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { OrderRegisterScreen } from '../src/screens/OrderRegister';
import { API_BUNDLE, PARTNER_ID, STOCK_BUNDLE, emptyCart, orderFrom, reviewOf } from './fixtures';

/*
 * The purchase wizard's screen tests run against a small fake API over real HTTP (the platform
 * client, its headers and errors as in the console); each test sets what the fake answers.
 */

export interface Recorded {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export const fakeApi = {
  requests: [] as Recorded[],
  /** What POST order answers instead of the order (a denial). */
  purchaseAnswer: null as { status: number; body: unknown } | null,
  /** What GET cart answers (the draft saved before a reload). */
  savedCart: emptyCart(),
};

type Lines = { productId: string; quantity: number }[];

function answer(request: Recorded): { status: number; body: unknown } {
  const json = () => JSON.parse(request.body || '{}') as Record<string, unknown>;
  const key = `${request.method} ${request.path}`;
  if (key === 'GET cart') return { status: 200, body: { data: fakeApi.savedCart } };
  if (key === 'PUT cart') return { status: 200, body: { data: { ...emptyCart(), ...json() } } };
  if (key === 'DELETE cart') return { status: 200, body: { data: emptyCart('cart-key-0002') } };
  if (key === 'GET cart/partners')
    return {
      status: 200,
      body: { data: [{ id: PARTNER_ID, code: 'SAKURA', name: 'Sakura Travel' }] },
    };
  if (key === 'POST utils/model/list')
    return { status: 200, body: { data: [{ code: 'JP', nameEnglish: 'Japan' }] } };
  if (key === 'POST cart/product-purchase/list')
    return {
      status: 200,
      body: { data: { items: [STOCK_BUNDLE, API_BUNDLE], total: 2, page: 1, pageSize: 10 } },
    };
  if (key === 'POST cart/review' && (json().useCountries as string[]).includes('KR')) {
    const message = 'Unmatched country: JP-5GB-7D cannot be used in KR.';
    return {
      status: 422,
      body: {
        errors: [{ code: 'BUSINESS_RULE', message, key: 'orders.unmatchedCountry' }],
        errorMessage: message,
        errorMessageKey: 'orders.unmatchedCountry',
      },
    };
  }
  if (key === 'POST cart/review')
    return { status: 200, body: { data: reviewOf(json().lines as Lines) } };
  if (key === 'POST order') {
    if (fakeApi.purchaseAnswer) return fakeApi.purchaseAnswer;
    const order = orderFrom(reviewOf(json().lines as Lines));
    return { status: 201, body: { data: order, message: 'Order SAK-000123 placed.' } };
  }
  if (key === 'GET order/detail') {
    const placed = [...fakeApi.requests]
      .reverse()
      .find((r) => r.method === 'POST' && r.path === 'order');
    const lines = (JSON.parse(placed?.body ?? '{}') as { lines?: Lines }).lines ?? [];
    return { status: 200, body: { data: orderFrom(reviewOf(lines)) } };
  }
  return { status: 404, body: { errors: [], errorMessage: `No fake for ${key}` } };
}

/** Starts the fake API for the file's tests and resets it before each. */
export function withFakeApi() {
  let close = () => undefined as void;
  beforeAll(async () => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '', 'http://x');
        const recorded: Recorded = {
          method: request.method ?? 'GET',
          path: url.pathname.replace('/api/mng/', ''),
          body: Buffer.concat(chunks).toString('utf8'),
          headers: request.headers,
        };
        fakeApi.requests.push(recorded);
        const { status, body } = answer(recorded);
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    configureApiClient({
      prefixUrl: `http://127.0.0.1:${port}/api/mng`,
      getToken: async () => 't',
    });
    close = () => void server.close();
  });
  afterAll(() => close());
  beforeEach(() => {
    fakeApi.requests.length = 0;
    fakeApi.purchaseAnswer = null;
    fakeApi.savedCart = emptyCart();
    getQueryClient().clear();
    usePermissionStore.setState({ permissions: [], status: 'ready' });
  });
}

/** The wizard screen at /orders/register in a data router, with the confirm dialogs. */
export function renderWizard(instance: i18n) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/orders/register', element: <OrderRegisterScreen /> },
            { path: '*', element: <div data-testid="elsewhere" /> },
          ],
          { initialEntries: ['/orders/register'] },
        )}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    instance,
  );
}

/** The machine may be busy: antd renders slowly in jsdom then. */
export const WAIT = { timeout: 60_000 };

export const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

/** The spec's state of a step indicator (active, inactive, success, error). */
export const stateOf = (title: string) =>
  screen
    .getAllByText(title)
    .map((node) => node.closest('.esim-wizard-step'))
    .find(Boolean)
    ?.className.match(/esim-wizard-step-(\w+)/)?.[1];

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/**
 * Presses the wizard's Next (whatever its label on the step, e.g. 'Purchase') or, with 'Back',
 * its Back. By test id: antd keeps the spinner icon (named "loading") in a button until its
 * leave animation ends, so under load the accessible name is not always the label alone.
 */
export const next = async (name = 'Next') => {
  const button = screen.getByTestId(name === 'Back' ? 'wizard-back' : 'wizard-next');
  if (name !== 'Back') expect(button.textContent).toContain(name);
  return click(button);
};
