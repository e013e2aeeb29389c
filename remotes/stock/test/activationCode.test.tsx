import { RESOURCES, type StockActivationCode, type StockItemDetail } from '@esim/contracts';
import { configureApiClient, getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import { createTestI18n, fireEvent, renderWithProviders, screen } from '@esim/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StockItemDrawer } from '../src/components/StockItemDrawer';

/*
 * A stock item's activation code in its drawer, on the kit's reveal: masked; revealed (code, QR,
 * SM-DP+ address, matching ID) after a question naming the ICCID, by a call the API records;
 * nothing to reveal without the permission. Against a small fake API over real HTTP.
 */

const ITEM: StockItemDetail = {
  id: 'item-1',
  productId: 'p-1',
  iccid: '8981000000000000042',
  activationCodeMasked: 'LPA:1$smdp.example.com$••••••AB12',
  smdpAddress: 'smdp.example.com',
  status: 'on_hand',
  activeExpireDate: '2027-03-31',
  importedDate: '2026-11-01T00:00:00.000Z',
  holdUntil: null,
  version: 1,
  productCode: 'JP-5GB-7D',
  productName: 'Japan 5 GB 7 days',
  supplierId: 's-1',
  supplierName: 'Sakura Mobile',
  matchingIdMasked: '••••••AB12',
  statusReason: null,
  importFileName: null,
  importId: null,
  allowedStatuses: [],
  canDelete: false,
  createdBy: 'admin',
  updatedDate: '2026-11-01T00:00:00.000Z',
  updatedBy: 'admin',
};
const REVEALED: StockActivationCode = {
  id: ITEM.id,
  iccid: ITEM.iccid,
  activationCode: 'LPA:1$smdp.example.com$MATCH-0042-AB12',
  smdpAddress: 'smdp.example.com',
  matchingId: 'MATCH-0042-AB12',
};

const requests: string[] = [];
let close = () => undefined as void;
let en: i18n;

beforeAll(async () => {
  en = await createTestI18n('en');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      const path = url.pathname.replace('/api/mng/', '');
      requests.push(`${request.method} ${path} ${Buffer.concat(chunks).toString('utf8')}`);
      let data: unknown = null;
      if (request.method === 'GET' && path === 'stock') data = ITEM;
      else if (request.method === 'POST' && path === 'stock/activation-code') data = REVEALED;
      else if (path === 'stock/history') data = { items: [], total: 0, page: 1, pageSize: 10 };
      response.writeHead(data ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(data ? { data } : { errors: [], errorMessage: 'no fake' }));
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
});

function renderDrawer(paths: string[]) {
  usePermissionStore.setState({
    permissions: paths.map((path) => ({ path, methods: ['GET'] })),
    status: 'ready',
  });
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <StockItemDrawer id={ITEM.id} onClose={() => undefined} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    en,
  );
}

const WAIT = { timeout: 15_000 };

describe('the activation code of a stock item', { timeout: 60_000 }, () => {
  it('reveals the code, its QR code and parts after a question naming the ICCID', async () => {
    renderDrawer([RESOURCES.stock, RESOURCES.stockActivationCode]);
    const masked = await screen.findByTestId('activation-code-masked', {}, WAIT);
    expect(masked.textContent).toBe(ITEM.activationCodeMasked);

    fireEvent.click(screen.getByTestId('activation-reveal'));
    // The drawer is a dialog too: the question is the modal that asks it.
    const question = await screen.findByText('Reveal the activation code?', {}, WAIT);
    const dialog = question.closest('.ant-modal')!;
    expect(dialog.textContent).toContain(
      `Whoever has the activation code of ${ITEM.iccid} can install the eSIM.`,
    );
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false);
    fireEvent.click(dialog.querySelector('.ant-btn-primary')!);

    const value = await screen.findByTestId('activation-code-value', {}, WAIT);
    expect(value.textContent).toBe(REVEALED.activationCode);
    expect(screen.getByTestId('activation-qr')).toBeTruthy();
    expect(screen.getByText(`SM-DP+ address: ${REVEALED.smdpAddress}`)).toBeTruthy();
    expect(screen.getByText(`Matching ID: ${REVEALED.matchingId}`)).toBeTruthy();
    expect(requests).toContain(`POST stock/activation-code ${JSON.stringify({ id: ITEM.id })}`);

    fireEvent.click(screen.getByTestId('activation-hide'));
    expect(screen.queryByTestId('activation-code-value')).toBeNull();
    expect(screen.getByTestId('activation-code-masked').textContent).toBe(
      ITEM.activationCodeMasked,
    );
  });

  it('offers no reveal without GET on the activation code', async () => {
    renderDrawer([RESOURCES.stock]);
    await screen.findByTestId('activation-code-masked', {}, WAIT);
    expect(screen.queryByTestId('activation-reveal')).toBeNull();
    expect(screen.getByTestId('activation-no-permission').textContent).toContain(
      'You do not have permission to reveal activation codes.',
    );
  });
});
