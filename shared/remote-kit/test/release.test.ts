import { afterEach, describe, expect, it } from 'vitest';
import {
  RELEASE_PREVIEW_STORAGE_KEY,
  clearReleasePreview,
  previewedRemotes,
  readReleasePreviews,
  releasePreviewList,
  setReleasePreview,
  type PreviewStorage,
} from '../src/release';

afterEach(() => sessionStorage.clear());

describe("a release manager's preview overrides (this browser session only)", () => {
  it('are kept in sessionStorage under esim.releasePreview, one version per remote', () => {
    expect(readReleasePreviews()).toEqual({});
    setReleasePreview('stock', '1.0.1');
    setReleasePreview('orders', '2.0.0-rc.1');
    setReleasePreview('stock', '1.0.2');
    expect(JSON.parse(sessionStorage.getItem(RELEASE_PREVIEW_STORAGE_KEY)!)).toEqual({
      stock: '1.0.2',
      orders: '2.0.0-rc.1',
    });
    expect(readReleasePreviews()).toEqual({ stock: '1.0.2', orders: '2.0.0-rc.1' });
    // Not in localStorage: other tabs, and later sessions, never see it.
    expect(localStorage.getItem(RELEASE_PREVIEW_STORAGE_KEY)).toBeNull();
  });

  it('become the API preview entries, sorted by remote', () => {
    expect(releasePreviewList({ stock: '1.0.1', orders: '2.0.0' })).toEqual([
      { remote: 'orders', version: '2.0.0' },
      { remote: 'stock', version: '1.0.1' },
    ]);
  });

  it('end for one remote or for all; the key goes when none is left', () => {
    setReleasePreview('stock', '1.0.1');
    setReleasePreview('orders', '2.0.0');
    expect(clearReleasePreview('stock')).toEqual({ orders: '2.0.0' });
    expect(readReleasePreviews()).toEqual({ orders: '2.0.0' });
    clearReleasePreview();
    expect(sessionStorage.getItem(RELEASE_PREVIEW_STORAGE_KEY)).toBeNull();
  });

  it('refuse a value that is no remote name or semver version', () => {
    expect(() => setReleasePreview('Stock', '1.0.1')).toThrow();
    expect(() => setReleasePreview('stock', 'latest')).toThrow();
    expect(() => setReleasePreview('../x', '1.0.0')).toThrow();
    expect(sessionStorage.getItem(RELEASE_PREVIEW_STORAGE_KEY)).toBeNull();
  });

  it('ignore malformed stored data entry by entry instead of breaking the start', () => {
    sessionStorage.setItem(RELEASE_PREVIEW_STORAGE_KEY, 'not json');
    expect(readReleasePreviews()).toEqual({});
    sessionStorage.setItem(RELEASE_PREVIEW_STORAGE_KEY, '["stock"]');
    expect(readReleasePreviews()).toEqual({});
    sessionStorage.setItem(
      RELEASE_PREVIEW_STORAGE_KEY,
      JSON.stringify({ stock: '1.0.1', orders: 2, 'a b': '1.0.0', tariffs: 'x' }),
    );
    expect(readReleasePreviews()).toEqual({ stock: '1.0.1' });
  });

  it('survive storage that is unavailable or throws', () => {
    const broken: PreviewStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(readReleasePreviews(broken)).toEqual({});
    expect(() => setReleasePreview('stock', '1.0.1', broken)).not.toThrow();
  });

  it("are read back from the document's preview entries (what the banner shows)", () => {
    expect(previewedRemotes(undefined)).toEqual([]);
    expect(
      previewedRemotes({
        remotes: {
          stock: { version: '1.0.1', manifestUrl: 'u1', preview: true },
          orders: { version: '1.0.0', manifestUrl: 'u2' },
          branches: { version: '2.0.0', manifestUrl: 'u3', preview: true },
        },
      }),
    ).toEqual([
      { remote: 'branches', version: '2.0.0' },
      { remote: 'stock', version: '1.0.1' },
    ]);
  });
});
