import * as v from 'valibot';
import {
  MAX_RELEASE_BEACON_EVENTS,
  releaseBeaconSchema,
  type ReleaseBeaconKind,
} from '@esim/contracts';
import { api, useAuthStore } from '@esim/platform';

/*
 * Error beacons: what this page saw while loading and rendering remotes, per remote and version,
 * for the Releases screen's error rates (POST release/beacon). 'loaded' is counted once per page
 * load per remote version; failures each time (up to a cap). Events are batched for a moment and
 * sent with the session (navigator.sendBeacon carries no token), the rest on pagehide with a
 * keepalive request. Reporting never throws and never loops: a batch that cannot be sent is
 * dropped, and nothing reports about the beacons themselves.
 */

export interface ReleaseBeaconEvent {
  remote: string;
  version: string;
  kind: ReleaseBeaconKind;
  message?: string;
}

export type BeaconSender = (
  events: ReleaseBeaconEvent[],
  options: { keepalive: boolean },
) => Promise<unknown>;

/** How long events gather before a batch is sent. */
export const BEACON_DELAY_MS = 2000;
/** The longest message sent (the first line of the error, no stack). */
export const BEACON_MESSAGE_MAX_LENGTH = 200;
/** Failures of one remote version reported per page load at most (a screen failing in a loop). */
export const MAX_FAILURES_PER_VERSION = 10;

/** An error as a short one-line text: its message's first line, clipped, no control characters. */
export function shortErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = (text.split(/\r?\n/, 1)[0] ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .trim();
  const characters = Array.from(line);
  return characters.length > BEACON_MESSAGE_MAX_LENGTH
    ? `${characters.slice(0, BEACON_MESSAGE_MAX_LENGTH - 1).join('')}…`
    : line;
}

function isValidEvent(event: ReleaseBeaconEvent): boolean {
  return v.is(releaseBeaconSchema, { events: [event] });
}

export interface BeaconQueue {
  /** Queues an event (invalid ones, repeated loads and failures over the cap are left out). */
  report(event: ReleaseBeaconEvent): void;
  /** Sends what is queued now (keepalive: the page is going away). */
  flush(options?: { keepalive?: boolean }): void;
  /** Events waiting to be sent. */
  pending(): readonly ReleaseBeaconEvent[];
}

export function createBeaconQueue(
  send: BeaconSender,
  { delayMs = BEACON_DELAY_MS }: { delayMs?: number } = {},
): BeaconQueue {
  const loaded = new Set<string>();
  const failures = new Map<string, number>();
  let queue: ReleaseBeaconEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = ({ keepalive = false }: { keepalive?: boolean } = {}) => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_RELEASE_BEACON_EVENTS);
      queue = queue.slice(MAX_RELEASE_BEACON_EVENTS);
      try {
        void send(batch, { keepalive }).catch(() => undefined);
      } catch {
        /* dropped: a report must never break the page */
      }
    }
  };

  const report = (event: ReleaseBeaconEvent) => {
    const key = `${event.remote}@${event.version}`;
    const clean: ReleaseBeaconEvent =
      event.message === undefined ? event : { ...event, message: shortErrorMessage(event.message) };
    if (!isValidEvent(clean)) return;
    if (clean.kind === 'loaded') {
      if (loaded.has(key)) return;
      loaded.add(key);
    } else {
      const count = failures.get(key) ?? 0;
      if (count >= MAX_FAILURES_PER_VERSION) return;
      failures.set(key, count + 1);
    }
    queue.push(clean);
    if (queue.length >= MAX_RELEASE_BEACON_EVENTS) flush();
    else timer ??= setTimeout(() => flush(), delayMs);
  };

  return { report, flush, pending: () => queue };
}

/** POST release/beacon with the session; silent, and nothing is sent once signed out. */
const sendWithSession: BeaconSender = async (events, { keepalive }) => {
  if (useAuthStore.getState().status !== 'signedIn') return;
  await api.post(
    'release/beacon',
    { events },
    { keepalive, notifyError: false, notifySuccess: false, timeout: 10_000 },
  );
};

let queue: BeaconQueue | undefined;

function pageQueue(): BeaconQueue {
  if (!queue) {
    const created = createBeaconQueue(sendWithSession);
    queue = created;
    // The last events of a page that goes away (closed, reloaded, sent to the background).
    window.addEventListener('pagehide', () => created.flush({ keepalive: true }));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') created.flush({ keepalive: true });
    });
  }
  return queue;
}

/** Reports what the page saw of a remote version (never throws). */
export function reportRemoteEvent(event: ReleaseBeaconEvent): void {
  try {
    pageQueue().report(event);
  } catch {
    /* never let a report break the area */
  }
}
