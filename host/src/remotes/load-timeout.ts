import { REMOTE_LOAD_TIMEOUT_MS } from '@esim/contracts';
import { getRuntimeConfig } from '@esim/platform';

/*
 * How long an area may take to load its remote (manifest, remote entry, exposed modules) before
 * it shows its error page with Retry. One deadline per load of a remote: the manifest fetch and
 * the remote entry script get what is left of it, so nothing of a hung load is still pending (or
 * cached by the federation runtime) when the error page offers Retry.
 */

/** Bounds of a configured timeout: shorter would fail healthy loads, longer is a spinner again. */
export const MIN_REMOTE_LOAD_TIMEOUT_MS = 500;
export const MAX_REMOTE_LOAD_TIMEOUT_MS = 120_000;

/** /config.json's remotes.loadTimeoutMs when it is a sensible number, else the default (8 s). */
export function remoteLoadTimeoutMs(configured?: unknown): number {
  let value = configured;
  if (value === undefined) {
    try {
      value = getRuntimeConfig().remotes?.loadTimeoutMs;
    } catch {
      value = undefined;
    }
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return REMOTE_LOAD_TIMEOUT_MS;
  return Math.min(MAX_REMOTE_LOAD_TIMEOUT_MS, Math.max(MIN_REMOTE_LOAD_TIMEOUT_MS, value));
}

export class RemoteLoadTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what} did not answer within ${timeoutMs} ms`);
    this.name = 'RemoteLoadTimeoutError';
  }
}

export function isRemoteLoadTimeout(error: unknown): error is RemoteLoadTimeoutError {
  return error instanceof Error && error.name === 'RemoteLoadTimeoutError';
}

/** The promise, or a RemoteLoadTimeoutError after `timeoutMs` (the timer never outlives it). */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadTimeoutError(what, timeoutMs)), timeoutMs);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * fetch() and reading its answer (`read`), aborted after `timeoutMs` (rejecting with
 * RemoteLoadTimeoutError) or when the caller's own signal aborts. A server that sends its
 * headers and then stalls the body times out too.
 */
export async function fetchWithTimeout<T>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const outer = init.signal;
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forward, { once: true });
  try {
    return await read(await fetch(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (controller.signal.aborted && !outer?.aborted) {
      throw new RemoteLoadTimeoutError(url, timeoutMs);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

interface LoadDeadline {
  /** Epoch ms. */
  at: number;
  /** Loads of the remote running against it. */
  running: number;
}

/** Each remote's current load deadline, or the passed one of its last load that timed out. */
const deadlines = new Map<string, LoadDeadline>();

export interface RemoteLoad {
  /**
   * The load is over. One that timed out keeps its passed deadline, so what the runtime still
   * tries for it in the background gives up at once instead of holding the remote's caches.
   */
  end(timedOut: boolean): void;
}

/** Starts the deadline of one load of a remote (loads that overlap share the earlier one). */
export function beginRemoteLoad(remote: string, timeoutMs: number): RemoteLoad {
  const now = Date.now();
  let deadline = deadlines.get(remote);
  if (deadline === undefined || deadline.at <= now) {
    deadline = { at: now + timeoutMs, running: 0 };
    deadlines.set(remote, deadline);
  }
  deadline.running += 1;
  const own = deadline;
  let ended = false;
  return {
    end(timedOut) {
      if (ended) return;
      ended = true;
      own.running -= 1;
      if (!timedOut && own.running === 0 && deadlines.get(remote) === own) deadlines.delete(remote);
    },
  };
}

/** Whether the remote's last load ran out of time (and no new one started since). */
export function remoteLoadExpired(remote: string | undefined): boolean {
  const deadline = remote === undefined ? undefined : deadlines.get(remote);
  return deadline !== undefined && deadline.at <= Date.now();
}

/**
 * What is left of the remote's load deadline (at least 1 ms), or the whole timeout when no load
 * of it is running (e.g. a module loaded outside an area load).
 */
export function remainingLoadMs(remote: string | undefined, timeoutMs: number): number {
  const deadline = remote === undefined ? undefined : deadlines.get(remote);
  if (deadline === undefined) return timeoutMs;
  return Math.max(1, deadline.at - Date.now());
}
