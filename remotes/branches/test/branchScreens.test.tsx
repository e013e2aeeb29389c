import { configureApiClient, getQueryClient } from '@esim/platform';
import { createTestI18n, fireEvent, renderWithProviders, screen, waitFor } from '@esim/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BranchDetail } from '@esim/contracts';
import { BranchPartner } from '../src/components/BranchPartner';
import { TemplateEditor } from '../src/components/TemplateEditor';
import { BranchRegisterScreen } from '../src/screens/BranchRegister';
import { IssuerRegisterScreen, issuerCountryOf } from '../src/screens/IssuerRegister';

/*
 * The branch screens' key behaviour against a small fake API: the contract's messages before
 * anything is sent, the issuer's check digit in the form, the placeholder menu of the editor.
 */

const BRANCH_ID = '6f1c2a64-3a1e-4c53-9c1f-2f6d6c1d7e10';
const PARTNER_ID = '0b3c8f0e-5d2a-4c1e-9a7b-3e4f5a6b7c8d';
const BRANCH = {
  id: BRANCH_ID,
  name: 'Tokyo',
  code: 'TYO',
  countryCode: 'JP',
  partnerId: null,
  version: 3,
} as unknown as BranchDetail;
const requests: { method: string; path: string; body: string }[] = [];
let close: () => void;
let en: i18n;

function dataFor(method: string, path: string, body: string): unknown {
  if (path === 'branch' && method === 'GET')
    return { id: BRANCH_ID, name: 'Tokyo', code: 'TYO', countryCode: 'JP', version: 1 };
  if (path === 'branch/item' && method === 'POST')
    return { ...(JSON.parse(body) as object), id: 'issuer-1', version: 1, sequences: [] };
  if (path === 'utils/model/list') {
    return (JSON.parse(body) as { collection: string }).collection === 'partners'
      ? [{ id: PARTNER_ID, code: 'SAKURA', name: 'Sakura Travel' }]
      : [];
  }
  if (path === 'branch/select-partner' && method === 'PUT') {
    const input = JSON.parse(body) as { partnerId: string | null; version: number };
    return { ...BRANCH, partnerId: input.partnerId, version: input.version + 1 };
  }
  if (path === 'branch/template/preview') return { templateHtml: '', previewHtml: '' };
  return null;
}

beforeAll(async () => {
  en = await createTestI18n('en');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      const path = url.pathname.replace('/api/mng/', '');
      const body = Buffer.concat(chunks).toString('utf8');
      const method = request.method ?? 'GET';
      requests.push({ method, path, body });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ data: dataFor(method, path, body) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  requests.length = 0;
});

function renderAt(path: string, element: ReactElement, route: string) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: route, element },
            { path: '*', element: <div data-testid="elsewhere" /> },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
    en,
  );
}

const writes = () =>
  requests.filter((request) => request.method !== 'GET' && !request.path.startsWith('utils'));

describe('New branch', () => {
  it(
    'answers a form without name, code and target with the spec messages and sends nothing',
    { timeout: 30_000 },
    async () => {
      renderAt('/branch-master/register', <BranchRegisterScreen />, '/branch-master/register');
      fireEvent.click(await screen.findByTestId('branch-save'));
      expect(
        await screen.findByText('Branch name is required.', {}, { timeout: 5000 }),
      ).toBeTruthy();
      expect(screen.getByText('Branch code is required.')).toBeTruthy();
      expect(screen.getByText('Target is required.')).toBeTruthy();
      expect(writes()).toEqual([]);
    },
  );

  it('starts with the spec defaults: Invoice, Receipt, VAT 10', async () => {
    renderAt('/branch-master/register', <BranchRegisterScreen />, '/branch-master/register');
    const value = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value;
    await screen.findByTestId('branch-save');
    expect(value('field-invoiceTitle')).toBe('Invoice');
    expect(value('field-receiptTitle')).toBe('Receipt');
    expect(value('field-taxName')).toBe('VAT');
    expect(value('field-taxRate')).toBe('10');
  });
});

describe('New issuer', () => {
  it('reads the country of the route', () => {
    expect(issuerCountryOf('jp')).toBe('JP');
    expect(issuerCountryOf('DE')).toBe('DE');
    expect(issuerCountryOf('fr')).toBeNull();
    expect(issuerCountryOf(undefined)).toBeNull();
  });

  it(
    'refuses a German VAT ID with a wrong check digit, then sends the corrected one',
    { timeout: 30_000 },
    async () => {
      renderAt(
        `/branch-master/item/register/de?branchId=${BRANCH_ID}`,
        <IssuerRegisterScreen />,
        '/branch-master/item/register/:branchType',
      );
      const legalName = await screen.findByLabelText('Legal name');
      fireEvent.change(legalName, { target: { value: 'A2N GmbH' } });
      fireEvent.change(screen.getByLabelText('Legal address'), { target: { value: 'Berlin' } });
      const number = screen.getByLabelText('VAT ID (USt-IdNr.)');
      fireEvent.change(number, { target: { value: 'DE136695977' } });
      fireEvent.click(screen.getByTestId('issuer-save'));
      expect(
        await screen.findByText(
          'The check digit of Registration number does not match: check the number.',
          {},
          { timeout: 5000 },
        ),
      ).toBeTruthy();
      expect(writes()).toEqual([]);

      fireEvent.change(number, { target: { value: '136 695 976' } });
      fireEvent.click(screen.getByTestId('issuer-save'));
      await waitFor(() => expect(writes()).toHaveLength(1));
      expect(JSON.parse(writes()[0]!.body)).toMatchObject({
        branchId: BRANCH_ID,
        countryCode: 'DE',
        legalName: 'A2N GmbH',
        registrationNumber: 'DE136695976',
        branchNumber: null,
      });
      expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    },
  );

  it('asks a Thai issuer for its branch number, head office by default', async () => {
    renderAt(
      `/branch-master/item/register/th?branchId=${BRANCH_ID}`,
      <IssuerRegisterScreen />,
      '/branch-master/item/register/:branchType',
    );
    const branchNumber = (await screen.findByLabelText(
      'Head office / branch number',
    )) as HTMLInputElement;
    expect(branchNumber.value).toBe('00000');
  });
});

describe('TemplateEditor', () => {
  it('inserts a placeholder from the menu as an atom the sanitiser keeps', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <TemplateEditor id="t" value="<p>Issued by </p>" onChange={onChange} label="Template" />,
      en,
    );
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('template-insert-placeholder'));
    fireEvent.click(await screen.findByText('Provider address'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)![0] as string;
    expect(html).toContain('<span data-placeholder="providerAddress">{{providerAddress}}</span>');
  });
});

describe('The partner a branch sells through', () => {
  it('is chosen by name from the partners the user may see and saved with the version', async () => {
    renderAt('/b', <BranchPartner branch={BRANCH} canEdit />, '/b');
    const select = await screen.findByRole('combobox', { name: 'Partner' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Sakura Travel (SAKURA)'));
    await waitFor(() =>
      expect(requests.find((request) => request.path === 'branch/select-partner')).toBeTruthy(),
    );
    const put = requests.find((request) => request.path === 'branch/select-partner')!;
    expect(put.method).toBe('PUT');
    expect(JSON.parse(put.body)).toEqual({ id: BRANCH_ID, version: 3, partnerId: PARTNER_ID });
  });
});
