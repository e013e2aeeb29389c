import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, browserTimeZone, configureApiClient, fetchFile } from '../src/index';
import { sendJson, startServer } from './http-server';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

beforeAll(async () => {
  server = await startServer((request, response) => {
    if (request.url.includes('refused')) {
      sendJson(response, 422, {
        errors: [{ code: 'BUSINESS_RULE', message: 'Error generating PDF.' }],
        errorMessage: 'Error generating PDF.',
      });
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="INV-2026-000001.pdf"',
    });
    response.end('%PDF-1.4\n%%EOF\n');
  });
  configureApiClient({ prefixUrl: `${server.baseUrl}/api/mng`, getToken: async () => 'token' });
});

afterAll(() => server.close());

describe('fetchFile', () => {
  it('posts what a preview renders, with the session, and answers the typed bytes and name', async () => {
    const file = await fetchFile('order/document/preview', 'preview.pdf', {
      method: 'POST',
      json: { type: 'invoice' },
    });
    expect(file.name).toBe('INV-2026-000001.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.4\n%%EOF\n');
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request!.body)).toEqual({ type: 'invoice' });
    expect(request?.headers.authorization).toBe('Bearer token');
    expect(request?.headers['x-time-zone']).toBe(browserTimeZone());
  });

  it('throws the API’s refusal', async () => {
    const refused = fetchFile('order/document/refused', 'x.pdf', { notifyError: false });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ message: 'Error generating PDF.', status: 422 });
  });
});
