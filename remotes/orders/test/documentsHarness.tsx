import {
  RESOURCES,
  type DocumentBatch,
  type DocumentOptions,
  type OrderDetail,
  type OrderDocument,
  type OrderListItem,
} from '@esim/contracts';
import { configureApiClient, getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import { act, fireEvent, renderWithProviders } from '@esim/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { ORDER_ID, item, orderFrom, reviewOf, STOCK_PRODUCT } from './fixtures';

/*
 * The order documents' screen tests run against a small fake API over real HTTP (the platform
 * client with its token, errors and messages as in the console); each test sets what it answers.
 */

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export const ISSUER_JP = 'a1000000-0000-4000-8000-000000000001';
export const ISSUER_TH = 'a1000000-0000-4000-8000-000000000002';
export const INVOICE_ID = 'd0c00000-0000-4000-8000-000000000001';
export const SECOND_ORDER_ID = '7d1b6a55-4a0f-4d8c-8f0e-2c9a7b1e3d41';
export const BATCH_ID = 'b0000000-0000-4000-8000-000000000001';

/** The order of the tests: three eSIMs, the third not delivered (its supplier failed). */
export function documentsOrder(patch: Partial<OrderDetail> = {}): OrderDetail {
  const order = orderFrom(reviewOf([{ productId: STOCK_PRODUCT, quantity: 3 }]), patch);
  return { ...order, items: [item(1), item(2), item(3, { status: 'failed', iccid: null })] };
}

export function documentOptions(patch: Partial<DocumentOptions> = {}): DocumentOptions {
  return {
    issuers: [
      {
        id: ISSUER_JP,
        legalName: 'Sakura Networks KK',
        countryCode: 'JP',
        registrationNumber: 'T8010001008844',
      },
      {
        id: ISSUER_TH,
        legalName: 'Sakura Networks (Thailand) Co., Ltd.',
        countryCode: 'TH',
        registrationNumber: '0105536093141',
      },
    ],
    language: 'ja',
    buyer: {
      name: 'Sakura Travel',
      address: null,
      postalCode: null,
      taxId: null,
      branchNumber: null,
    },
    items: [1, 2, 3].map((position) => ({
      id: item(position).id,
      position,
      productCode: 'JP-5GB-7D',
      productName: 'Japan 5 GB 7 days',
      iccid: position === 3 ? null : item(position).iccid,
      status: position === 3 ? 'failed' : 'delivered',
      unitPrice: 1500,
      documents: [],
    })),
    paid: false,
    ...patch,
  };
}

export function invoice(patch: Partial<OrderDocument> = {}): OrderDocument {
  return {
    id: INVOICE_ID,
    orderId: ORDER_ID,
    orderNo: 'SAK-000123',
    type: 'invoice',
    number: 'INV-2026-000001',
    issueDate: '2026-03-01',
    issuerId: ISSUER_JP,
    issuerName: 'Sakura Networks KK',
    jurisdiction: 'JP',
    language: 'ja',
    currency: 'JPY',
    buyerName: 'Sakura Travel',
    itemIds: [item(1).id, item(2).id],
    net: 3000,
    tax: 300,
    gross: 3300,
    originalId: null,
    originalNumber: null,
    reason: null,
    pdfReady: true,
    createdAt: '2026-03-01T01:00:00.000Z',
    createdBy: 'staff@example.com',
    ...patch,
  };
}

export function listItem(id: string, orderNo: string): OrderListItem {
  return {
    id,
    orderNo,
    partnerId: '0b3c8f0e-5d2a-4c1e-9a7b-3e4f5a6b7c8d',
    partnerName: 'Sakura Travel',
    customerName: 'Yamada Taro',
    itemCount: 2,
    subTotal: 3000,
    discount: 0,
    taxTotal: 300,
    finalPrice: 3300,
    paidAmount: 0,
    paymentStatus: 'not_yet_paid',
    processingStatus: 'success',
    purchasedAt: '2026-03-01T03:00:00.000Z',
  };
}

const PDF = '%PDF-1.4\n% fake\n%%EOF\n';

export const fake = {
  requests: [] as Recorded[],
  order: documentsOrder(),
  documents: [] as OrderDocument[],
  options: documentOptions(),
  /** The states GET order/document/batch answers, one per read (the last one stays). */
  batchReads: [] as DocumentBatch[],
  /** What POST order/document answers instead of a new document. */
  issueAnswer: null as { status: number; body: unknown } | null,
};

export function batch(patch: Partial<DocumentBatch> = {}): DocumentBatch {
  return {
    id: BATCH_ID,
    type: 'invoice',
    status: 'queued',
    total: 2,
    done: 0,
    failed: 0,
    errors: [],
    createdAt: '2026-03-01T01:00:00.000Z',
    createdBy: 'staff@example.com',
    ...patch,
  };
}

type Answer = { status: number; body: unknown; type?: string };

function issue(request: Recorded): Answer {
  if (fake.issueAnswer) return fake.issueAnswer;
  const input = JSON.parse(request.body) as {
    type: OrderDocument['type'];
    itemIds: string[];
    originalId?: string;
    reason?: string;
    buyer: { name: string };
  };
  const prefix = { invoice: 'INV', receipt: 'REC', credit_note: 'CN' }[input.type];
  const number = `${prefix}-2026-${String(fake.documents.length + 1).padStart(6, '0')}`;
  const original = fake.documents.find((document) => document.id === input.originalId);
  const issued = invoice({
    id: `d0c00000-0000-4000-8000-00000000010${fake.documents.length}`,
    type: input.type,
    number,
    buyerName: input.buyer.name,
    itemIds: input.itemIds,
    originalId: original?.id ?? null,
    originalNumber: original?.number ?? null,
    reason: input.reason ?? null,
  });
  fake.documents = [issued, ...fake.documents];
  return {
    status: 201,
    body: {
      data: issued,
      message: `${number} issued.`,
      messageKey: 'orderDocuments.issued',
      messageParams: { number },
    },
  };
}

function answer(request: Recorded): Answer {
  const key = `${request.method} ${request.path}`;
  switch (key) {
    case 'GET order/detail':
      return { status: 200, body: { data: fake.order } };
    case 'GET order/document/list':
      return { status: 200, body: { data: fake.documents } };
    case 'GET order/document/options':
      return { status: 200, body: { data: fake.options } };
    case 'POST order/document':
      return issue(request);
    case 'POST order/document/preview':
    case 'GET order/document/pdf':
      return { status: 200, body: PDF, type: 'application/pdf' };
    case 'POST order/list':
      return {
        status: 200,
        body: {
          data: {
            items: [listItem(ORDER_ID, 'SAK-000123'), listItem(SECOND_ORDER_ID, 'SAK-000124')],
            total: 2,
            page: 1,
            pageSize: 10,
          },
        },
      };
    case 'GET order/company-name':
    case 'POST utils/model/list':
      return { status: 200, body: { data: [] } };
    case 'POST order/document/batch':
      return {
        status: 202,
        body: {
          data: batch(),
          message: 'Issuing 2 documents.',
          messageKey: 'orderDocuments.batchStarted',
          messageParams: { count: 2 },
        },
      };
    case 'GET order/document/batch': {
      const next = fake.batchReads.length > 1 ? fake.batchReads.shift()! : fake.batchReads[0];
      return { status: 200, body: { data: next ?? batch() } };
    }
    default:
      return { status: 404, body: { errors: [], errorMessage: `No fake for ${key}` } };
  }
}

/** The API's success and error messages as the console would toast them. */
export const notified = {
  success: vi.fn<(text: string) => void>(),
  error: vi.fn<(text: string) => void>(),
};

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
          query: url.searchParams,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        fake.requests.push(recorded);
        const { status, body, type = 'application/json' } = answer(recorded);
        response.writeHead(status, { 'Content-Type': type });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    configureApiClient({
      prefixUrl: `http://127.0.0.1:${port}/api/mng`,
      getToken: async () => 't',
      notify: notified,
    });
    // jsdom has no object URLs: the PDF dialog shows what this gives.
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    close = () => void server.close();
  });
  afterAll(() => close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.order = documentsOrder();
    fake.documents = [];
    fake.options = documentOptions();
    fake.batchReads = [];
    fake.issueAnswer = null;
    notified.success.mockClear();
    notified.error.mockClear();
    getQueryClient().clear();
    allow(['GET', 'POST']);
  });
}

/** The signed-in user's methods on orders. */
export function allow(methods: ('GET' | 'POST' | 'PUT' | 'DELETE')[]) {
  usePermissionStore.setState({
    permissions: [{ path: RESOURCES.orders, methods }],
    status: 'ready',
  });
}

/** A screen at `url` in a data router, with the confirm dialogs. */
export function renderAt(instance: i18n, path: string, url: string, screen: ReactElement) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path, element: screen },
            { path: '*', element: <div data-testid="elsewhere" /> },
          ],
          { initialEntries: [url] },
        )}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    instance,
  );
}

/** The machine may be busy: antd renders slowly in jsdom then. */
export const WAIT = { timeout: 30_000 };

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Types a whole value at once (no key-by-key typing). */
export async function type(element: Element, value: string) {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
}

export const requestsTo = (method: string, path: string) =>
  fake.requests.filter((request) => request.method === method && request.path === path);
