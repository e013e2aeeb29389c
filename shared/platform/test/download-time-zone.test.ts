import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, configureApiClient, downloadFile } from '../src/index';
import { startServer } from './http-server';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

beforeAll(async () => {
  server = await startServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="products-2026-11-25.csv"',
    });
    response.end('a,b\r\n');
  });
  configureApiClient({ prefixUrl: `${server.baseUrl}/api/mng`, getToken: async () => 'token' });
  // jsdom has no object URLs; the file itself is not what this test reads.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
});

afterAll(() => server.close());

describe('downloads', () => {
  it('send the user’s time zone so exported dates are the ones the screen shows', async () => {
    const name = await downloadFile('product/export', 'products.csv');
    expect(name).toBe('products-2026-11-25.csv');
    const [request] = server.requests;
    expect(request?.headers['x-time-zone']).toBe(browserTimeZone());
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
