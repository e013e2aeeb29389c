import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_LOAD_TIMEOUT_MS } from '@esim/contracts';
import {
  MAX_REMOTE_LOAD_TIMEOUT_MS,
  MIN_REMOTE_LOAD_TIMEOUT_MS,
  beginRemoteLoad,
  fetchWithTimeout,
  isRemoteLoadTimeout,
  remainingLoadMs,
  remoteLoadExpired,
  remoteLoadTimeoutMs,
  withDeadline,
} from '../src/remotes/load-timeout';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

/** A fetch that never answers, like a hung store, but lets its signal abort it. */
const hungFetch: typeof fetch = (_input, init) =>
  new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

describe('the remote load timeout', () => {
  it('comes from config.json, bounded, else the 8 s default', () => {
    expect(REMOTE_LOAD_TIMEOUT_MS).toBe(8000);
    expect(remoteLoadTimeoutMs(3000)).toBe(3000);
    expect(remoteLoadTimeoutMs(10)).toBe(MIN_REMOTE_LOAD_TIMEOUT_MS);
    expect(remoteLoadTimeoutMs(10_000_000)).toBe(MAX_REMOTE_LOAD_TIMEOUT_MS);
    for (const wrong of ['3000', null, Number.NaN, Number.POSITIVE_INFINITY, {}])
      expect(remoteLoadTimeoutMs(wrong), String(wrong)).toBe(REMOTE_LOAD_TIMEOUT_MS);
    // No runtime configuration loaded (yet): the default.
    expect(remoteLoadTimeoutMs()).toBe(REMOTE_LOAD_TIMEOUT_MS);
  });

  it('rejects work that takes longer, and lets work that finishes in time through', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const late = withDeadline(never, 2000, 'Remote stock@1.0.0');
    const settled = expect(late).rejects.toThrow(
      'Remote stock@1.0.0 did not answer within 2000 ms',
    );
    await vi.advanceTimersByTimeAsync(2000);
    await settled;
    await late.catch((error: unknown) => expect(isRemoteLoadTimeout(error)).toBe(true));

    const quick = withDeadline(Promise.resolve('routes'), 2000, 'x');
    await expect(quick).resolves.toBe('routes');
    // The deadline's timer does not outlive the work.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts a fetch that does not answer (the store hangs) and says it timed out', async () => {
    globalThis.fetch = vi.fn(hungFetch);
    const started = Date.now();
    const result = fetchWithTimeout('http://cdn.test/mf-manifest.json', {}, 150, (r) => r.json());
    await expect(result).rejects.toThrow(/did not answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    const signal = vi.mocked(globalThis.fetch).mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(true);
  });

  it('times out a body that stalls after the headers', async () => {
    globalThis.fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name":'));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200 });
    });
    await expect(
      fetchWithTimeout('http://cdn.test/mf-manifest.json', {}, 150, (r) => r.text()),
    ).rejects.toSatisfy(isRemoteLoadTimeout);
  });

  it("passes other failures on, and the caller's own abort is no timeout", async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchWithTimeout('http://x.test/', {}, 1000, async () => 1)).rejects.toThrow(
      'Failed to fetch',
    );
    globalThis.fetch = vi.fn(hungFetch);
    const controller = new AbortController();
    const result = fetchWithTimeout('http://x.test/', { signal: controller.signal }, 5000, (r) =>
      r.text(),
    );
    controller.abort();
    await expect(result).rejects.toSatisfy((error) => !isRemoteLoadTimeout(error));
  });

  it("gives the manifest and entry what is left of the area's deadline, and none once it passed", () => {
    vi.useFakeTimers();
    // No load running: a request gets the whole timeout.
    expect(remainingLoadMs('stock', 8000)).toBe(8000);
    const load = beginRemoteLoad('stock', 8000);
    vi.advanceTimersByTime(3000);
    expect(remainingLoadMs('stock', 8000)).toBe(5000);
    // A second load meanwhile shares the earlier deadline.
    const second = beginRemoteLoad('stock', 8000);
    expect(remainingLoadMs('stock', 8000)).toBe(5000);
    second.end(false);
    expect(remainingLoadMs('stock', 8000)).toBe(5000);
    load.end(false);
    expect(remainingLoadMs('stock', 8000)).toBe(8000);

    const timedOut = beginRemoteLoad('orders', 8000);
    vi.advanceTimersByTime(8000);
    timedOut.end(true);
    // What the runtime still tries for a timed-out load gives up at once.
    expect(remoteLoadExpired('orders')).toBe(true);
    expect(remainingLoadMs('orders', 8000)).toBe(1);
    // Retry starts a new load with a full deadline.
    const retry = beginRemoteLoad('orders', 8000);
    expect(remoteLoadExpired('orders')).toBe(false);
    expect(remainingLoadMs('orders', 8000)).toBe(8000);
    retry.end(false);
    expect(remoteLoadExpired('orders')).toBe(false);
  });
});
