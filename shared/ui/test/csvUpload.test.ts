// @vitest-environment node
import {
  backgroundJobSource,
  configureApiClient,
  csvUploader,
  isApiError,
  onUnauthorized,
} from '@esim/platform';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/* The kit's one upload path: every import goes through the platform client, as the API expects. */

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const received: Received[] = [];
let reply: (response: ServerResponse) => void;
let baseUrl: string;
let close: () => void;
let shown: { success: string[]; error: string[] };

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      reply(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mng`;
  close = () => server.close();
});
afterAll(() => close());

beforeEach(() => {
  received.length = 0;
  shown = { success: [], error: [] };
  reply = json(200, { data: { ok: true }, message: 'Imported.' });
  configureApiClient({
    prefixUrl: baseUrl,
    getToken: async () => 'id-token',
    translateMessage: (message) => `[${message.key ?? '?'}] ${message.text}`,
    notify: {
      success: (text) => shown.success.push(text),
      error: (text) => shown.error.push(text),
    },
  });
});

const file = new File(['iccid,activationCode\n1,2\n'], 'stock.csv', { type: 'text/csv' });

describe('csvUploader', () => {
  it('sends the file itself as text/csv, the rest in the query, with the token', async () => {
    const send = csvUploader<{ ok: boolean }>({
      path: 'stock/csv',
      sendAs: 'file',
      fields: { productId: 'p-1' },
    });
    expect(await send(file, true)).toEqual({ ok: true });
    const [request] = received;
    expect(request?.method).toBe('POST');
    const url = new URL(request?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/mng/stock/csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      productId: 'p-1',
      fileName: 'stock.csv',
      dryRun: 'true',
    });
    expect(request?.headers['content-type']).toContain('text/csv');
    expect(request?.headers.authorization).toBe('Bearer id-token');
    expect(request?.body).toBe('iccid,activationCode\n1,2\n');
    expect(shown).toEqual({ success: [], error: [] });
  });

  it('sends the text in a JSON body and toasts only an applied import when asked to', async () => {
    const send = csvUploader({
      path: 'tariff/import',
      sendAs: 'text',
      fields: { tariffCode: 'T1' },
      notifyApplied: true,
    });
    await send(file, true);
    await send(file, false);
    expect(received.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { tariffCode: 'T1', csv: 'iccid,activationCode\n1,2\n', dryRun: true },
      { tariffCode: 'T1', csv: 'iccid,activationCode\n1,2\n', dryRun: false },
    ]);
    expect(shown.success).toEqual(['[?] Imported.']);
  });

  it('fails with the API’s message translated from its key, without a toast', async () => {
    reply = json(400, {
      errors: [{ message: 'Imported CSV must have exactly 3 columns.', key: 'csvColumnCount' }],
    });
    const send = csvUploader({ path: 'stock/csv', sendAs: 'file' });
    const error: unknown = await send(file, true).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.message).toBe(
      '[csvColumnCount] Imported CSV must have exactly 3 columns.',
    );
    expect(shown.error).toEqual([]);
  });

  it('ends the session on 401', async () => {
    reply = json(401, { errors: [{ message: 'Token expired' }] });
    let signedOut = 0;
    const stop = onUnauthorized(() => (signedOut += 1));
    await csvUploader({ path: 'tariff/import', sendAs: 'text' })(file, false).catch(() => null);
    stop();
    expect(signedOut).toBe(1);
  });
});

describe('backgroundJobSource', () => {
  it('reads GET <path>?id=', async () => {
    reply = json(200, { data: { id: 'j1', status: 'running', progress: { done: 1, total: 2 } } });
    const job = await backgroundJobSource('stock/csv/job').read('j1', new AbortController().signal);
    expect(job.status).toBe('running');
    expect(received[0]?.url).toBe('/api/mng/stock/csv/job?id=j1');
  });
});
