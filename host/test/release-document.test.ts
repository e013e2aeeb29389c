import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient, setRuntimeConfig } from '@esim/platform';
import {
  RELEASE_PREVIEW_STORAGE_KEY,
  readReleasePreviews,
  setReleasePreview,
} from '@esim/remote-kit/release';
import { fetchReleaseDocument, releaseDocumentPath } from '../src/remotes/release-document';

const ORIGIN = 'http://console.test';
const pinned = {
  remotes: {
    stock: { version: '1.0.0', manifestUrl: `${ORIGIN}/remotes/stock/1.0.0/mf-manifest.json` },
  },
};
const previewed = {
  remotes: {
    stock: {
      version: '1.0.1',
      manifestUrl: `${ORIGIN}/remotes/stock/1.0.1/mf-manifest.json`,
      preview: true,
    },
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();
const realFetch = globalThis.fetch;
const requests: Request[] = [];

beforeAll(() => {
  globalThis.fetch = fetchMock;
  setRuntimeConfig({
    apiBaseUrl: `${ORIGIN}/api/mng`,
    identity: { region: 'r', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: null },
    remotes: { releaseDocumentUrl: `${ORIGIN}/api/mng/release/pinned` },
  });
  configureApiClient({ getToken: async () => 'id-token' });
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

afterEach(() => {
  fetchMock.mockReset();
  requests.length = 0;
  sessionStorage.clear();
});

function answer(...responses: Response[]) {
  fetchMock.mockImplementation(async (input, init) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next;
  });
}

describe('reading the pinned release document', () => {
  it('asks the API with the bearer token, never from a cache, without a preview', async () => {
    answer(json(200, { data: pinned }));
    await expect(fetchReleaseDocument()).resolves.toEqual(pinned);
    const [request] = requests;
    expect(request!.url).toBe(`${ORIGIN}/api/mng/release/pinned`);
    expect(request!.headers.get('authorization')).toBe('Bearer id-token');
    expect(request!.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends this session's preview override, encoded", async () => {
    setReleasePreview('stock', '1.0.1+build.7');
    answer(json(200, { data: previewed }));
    await expect(fetchReleaseDocument()).resolves.toEqual(previewed);
    const url = new URL(requests[0]!.url);
    expect(url.search).toBe('?preview=stock%401.0.1%2Bbuild.7');
    expect(url.searchParams.get('preview')).toBe('stock@1.0.1+build.7');
  });

  it('drops a refused preview and loads the pinned versions', async () => {
    setReleasePreview('stock', '9.9.9');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(
      json(422, {
        errors: [
          { message: 'stock 9.9.9 is not published, so it cannot be previewed.', code: 'x' },
        ],
        errorMessage: 'stock 9.9.9 is not published, so it cannot be previewed.',
      }),
      json(200, { data: pinned }),
    );
    try {
      await expect(fetchReleaseDocument()).resolves.toEqual(pinned);
    } finally {
      warn.mockRestore();
    }
    expect(requests.map((request) => new URL(request.url).search)).toEqual([
      '?preview=stock%409.9.9',
      '',
    ]);
    expect(readReleasePreviews()).toEqual({});
    expect(sessionStorage.getItem(RELEASE_PREVIEW_STORAGE_KEY)).toBeNull();
  });

  it('keeps the preview when the server is just unreachable', async () => {
    setReleasePreview('stock', '1.0.1');
    answer(json(503, { errors: [], errorMessage: 'down' }));
    await expect(fetchReleaseDocument()).rejects.toMatchObject({ status: 503 });
    expect(readReleasePreviews()).toEqual({ stock: '1.0.1' });
  });

  it("finds the document's path below the API base URL of /config.json", () => {
    expect(
      releaseDocumentPath({
        apiBaseUrl: '/api/mng',
        remotes: { releaseDocumentUrl: '/api/mng/release/pinned' },
      }),
    ).toBe('release/pinned');
    expect(releaseDocumentPath({ apiBaseUrl: '/api/mng/' })).toBe('release/pinned');
  });
});
