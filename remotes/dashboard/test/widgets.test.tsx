import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardRecentOrder } from '@esim/contracts';
import { configureApiClient } from '@esim/platform';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  within,
} from '@esim/ui/testing';
import { ExchangeRatesWidget } from '../src/widgets/ExchangeRatesWidget';
import { RecentPurchasesWidget } from '../src/widgets/RecentPurchasesWidget';
import { SalesRevenueWidget } from '../src/widgets/SalesRevenueWidget';

/*
 * The widgets' states against a small fake API over real HTTP (the platform client as in the
 * console): the first answer's skeleton, the rows, the empty text, and a failed load with Retry.
 * The charts themselves are drawn on a canvas; what they draw is tested in dashboardData.test.ts.
 */

const WAIT = { timeout: 15_000 };

const ORDER: DashboardRecentOrder = {
  id: 'a0000000-0000-4000-8000-000000000001',
  orderNo: 'ORD-000123',
  partnerName: 'Sakura Travel',
  customerName: 'Hanako',
  products: ['Japan 3 GB', 'Asia 10 GB'],
  quantity: 2,
  finalPrice: 3069,
  currency: 'JPY',
  processingStatus: 'success',
  paymentStatus: 'not_yet_paid',
  purchaseDate: '2026-03-14T03:00:00.000Z',
};

/** What the fake answers next per path: a list of answers, the last one repeated. */
const answers = new Map<string, { status: number; body: unknown }[]>();
const requests: { path: string; query: URLSearchParams }[] = [];
let close = () => undefined as void;
let en: i18n;
let ja: i18n;

function answerFor(path: string): { status: number; body: unknown } {
  const queue = answers.get(path);
  if (!queue || queue.length === 0) return { status: 200, body: { data: [] } };
  return queue.length > 1 ? queue.shift()! : queue[0]!;
}

beforeAll(async () => {
  [en, ja] = await Promise.all([createTestI18n('en'), createTestI18n('ja')]);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '', 'http://x');
    const path = url.pathname.replace('/api/mng/', '');
    requests.push({ path, query: url.searchParams });
    request.resume();
    request.on('end', () => {
      const { status, body } = answerFor(path);
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  close = () => void server.close();
});
afterAll(() => close());
beforeEach(() => {
  answers.clear();
  requests.length = 0;
});

function renderWidget(element: ReactElement, i18nInstance: i18n = en) {
  // No automatic retry: a failed load shows at once (the console retries 5xx once).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/dashboard', element }], {
          initialEntries: ['/dashboard'],
        })}
      />
    </QueryClientProvider>,
    i18nInstance,
  );
}

describe('recent purchased records', () => {
  it('lists the latest orders with their figures, each linking to its order', async () => {
    answers.set('dashboard/recent-purchased', [{ status: 200, body: { data: [ORDER] } }]);
    renderWidget(<RecentPurchasesWidget />);
    const card = screen.getByRole('region', { name: 'Recent purchased records' });
    expect(within(card).getByTestId('widget-recent-loading')).toBeTruthy();

    const link = await within(card).findByTestId('recent-order-link', {}, WAIT);
    expect(link.textContent).toBe('ORD-000123');
    expect(link.getAttribute('href')).toBe(`/orders/detail?id=${ORDER.id}`);
    const row = within(card).getByTestId('recent-row');
    expect(row.textContent).toContain('Sakura Travel');
    expect(row.textContent).toContain('Japan 3 GB, Asia 10 GB');
    expect(within(row).getByTestId('recent-price').textContent).toBe('3,069 JPY');
    expect(row.textContent).toContain('Not yet paid');
    expect(requests.find((r) => r.path === 'dashboard/recent-purchased')?.query.get('limit')).toBe(
      '10',
    );
  });

  it('says so when there is no order yet', async () => {
    renderWidget(<RecentPurchasesWidget />);
    expect(await screen.findByText('No orders yet', {}, WAIT)).toBeTruthy();
  });

  it('shows a failed load in its card, and Retry loads it again', async () => {
    answers.set('dashboard/recent-purchased', [
      { status: 500, body: { errors: [], errorMessage: 'Internal server error' } },
      { status: 200, body: { data: [ORDER] } },
    ]);
    renderWidget(<RecentPurchasesWidget />);
    const error = await screen.findByTestId('widget-recent-error', {}, WAIT);
    expect(error.textContent).toContain('This section could not be loaded.');
    await act(async () => {
      fireEvent.click(within(error).getByTestId('widget-recent-retry'));
    });
    expect((await screen.findByTestId('recent-order-link', {}, WAIT)).textContent).toBe(
      'ORD-000123',
    );
  });

  it('speaks the user language', async () => {
    answers.set('dashboard/recent-purchased', [{ status: 200, body: { data: [ORDER] } }]);
    renderWidget(<RecentPurchasesWidget />, ja);
    const card = screen.getByRole('region', { name: '最近の購入記録' });
    await within(card).findByTestId('recent-order-link', {}, WAIT);
    expect(within(card).getByTestId('recent-row').textContent).toContain('未払い');
  });
});

describe('currency exchange rates', () => {
  it("shows each currency's rate in the language, with its change and effective date", async () => {
    answers.set('dashboard/exchange-rate', [
      {
        status: 200,
        body: {
          data: [
            {
              currency: 'USD',
              currencyName: 'US Dollar',
              baseCurrency: 'JPY',
              rate: '1234.5',
              effectiveDate: '2026-03-10',
              previousRate: '1240',
              // One rate: no trend line to draw yet.
              trend: [{ effectiveDate: '2026-03-10', rate: '1234.5' }],
            },
          ],
        },
      },
    ]);
    renderWidget(<ExchangeRatesWidget />, ja);
    const row = await screen.findByTestId('rate-row', {}, WAIT);
    expect(row.textContent).toContain('米ドル');
    expect(within(row).getByTestId('rate-value').textContent).toContain('1,234.5');
    expect(within(row).getByTestId('rate-change').getAttribute('data-change')).toBe('down');
    expect(within(row).getByLabelText('適用開始日 2026年03月10日')).toBeTruthy();
    expect(within(row).queryByTestId('rate-trend')).toBeNull();
  });
});

describe('sales and revenue', () => {
  const noop = () => undefined;

  it("says 'No sales in this period' when every bucket is empty", async () => {
    answers.set('dashboard/sales-and-revenue', [
      {
        status: 200,
        body: {
          data: [
            { period: '2026-03-01', revenue: 0, orders: 0 },
            { period: '2026-03-02', revenue: 0, orders: 0 },
          ],
        },
      },
    ]);
    renderWidget(
      <SalesRevenueWidget
        query={{ from: '2026-03-01', to: '2026-03-02', granularity: 'day' }}
        granularity="day"
        onGranularityChange={noop}
      />,
    );
    const empty = await screen.findByTestId('widget-sales-empty', {}, WAIT);
    expect(empty.textContent).toContain('No sales in this period');
    const sent = requests.find((r) => r.path === 'dashboard/sales-and-revenue');
    expect(Object.fromEntries(sent!.query)).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      granularity: 'day',
    });
  });

  it('asks nothing until a custom range has both ends', async () => {
    renderWidget(
      <SalesRevenueWidget query={undefined} granularity="day" onGranularityChange={noop} />,
    );
    expect(screen.getByTestId('widget-sales-notice').textContent).toContain(
      'Pick a start and an end date.',
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(requests.filter((r) => r.path === 'dashboard/sales-and-revenue')).toHaveLength(0);
  });
});
