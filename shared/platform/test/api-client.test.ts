// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  api,
  configureApiClient,
  onUnauthorized,
} from '../src/index';
import { sendJson, startServer } from './http-server';

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let shown: { success: string[]; error: string[] };

beforeAll(async () => {
  server = await startServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname.replace('/api/mng/', '');
    switch (path) {
      case 'items/first-error':
        return sendJson(response, 422, {
          errors: [
            { message: 'Products without a selling price block import', code: 'BUSINESS_RULE' },
            { message: 'second', code: 'BUSINESS_RULE' },
          ],
          errorMessage: 'Import blocked',
        });
      case 'items/only-summary':
        return sendJson(response, 409, {
          errors: [],
          errorMessage: 'Name already existed in the database.',
        });
      case 'items/no-text':
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        return response.end('upstream exploded');
      case 'items/unauthorized':
        return sendJson(response, 401, {
          errors: [{ message: 'Token expired', code: 'UNAUTHENTICATED' }],
          errorMessage: 'Token expired',
        });
      case 'items/slow':
        setTimeout(() => sendJson(response, 200, { data: 'late' }), 400);
        return;
      case 'items':
        if (request.method === 'GET')
          return sendJson(response, 200, { data: [{ id: 1 }], message: 'Listed' });
        return sendJson(response, 200, {
          data: { method: request.method, body: request.body ? JSON.parse(request.body) : null },
          message: `${request.method} done`,
        });
      case 'items/no-message':
        return sendJson(response, 200, { data: { ok: true } });
      default:
        return sendJson(response, 404, {
          errors: [{ message: 'Item not found', code: 'NOT_FOUND' }],
          errorMessage: 'Item not found',
        });
    }
  });
});

afterAll(() => server.close());

beforeEach(() => {
  shown = { success: [], error: [] };
  configureApiClient({
    prefixUrl: `${server.baseUrl}/api/mng`,
    getToken: async () => 'id-token-123',
    translateDefault: () => 'Translated default',
    notify: {
      success: (text) => shown.success.push(text),
      error: (text) => shown.error.push(text),
    },
  });
  server.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client', () => {
  it('sends a raw body (a file) with its own content type', async () => {
    await api.post('items/no-message', undefined, {
      body: new Blob(['iccid,code\n'], { type: 'text/csv' }),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      notifySuccess: false,
    });
    const [request] = server.requests;
    expect(request?.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(request?.headers.authorization).toBe('Bearer id-token-123');
    expect(request?.body).toBe('iccid,code\n');
  });

  it('sends the bearer ID token, JSON and query parameters', async () => {
    await api.post('items', { name: 'Tokyo 5GB' }, { searchParams: { page: 2, empty: undefined } });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/mng/items?page=2');
    expect(request?.headers.authorization).toBe('Bearer id-token-123');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Tokyo 5GB' });
  });

  it('returns the envelope data', async () => {
    await expect(api.get('items')).resolves.toEqual([{ id: 1 }]);
    await expect(api.put('items', { a: 1 })).resolves.toEqual({ method: 'PUT', body: { a: 1 } });
  });

  it('shows the success message after POST, PUT and DELETE only', async () => {
    await api.get('items');
    expect(shown.success).toEqual([]);
    await api.post('items', { a: 1 });
    await api.put('items', { a: 1 });
    await api.delete('items');
    expect(shown.success).toEqual(['POST done', 'PUT done', 'DELETE done']);
    await api.post('items/no-message', {});
    await api.post('items', {}, { notifySuccess: false });
    expect(shown.success).toHaveLength(3);
    expect(shown.error).toEqual([]);
  });

  it('shows errors[0].message first and rethrows the error with status and body', async () => {
    const error = await failure(api.post('items/first-error', {}));
    expect(shown.error).toEqual(['Products without a selling price block import']);
    expect(error.message).toBe('Products without a selling price block import');
    expect(error.status).toBe(422);
    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.body).toMatchObject({ errorMessage: 'Import blocked' });
  });

  it('falls back to errorMessage, then to the translated default', async () => {
    expect((await failure(api.put('items/only-summary', {}))).message).toBe(
      'Name already existed in the database.',
    );
    const error = await failure(api.get('items/no-text'));
    expect(error.message).toBe('Translated default');
    expect(error.status).toBe(500);
    expect(shown.error).toEqual(['Name already existed in the database.', 'Translated default']);
  });

  it('lets a GET suppress the error notification but still rethrows', async () => {
    const error = await failure(api.get('unknown', { notifyError: false }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Item not found');
    expect(shown.error).toEqual([]);
  });

  it('turns a timeout into an ApiError with the default message', async () => {
    const error = await failure(api.get('items/slow', { timeout: 100 }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Translated default');
    expect(shown.error).toEqual(['Translated default']);
  });

  it('reports a 401 as the end of the session instead of a toast', async () => {
    let unauthorized = 0;
    const stop = onUnauthorized(() => unauthorized++);
    try {
      const error = await failure(api.get('items/unauthorized'));
      expect(error.status).toBe(401);
      expect(unauthorized).toBe(1);
      expect(shown.error).toEqual([]);
    } finally {
      stop();
    }
  });

  it('uses the spec default text when no translator is configured', () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
  });
});
