import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { init, loadRemote, getInstance } from '@module-federation/enhanced/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@esim/platform';
import type { PinnedReleaseDocument } from '@esim/contracts';
import {
  REMOTE_FAILURE,
  createFailureModule,
  isRemoteFailure,
  remoteFallbackPlugin,
  type RemoteFailure,
} from '../src/remotes/fallback-plugin';
import { applyReleaseDocument } from '../src/remotes/federation';
import { getAreaLoader } from '../src/remotes/remote-loader';

type Hook = NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>;
type HookArgs = Parameters<Hook>[0];

const origin = {} as HookArgs['origin'];
const remoteInfo = {
  name: 'suppliers',
  entry: 'http://cdn.test/remotes/suppliers/1.0.0/mf-manifest.json',
  type: 'global',
  entryGlobalName: 'esim_remote_suppliers',
  shareScope: 'default',
} as NonNullable<HookArgs['remote']>;

describe('the errorLoadRemote fallback plugin', () => {
  it('answers a failed loadRemote with a failure module naming the remote', async () => {
    const failures: RemoteFailure[] = [];
    const plugin = remoteFallbackPlugin({ onFailure: (failure) => failures.push(failure) });
    const error = new Error('ChunkLoadError: Loading chunk 152 failed.');
    const result = await plugin.errorLoadRemote!({
      id: 'suppliers/routes',
      error,
      from: 'runtime',
      lifecycle: 'onLoad',
      remote: remoteInfo,
      origin,
    });
    expect(isRemoteFailure(result)).toBe(true);
    const failure = (result as ReturnType<typeof createFailureModule>)[REMOTE_FAILURE];
    expect(failure).toMatchObject({
      id: 'suppliers/routes',
      remote: 'suppliers',
      entry: remoteInfo.entry,
      message: 'ChunkLoadError: Loading chunk 152 failed.',
    });
    expect(failure.error).toBe(error);
    expect(failures).toEqual([failure]);
  });

  it('takes the remote name from the request when the runtime did not resolve one', async () => {
    const result = await remoteFallbackPlugin().errorLoadRemote!({
      id: 'orders/locales',
      error: 'offline',
      from: 'runtime',
      lifecycle: 'onLoad',
      origin,
    });
    expect(isRemoteFailure(result) && result[REMOTE_FAILURE]).toMatchObject({
      remote: 'orders',
      message: 'offline',
    });
  });

  it('leaves manifest and shared-module failures alone (no fake manifest, no fake React)', async () => {
    const plugin = remoteFallbackPlugin();
    for (const lifecycle of ['afterResolve', 'beforeLoadShare', 'beforeRequest'] as const) {
      const result = await plugin.errorLoadRemote!({
        id: remoteInfo.entry,
        error: new Error('404'),
        from: 'runtime',
        lifecycle,
        remote: remoteInfo,
        origin,
      });
      expect(result, lifecycle).toBeUndefined();
    }
  });

  it('recognises only failure modules', () => {
    expect(isRemoteFailure({ routes: [], default: [] })).toBe(false);
    expect(isRemoteFailure(null)).toBe(false);
    expect(isRemoteFailure(undefined)).toBe(false);
    expect(Object.isFrozen(createFailureModule({} as RemoteFailure))).toBe(true);
  });
});

describe(
  'registering pinned remotes with the Module Federation 2.9 runtime',
  { timeout: 60_000 },
  () => {
    const fetchMock = vi.fn<typeof fetch>();
    const realFetch = globalThis.fetch;

    beforeAll(async () => {
      // The retry plugin tells the console about every retry.
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      window.matchMedia ??= ((query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
      await initI18n({ language: 'en', namespaces: ['common'] });
      // What the host's webpack bundle does at start (shareStrategy 'loaded-first', no remotes).
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

    const manifestUrl = (area: string, version: string) =>
      `http://cdn.test/remotes/${area}/${version}/mf-manifest.json`;
    const documentWith = (entries: Record<string, string>): PinnedReleaseDocument => ({
      remotes: Object.fromEntries(
        Object.entries(entries).map(([area, version]) => [
          area,
          { version, manifestUrl: manifestUrl(area, version) },
        ]),
      ),
    });
    const registeredEntry = (name: string) =>
      getInstance()!.options.remotes.find((remote) => remote.name === name) as
        { name: string; entry: string } | undefined;

    it('registers each pinned area by its MF name with its manifest, and keeps the rest not deployed', () => {
      applyReleaseDocument(documentWith({ suppliers: '1.0.0', stock: '1.0.0' }));
      expect(registeredEntry('suppliers')?.entry).toBe(manifestUrl('suppliers', '1.0.0'));
      expect(registeredEntry('stock')?.entry).toBe(manifestUrl('stock', '1.0.0'));
      expect(getAreaLoader('suppliers')).toBeTypeOf('function');
      expect(getAreaLoader('orders')).toBeUndefined();
      // Registering fetches nothing: a dead remote cannot delay the console's start.
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("registers a same-origin manifest path (embedded default) at the page's own origin", () => {
      applyReleaseDocument({
        remotes: {
          partners: { version: '1.0.0', manifestUrl: '/remotes/partners/1.0.0/mf-manifest.json' },
        },
      });
      expect(registeredEntry('partners')?.entry).toBe(
        `${window.location.origin}/remotes/partners/1.0.0/mf-manifest.json`,
      );
      applyReleaseDocument({ remotes: {} });
    });

    it('keeps an unchanged remote, re-registers a changed one, drops an unpinned one', () => {
      applyReleaseDocument(documentWith({ suppliers: '1.0.0', stock: '1.0.0' }));
      const suppliers = getAreaLoader('suppliers');
      const stock = getAreaLoader('stock');
      applyReleaseDocument(documentWith({ suppliers: '1.0.0', stock: '1.0.1' }));
      expect(getAreaLoader('suppliers')).toBe(suppliers);
      expect(getAreaLoader('stock')).not.toBe(stock);
      expect(registeredEntry('stock')?.entry).toBe(manifestUrl('stock', '1.0.1'));
      applyReleaseDocument(documentWith({ suppliers: '1.0.0' }));
      expect(getAreaLoader('stock')).toBeUndefined();
    });

    it('turns a dead manifest into the area error page, after the manifest was fetched again', async () => {
      fetchMock.mockImplementation(async () => new Response('{"errors":[]}', { status: 404 }));
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        applyReleaseDocument(documentWith({ campaigns: '9.0.0-broken' }));
        // The runtime itself answers with the fallback instead of rejecting.
        const module = await loadRemote('campaigns/routes');
        expect(isRemoteFailure(module)).toBe(true);
        const manifestCalls = fetchMock.mock.calls.filter(
          ([url]) => String(url) === manifestUrl('campaigns', '9.0.0-broken'),
        );
        // First try + 2 retries (RETRY_OPTIONS.fetch.retryTimes).
        expect(manifestCalls.length).toBeGreaterThanOrEqual(3);

        const { default: Screen } = await getAreaLoader('campaigns')!();
        render(
          <Suspense fallback="loading">
            <Screen area="campaigns" routePath="/campaign-code" />
          </Suspense>,
        );
        const page = await screen.findByTestId('area-failed', {}, { timeout: 15_000 });
        expect(page.getAttribute('data-area')).toBe('campaigns');
        expect(screen.getByText('This area could not be loaded')).toBeTruthy();
        expect(screen.getByTestId('area-retry').textContent).toBe('Try again');
        expect(consoleError).toHaveBeenCalled();
      } finally {
        consoleError.mockRestore();
      }
    });

    it('a network error is contained the same way', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        applyReleaseDocument(documentWith({ branches: '1.0.0' }));
        const { default: Screen } = await getAreaLoader('branches')!();
        render(<Screen area="branches" routePath="/branch-master" />);
        await waitFor(() => expect(screen.getByTestId('area-failed')).toBeTruthy());
      } finally {
        consoleError.mockRestore();
      }
    });
  },
);
