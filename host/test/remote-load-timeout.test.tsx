import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { init } from '@module-federation/enhanced/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { getQueryClient, initI18n, setRuntimeConfig } from '@esim/platform';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import { applyReleaseDocument, retryArea } from '../src/remotes/federation';
import { getAreaLoader } from '../src/remotes/remote-loader';
import { loadedRemotes } from '../src/remotes/loaded-remotes';
import { ROUTE_MANIFEST_STORAGE_PREFIX, loadRouteManifests } from '../src/remotes/route-manifests';
import { remoteManifest } from './support/route-manifests';

/*
 * A hung remote store against the real Module Federation 2.9 runtime: the area shows its error
 * page within the configured timeout (instead of spinning forever on the manifest, or 96 s on
 * the remote entry), and Retry really loads again.
 */

const TIMEOUT_MS = 500;
/** The machine is shared: what "within the timeout" may add for scheduling. */
const SLACK_MS = 1500;
const ORIGIN = 'http://cdn.test';

const fetchMock = vi.fn<typeof fetch>();
const realFetch = globalThis.fetch;

const manifestUrl = (area: string, version: string) =>
  `${ORIGIN}/remotes/${area}/${version}/mf-manifest.json`;
const documentWith = (area: string, version: string): PinnedReleaseDocument => ({
  remotes: { [area]: { version, manifestUrl: manifestUrl(area, version) } },
});

/** A remote's mf-manifest.json as the build writes it (no chunks of its own). */
function manifestOf(area: string, version: string) {
  return {
    id: area,
    name: area,
    metaData: {
      name: area,
      type: 'app',
      buildInfo: { buildVersion: version, buildName: `@esim/remote-${area}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: `esim_remote_${area}`,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: ['routes', 'locales'].map((name) => ({
      id: `${area}:${name}`,
      name,
      path: `./${name}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
  };
}

/** A fetch that never answers (a hung store) until its signal aborts it. */
function hang(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

const entryScripts = (url: string) =>
  [...document.querySelectorAll('script')].filter((script) => script.src === url);

const calledWith = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);

async function loadScreenTimed(area: string) {
  const started = performance.now();
  const { default: Screen } = await getAreaLoader(area)!();
  return { Screen, elapsed: performance.now() - started };
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setRuntimeConfig({
    apiBaseUrl: `${ORIGIN}/api/mng`,
    identity: { region: 'r', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: null },
    remotes: { releaseDocumentUrl: `${ORIGIN}/api/mng/release/pinned`, loadTimeoutMs: TIMEOUT_MS },
  });
  await initI18n({ language: 'en', namespaces: ['common'] });
  init({ name: 'host', remotes: [], shareStrategy: 'loaded-first' });
  globalThis.fetch = fetchMock;
});

afterAll(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

describe('a remote store that does not answer', { timeout: 30_000 }, () => {
  it("shows the area's error page within the timeout when the manifest hangs", async () => {
    fetchMock.mockImplementation(hang);
    applyReleaseDocument(documentWith('stock', '1.0.0'));
    const { Screen, elapsed } = await loadScreenTimed('stock');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    render(<Screen area="stock" routePath="/stock" />);
    expect(screen.getByTestId('area-failed').getAttribute('data-area')).toBe('stock');
    // The one request was aborted at the deadline, and a timed-out manifest is not retried.
    const calls = calledWith(manifestUrl('stock', '1.0.0'));
    expect(calls).toHaveLength(1);
    // (its own timer is due at the same deadline)
    await vi.waitFor(() => expect(calls[0]![1]?.signal?.aborted).toBe(true), { timeout: 300 });
  });

  it('shows it within the timeout when the remote entry never loads, and Retry loads again', async () => {
    // The manifest answers; jsdom never runs the remote entry's <script>: a hung entry.
    fetchMock.mockImplementation(async () => Response.json(manifestOf('orders', '1.0.0')));
    const document = documentWith('orders', '1.0.0');
    getQueryClient().setQueryData(RELEASE_DOCUMENT_QUERY_KEY, document);
    applyReleaseDocument(document);
    const first = await loadScreenTimed('orders');
    expect(first.elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    render(<first.Screen area="orders" routePath="/orders" />);
    expect(screen.getByTestId('area-failed').getAttribute('data-area')).toBe('orders');
    // The entry's script gave up with the deadline: nothing of the hung load stays behind.
    const entryUrl = `${ORIGIN}/remotes/orders/1.0.0/remoteEntry.js`;
    await vi.waitFor(() => expect(entryScripts(entryUrl)).toHaveLength(0), { timeout: 300 });
    expect(loadedRemotes().has('orders')).toBe(false);
    cleanup();

    // The store answers now (the container is there), and Retry loads the area afresh.
    const manifestCalls = calledWith(manifestUrl('orders', '1.0.0')).length;
    await retryArea('orders');
    // (after the retry: re-registering drops the old container global)
    (globalThis as Record<string, unknown>).esim_remote_orders = {
      init: () => undefined,
      get: async (expose: string) => () =>
        expose === './routes'
          ? { routes: [{ path: '/orders', Component: () => <p>orders list</p> }] }
          : { loadLocale: async () => ({}) },
    };
    const second = await loadScreenTimed('orders');
    render(
      <Suspense fallback="loading">
        <second.Screen area="orders" routePath="/orders" />
      </Suspense>,
    );
    expect(await screen.findByText('orders list')).toBeTruthy();
    expect(screen.getByTestId('remote-area').getAttribute('data-version')).toBe('1.0.0');
    // Read again, not the failed load's cached answer.
    expect(calledWith(manifestUrl('orders', '1.0.0')).length).toBeGreaterThan(manifestCalls);
    expect(loadedRemotes().get('orders')).toBe('1.0.0');
  });

  it('asks for the remote entry under a URL of its own on Retry (the hung request may still be open)', async () => {
    fetchMock.mockImplementation(async () => Response.json(manifestOf('branches', '1.0.0')));
    const document = documentWith('branches', '1.0.0');
    getQueryClient().setQueryData(RELEASE_DOCUMENT_QUERY_KEY, document);
    applyReleaseDocument(document);
    const entryUrl = `${ORIGIN}/remotes/branches/1.0.0/remoteEntry.js`;
    const first = getAreaLoader('branches')!();
    await vi.waitFor(() => expect(entryScripts(entryUrl)).toHaveLength(1), { timeout: 2000 });
    await first;

    await retryArea('branches');
    const second = getAreaLoader('branches')!();
    await vi.waitFor(() => expect(entryScripts(`${entryUrl}?retry=1`)).toHaveLength(1), {
      timeout: 2000,
    });
    expect(entryScripts(entryUrl)).toHaveLength(0);
    await second;
  });

  it('keeps the last known route manifest when route-manifest.json hangs, within the timeout', async () => {
    const known = await remoteManifest('stock', '1.0.0');
    localStorage.setItem(`${ROUTE_MANIFEST_STORAGE_PREFIX}stock`, JSON.stringify(known));
    fetchMock.mockImplementation(hang);
    const started = performance.now();
    const manifests = await loadRouteManifests(documentWith('stock', '1.0.1'));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    // Its menu entries and routes stay; opening one shows the area's error page.
    expect(manifests.map((manifest) => [manifest.remote, manifest.version])).toEqual([
      ['stock', '1.0.0'],
    ]);
    localStorage.clear();
  });
});
