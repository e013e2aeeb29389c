import { StrictMode, useEffect } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient, createQueryClient, initI18n, setRuntimeConfig } from '@esim/platform';
import { releaseDocumentQuery } from '../src/remotes/release-document';
import { AntdRoot } from '../src/shell/AntdRoot';

/*
 * A page load reads the pinned release document once, and that request completes: it was
 * aborted and sent again on every load (the shell remounted, and the query's abort signal
 * cancelled the fetch when its observers went away).
 */

const fetchMock = vi.fn<typeof fetch>();
const realFetch = globalThis.fetch;
const requests: Request[] = [];

beforeAll(async () => {
  globalThis.fetch = fetchMock;
  setRuntimeConfig({
    apiBaseUrl: 'http://console.test/api/mng',
    identity: { region: 'r', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: null },
    remotes: { releaseDocumentUrl: 'http://console.test/api/mng/release/pinned' },
  });
  configureApiClient({ getToken: async () => 'id-token' });
  await initI18n({ language: 'en', namespaces: ['common'] });
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  requests.length = 0;
});

function ReleaseReader() {
  const { data } = useQuery(releaseDocumentQuery());
  return <p>{data ? 'read' : 'reading'}</p>;
}

describe('loading the signed-in shell', () => {
  it('reads the release document once and never aborts it, also under StrictMode', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response(JSON.stringify({ data: { remotes: {} } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const view = render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <ReleaseReader />
          <ReleaseReader />
        </QueryClientProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(view.getAllByText('read')).toHaveLength(2));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.signal.aborted).toBe(false);
  });

  it('keeps the shell mounted when antd texts of the language arrive', async () => {
    let mounts = 0;
    function Probe() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>shell</p>;
    }
    dayjs.locale('de');
    render(
      <AntdRoot>
        <Probe />
      </AntdRoot>,
    );
    // loadAntdLocale switches dayjs to the interface language once antd's texts are loaded.
    await waitFor(() => expect(dayjs.locale()).toBe('en'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(mounts).toBe(1);
  });
});
