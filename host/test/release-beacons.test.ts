import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RELEASE_BEACON_EVENTS } from '@esim/contracts';
import {
  BEACON_DELAY_MS,
  BEACON_MESSAGE_MAX_LENGTH,
  MAX_FAILURES_PER_VERSION,
  createBeaconQueue,
  shortErrorMessage,
  type BeaconSender,
  type ReleaseBeaconEvent,
} from '../src/remotes/release-beacons';

let sent: { events: ReleaseBeaconEvent[]; keepalive: boolean }[];
let send: ReturnType<typeof vi.fn<BeaconSender>>;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  send = vi.fn<BeaconSender>(async (events, { keepalive }) => {
    sent.push({ events, keepalive });
  });
});
afterEach(() => vi.useRealTimers());

const loaded = (remote: string, version = '1.0.0'): ReleaseBeaconEvent => ({
  remote,
  version,
  kind: 'loaded',
});

describe('error beacons', () => {
  it('batch what a page saw for a moment, then send it in one request', async () => {
    const queue = createBeaconQueue(send);
    queue.report(loaded('stock'));
    queue.report({
      remote: 'orders',
      version: '1.0.1',
      kind: 'load-failed',
      message: 'Remote orders@1.0.1 did not answer within 8000 ms',
    });
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    expect(sent).toEqual([
      {
        keepalive: false,
        events: [
          loaded('stock'),
          {
            remote: 'orders',
            version: '1.0.1',
            kind: 'load-failed',
            message: 'Remote orders@1.0.1 did not answer within 8000 ms',
          },
        ],
      },
    ]);
    expect(queue.pending()).toEqual([]);
  });

  it("count a version's load once per page load, each of its failures up to a cap", async () => {
    const queue = createBeaconQueue(send);
    queue.report(loaded('stock'));
    queue.report(loaded('stock'));
    // Another version of the same remote (a new pin loaded after Retry) counts on its own.
    queue.report(loaded('stock', '1.0.1'));
    for (let index = 0; index < MAX_FAILURES_PER_VERSION + 5; index += 1)
      queue.report({ remote: 'stock', version: '1.0.1', kind: 'render-failed', message: 'x' });
    await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    const events = sent.flatMap((batch) => batch.events);
    expect(events.filter((event) => event.kind === 'loaded')).toEqual([
      loaded('stock'),
      loaded('stock', '1.0.1'),
    ]);
    expect(events.filter((event) => event.kind === 'render-failed')).toHaveLength(
      MAX_FAILURES_PER_VERSION,
    );
  });

  it('send at most one batch of events per request; a full batch goes at once', async () => {
    const queue = createBeaconQueue(send);
    for (let index = 0; index < MAX_RELEASE_BEACON_EVENTS; index += 1)
      queue.report(loaded(`r${index}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(MAX_RELEASE_BEACON_EVENTS);
  });

  it('flush what is left with a keepalive request when the page goes away', () => {
    const queue = createBeaconQueue(send);
    queue.report(loaded('stock'));
    queue.flush({ keepalive: true });
    expect(sent).toEqual([{ keepalive: true, events: [loaded('stock')] }]);
    // Nothing is sent twice.
    queue.flush({ keepalive: true });
    expect(sent).toHaveLength(1);
  });

  it('leave out events the API would refuse instead of losing the whole batch', async () => {
    const queue = createBeaconQueue(send);
    queue.report(loaded('Not A Remote'));
    queue.report(loaded('stock', 'latest'));
    queue.report(loaded('stock'));
    await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    expect(sent.flatMap((batch) => batch.events)).toEqual([loaded('stock')]);
  });

  it('never throw and never retry: a batch that cannot be sent is dropped', async () => {
    const failing = vi.fn<BeaconSender>(async () => {
      throw new Error('offline');
    });
    const throwing = vi.fn<BeaconSender>(() => {
      throw new Error('broken sender');
    });
    for (const sender of [failing, throwing]) {
      const queue = createBeaconQueue(sender);
      expect(() => queue.report(loaded('stock'))).not.toThrow();
      await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS);
      expect(() => queue.flush({ keepalive: true })).not.toThrow();
      await vi.advanceTimersByTimeAsync(BEACON_DELAY_MS * 5);
      expect(sender).toHaveBeenCalledTimes(1);
      expect(queue.pending()).toEqual([]);
    }
  });

  it('send a short one-line message, never a stack or control characters', () => {
    const error = new Error('ChunkLoadError: Loading chunk 152 failed.\n    at x (y.js:1:2)');
    expect(shortErrorMessage(error)).toBe('ChunkLoadError: Loading chunk 152 failed.');
    expect(shortErrorMessage('bad\u0000byte\u0007')).toBe('bad byte');
    const long = shortErrorMessage('é'.repeat(500));
    expect(Array.from(long)).toHaveLength(BEACON_MESSAGE_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
