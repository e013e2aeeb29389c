import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RESOURCES,
  type CampaignDetail,
  type CampaignListItem,
  type CampaignRedemption,
} from '@esim/contracts';
import { configureApiClient, getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  waitFor,
  within,
} from '@esim/ui/testing';
import { CampaignListScreen } from '../src/screens/CampaignList';
import { CampaignDetailScreen } from '../src/screens/CampaignDetail';

/*
 * The campaign screens against a small fake API over real HTTP (the platform client with its
 * token, errors and messages as in the console): what the screens send and what they show.
 */

const CAMPAIGN_ID = 'c0000000-0000-4000-8000-000000000001';
const ORDER_ID = 'a0000000-0000-4000-8000-000000000001';
const WAIT = { timeout: 30_000 };
const SHORT = { timeout: 5_000 };

const LIST_ITEM: CampaignListItem = {
  id: CAMPAIGN_ID,
  code: 'SPRING10',
  name: 'Spring sale',
  type: 'coupon',
  discountType: 'percent',
  discountValue: 10,
  useQuantity: 100,
  remainingQuantity: 97,
  usedCount: 3,
  voucherCodeCount: 0,
  validFrom: '2030-03-01',
  validTo: '2030-05-31',
  status: 'active',
  version: 2,
  createdDate: '2030-02-01T00:00:00.000Z',
  updatedDate: '2030-02-02T00:00:00.000Z',
};
const DETAIL: CampaignDetail = {
  ...LIST_ITEM,
  partnerIds: [],
  productIds: [],
  partners: [],
  products: [],
  createdBy: 'admin@esim.test',
  updatedBy: 'admin@esim.test',
};
const REDEMPTION: CampaignRedemption = {
  id: 'r1',
  orderId: ORDER_ID,
  orderNo: 'ORD-000123',
  code: 'SPRING10',
  discount: 300,
  partnerId: 'p1',
  partnerName: 'Sakura Travel',
  redeemedAt: '2030-03-02T03:00:00.000Z',
  releasedAt: null,
};

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}
const requests: Recorded[] = [];
const fake = { deleteRefusal: false };
let close = () => undefined as void;
let en: i18n;

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function answer(request: Recorded): { status: number; body: unknown; type?: string } {
  const key = `${request.method} ${request.path}`;
  switch (key) {
    case 'POST campaign/list':
      return { status: 200, body: { data: page([LIST_ITEM]) } };
    case 'GET campaign':
      return { status: 200, body: { data: DETAIL } };
    case 'POST campaign':
      return { status: 201, body: { data: { ...DETAIL, ...JSON.parse(request.body) } } };
    case 'POST campaign/codes/list':
      return { status: 200, body: { data: page([]) } };
    case 'POST campaign/redemptions/list':
      return { status: 200, body: { data: page([REDEMPTION]) } };
    case 'GET campaign/history':
      return { status: 200, body: { data: page([]) } };
    case 'POST campaign/generate-codes': {
      const { count } = JSON.parse(request.body) as { count: number };
      return {
        status: 201,
        body: { data: { campaignId: CAMPAIGN_ID, count, useQuantity: count } },
      };
    }
    case 'DELETE campaign':
      return fake.deleteRefusal
        ? {
            status: 422,
            body: {
              errors: [],
              errorMessage: 'A campaign that was already used cannot be deleted.',
              errorMessageKey: 'campaigns.inUse',
            },
          }
        : { status: 200, body: { data: { id: CAMPAIGN_ID } } };
    case 'GET campaign/export-csv':
      return { status: 200, body: '\uFEFFcode\r\nSPRING10\r\n', type: 'text/csv' };
    case 'POST utils/model/list':
    case 'POST product/list':
      return { status: 200, body: { data: key.includes('product') ? page([]) : [] } };
    default:
      return { status: 404, body: { errors: [], errorMessage: `No fake for ${key}` } };
  }
}

beforeAll(async () => {
  en = await createTestI18n('en');
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
      const { status, body, type = 'application/json' } = answer(recorded);
      response.writeHead(status, { 'Content-Type': type });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow the download link.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  close = () => void server.close();
});
afterAll(() => close());
beforeEach(() => {
  requests.length = 0;
  fake.deleteRefusal = false;
  getQueryClient().clear();
  usePermissionStore.setState({
    permissions: [
      { path: RESOURCES.campaigns, methods: ['GET', 'POST', 'PUT', 'DELETE'] },
      { path: RESOURCES.orders, methods: ['GET'] },
    ],
    status: 'ready',
  });
});

function renderAt(url: string, route: string, element: ReactElement) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: route, element },
            { path: '*', element: <div data-testid="elsewhere" /> },
          ],
          { initialEntries: [url] },
        )}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    en,
  );
}

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('Campaign list', () => {
  it(
    'sends the search, filters, date range and sort of the URL, and shows the campaign',
    WAIT,
    async () => {
      renderAt(
        '/campaign-code?search=spring&type=coupon&discountType=percent&status=active&from=2030-03-01&to=2030-03-31&sort=code&order=asc',
        '/campaign-code',
        <CampaignListScreen />,
      );
      const link = await screen.findByTestId('campaign-link', {}, WAIT);
      expect(link.textContent).toBe('SPRING10');
      expect(link.getAttribute('href')).toBe(`/campaign-code/detail?id=${CAMPAIGN_ID}`);
      const row = link.closest('tr')!;
      expect(within(row as HTMLElement).getByText('10 %')).toBeTruthy();
      expect(within(row as HTMLElement).getByText('97')).toBeTruthy();
      expect(JSON.parse(sent('POST', 'campaign/list').at(-1)!.body)).toEqual({
        page: 1,
        pageSize: 10,
        sort: 'code',
        order: 'asc',
        from: '2030-03-01',
        to: '2030-03-31',
        search: 'spring',
        type: 'coupon',
        discountType: 'percent',
        status: 'active',
      });
    },
  );

  it('searches by what was typed and exports with the same filters', WAIT, async () => {
    renderAt('/campaign-code?status=inactive', '/campaign-code', <CampaignListScreen />);
    await screen.findByTestId('campaign-link', {}, WAIT);
    const search = screen.getByLabelText('Search campaigns');
    fireEvent.change(search, { target: { value: 'SUMMER' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(JSON.parse(sent('POST', 'campaign/list').at(-1)!.body)).toMatchObject({
        search: 'SUMMER',
        status: 'inactive',
      }),
    );
    await click(screen.getByText('Export CSV'));
    await waitFor(() => expect(sent('GET', 'campaign/export-csv')).toHaveLength(1));
    const query = sent('GET', 'campaign/export-csv')[0]!.query;
    expect(query.get('search')).toBe('SUMMER');
    expect(query.get('status')).toBe('inactive');
    expect(query.get('page')).toBeNull();
  });
});

describe('New campaign form', () => {
  it(
    'refuses a percent discount above 100 with the spec message and sends nothing; 15 % is created',
    WAIT,
    async () => {
      renderAt('/campaign-code', '/campaign-code', <CampaignListScreen />);
      await click(await screen.findByText('New campaign', {}, WAIT));
      const form = await screen.findByTestId('campaign-form', {}, WAIT);
      fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'summer-15' } });
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Summer' } });
      fireEvent.change(within(form).getByLabelText('Discount value'), {
        target: { value: '150' },
      });
      const validTo = within(form).getByLabelText('Valid to');
      fireEvent.mouseDown(validTo);
      fireEvent.change(validTo, { target: { value: '2030-12-31' } });
      fireEvent.keyDown(validTo, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.blur(validTo);
      await click(screen.getByTestId('campaign-save'));
      expect(
        await screen.findByText('Discount value must be a number within 1 to 100.', {}, SHORT),
      ).toBeTruthy();
      expect(sent('POST', 'campaign')).toEqual([]);

      fireEvent.change(within(form).getByLabelText('Discount value'), {
        target: { value: '15' },
      });
      await click(screen.getByTestId('campaign-save'));
      await waitFor(() => expect(sent('POST', 'campaign')).toHaveLength(1), SHORT);
      expect(JSON.parse(sent('POST', 'campaign')[0]!.body)).toMatchObject({
        code: 'SUMMER-15',
        name: 'Summer',
        type: 'coupon',
        discountType: 'percent',
        discountValue: 15,
        useQuantity: null,
        validTo: '2030-12-31',
        partnerIds: [],
        productIds: [],
        status: 'active',
      });
      // The new campaign opens.
      expect(await screen.findByTestId('elsewhere', {}, SHORT)).toBeTruthy();
    },
  );
});

describe('Campaign detail', () => {
  it('generates voucher codes and shows how many were made', WAIT, async () => {
    renderAt(
      `/campaign-code/detail?id=${CAMPAIGN_ID}`,
      '/campaign-code/detail',
      <CampaignDetailScreen />,
    );
    expect((await screen.findByTestId('campaign-title', {}, WAIT)).textContent).toBe('SPRING10');
    expect(screen.getByTestId('campaign-field-remainingQuantity').textContent).toBe('97 of 100');
    await click(await screen.findByTestId('generate-codes', {}, WAIT));
    const form = await screen.findByTestId('generate-form', {}, WAIT);
    const count = within(form).getByLabelText('Number of codes');
    fireEvent.change(count, { target: { value: '0' } });
    await click(screen.getByTestId('generate-submit'));
    expect(await within(form).findByText('Invalid count format.', {}, SHORT)).toBeTruthy();
    expect(sent('POST', 'campaign/generate-codes')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Prefix'), { target: { value: 'sp-' } });
    fireEvent.change(count, { target: { value: '25' } });
    await click(screen.getByTestId('generate-submit'));
    expect((await screen.findByTestId('generate-result', {}, WAIT)).textContent).toContain(
      '25 codes generated.',
    );
    expect(JSON.parse(sent('POST', 'campaign/generate-codes')[0]!.body)).toEqual({
      id: CAMPAIGN_ID,
      prefix: 'SP-',
      count: 25,
    });
  });

  it('lists the redemptions with a link to the order', WAIT, async () => {
    renderAt(
      `/campaign-code/detail?id=${CAMPAIGN_ID}&tab=redemptions`,
      '/campaign-code/detail',
      <CampaignDetailScreen />,
    );
    const order = await screen.findByTestId('redemption-order', {}, WAIT);
    expect(order.textContent).toBe('ORD-000123');
    expect(order.getAttribute('href')).toBe(`/orders/detail?id=${ORDER_ID}`);
    const row = order.closest('tr') as HTMLElement;
    expect(within(row).getByText('Sakura Travel')).toBeTruthy();
    expect(within(row).getByText('300 JPY')).toBeTruthy();
  });

  it('shows the API refusal of deleting a used campaign', WAIT, async () => {
    fake.deleteRefusal = true;
    renderAt(
      `/campaign-code/detail?id=${CAMPAIGN_ID}`,
      '/campaign-code/detail',
      <CampaignDetailScreen />,
    );
    await click(await screen.findByTestId('campaign-delete', {}, WAIT));
    expect(await screen.findByText('Delete campaign SPRING10?', {}, WAIT)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByTestId('campaign-delete-refused', {}, WAIT);
    expect(refusal.textContent).toContain('A campaign that was already used cannot be deleted.');
    expect(sent('DELETE', 'campaign')[0]!.query.get('version')).toBe('2');
  });
});
