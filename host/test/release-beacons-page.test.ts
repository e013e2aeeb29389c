import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient, useAuthStore } from '@esim/platform';
import { reportRemoteEvent } from '../src/remotes/release-beacons';

/*
 * The page's beacon queue: what it sends, with what, and when the page goes away. The network
 * is the boundary: fetch answers as the API would.
 */

const fetchMock = vi.fn<typeof fetch>();
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = fetchMock;
  configureApiClient({
    prefixUrl: 'http://console.test/api/mng',
    getToken: async () => 'id-token',
  });
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const sentRequests = () => fetchMock.mock.calls.map(([input]) => input as Request);
const bodies: unknown[] = [];
/** The API's answer; each request's JSON body is kept before the client reads the answer. */
function answer(status: number, body: unknown) {
  fetchMock.mockImplementation(async (input) => {
    bodies.push(await (input as Request).clone().json());
    return Response.json(body, { status });
  });
}

describe("the page's error beacons", () => {
  it('send nothing for a signed-out page', async () => {
    answer(200, { data: { counted: 1 } });
    useAuthStore.setState({ status: 'signedOut' });
    reportRemoteEvent({ remote: 'orders', version: '1.0.0', kind: 'loaded' });
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('go at once, with the session and keepalive, when the page is hidden or goes away', async () => {
    fetchMock.mockClear();
    answer(200, { data: { counted: 2 } });
    useAuthStore.setState({ status: 'signedIn' });
    reportRemoteEvent({ remote: 'stock', version: '1.0.0', kind: 'loaded' });
    reportRemoteEvent({
      remote: 'stock',
      version: '1.0.0',
      kind: 'render-failed',
      message: 'TypeError: x is undefined\n    at Screen (stock.js:1:2)',
    });
    // Before the batch's delay: the page is going away.
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 1000 });
    const [request] = sentRequests();
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('http://console.test/api/mng/release/beacon');
    expect(request!.headers.get('authorization')).toBe('Bearer id-token');
    expect(request!.keepalive).toBe(true);
    expect(bodies).toEqual([
      {
        events: [
          { remote: 'stock', version: '1.0.0', kind: 'loaded' },
          {
            remote: 'stock',
            version: '1.0.0',
            kind: 'render-failed',
            message: 'TypeError: x is undefined',
          },
        ],
      },
    ]);
  });

  it('never surface a refused beacon (no toast, no error thrown into the page)', async () => {
    fetchMock.mockReset();
    answer(429, { errors: [] });
    const notify = { success: vi.fn(), error: vi.fn() };
    configureApiClient({ notify });
    reportRemoteEvent({ remote: 'partners', version: '1.0.0', kind: 'loaded' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notify.error).not.toHaveBeenCalled();
    // Dropped, not sent again.
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
