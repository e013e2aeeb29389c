import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  fetchWithTimeout,
  isRemoteLoadTimeout,
  remainingLoadMs,
  remoteLoadExpired,
} from './load-timeout';

/*
 * The federation runtime's own waits have no useful bound: its manifest fetch has none (a hung
 * store spun forever) and a remote entry script gives up after 20 s, three times over with the
 * retry plugin (96 s). This plugin gives both what is left of the area's load deadline, and
 * retries a manifest that failed quickly (404, network) but not one that timed out: the deadline
 * is spent and the area shows its error page with Retry.
 */

export interface LoadTimeoutPluginOptions {
  /** The configured timeout of an area load (read when a load needs it). */
  timeoutMs: () => number;
  /** How many times the user retried the remote (0: never). */
  retriesOf: (remote: string | undefined) => number;
  /** Further tries of a manifest fetch that failed before its deadline. */
  retryTimes: number;
  retryDelayMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The remote entry's URL for the user's n-th retry. */
export function entryUrlForRetry(url: string, retries: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${retries}`;
}

async function readJson(response: Response): Promise<Response> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  JSON.parse(text);
  // The body is read (within the deadline): the runtime gets it again from a fresh Response.
  return new Response(text, { status: response.status, headers: response.headers });
}

export function remoteLoadTimeoutPlugin(
  options: LoadTimeoutPluginOptions,
): ModuleFederationRuntimePlugin {
  return {
    name: 'esim-remote-load-timeout',
    async fetch(url, init, remoteInfo) {
      const remote = remoteInfo?.name;
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await fetchWithTimeout(
            url,
            init,
            remainingLoadMs(remote, options.timeoutMs()),
            readJson,
          );
        } catch (error) {
          if (isRemoteLoadTimeout(error) || attempt >= options.retryTimes) throw error;
          await pause(options.retryDelayMs);
        }
      }
    },
    createScript({ url, remoteInfo }) {
      const timeout = remainingLoadMs(remoteInfo?.name, options.timeoutMs());
      const retries = options.retriesOf(remoteInfo?.name);
      if (retries === 0) return { timeout };
      // The browser attaches a new <script> of the same URL to the hung request still in flight
      // (removing the old element does not cancel it): a retry asks for the entry under a URL
      // of its own. The remote's webpack runtime drops the query from its public path.
      const script = document.createElement('script');
      script.src = entryUrlForRetry(url, retries);
      return { script, timeout };
    },
  };
}

/**
 * The retry plugin bound to the load deadline: its fetch hook is dropped (it would fetch every
 * manifest a second time, without a timeout; remoteLoadTimeoutPlugin fetches manifests), and a
 * remote entry is not tried again once the area's load ran out of time.
 */
export function withinLoadDeadline(
  retryPlugin: ModuleFederationRuntimePlugin,
): ModuleFederationRuntimePlugin {
  const { loadEntryError } = retryPlugin;
  return {
    ...retryPlugin,
    fetch: undefined,
    loadEntryError: loadEntryError
      ? (args) =>
          remoteLoadExpired(args.remoteInfo.name)
            ? Promise.resolve(undefined)
            : loadEntryError(args)
      : undefined,
  };
}
