import { describe, expect, it } from 'vitest';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { changedRemotes, followLatestPins } from '../src/remotes/new-version';

const pins = (entries: Record<string, string>, extra: Partial<Record<string, object>> = {}) =>
  ({
    remotes: Object.fromEntries(
      Object.entries(entries).map(([remote, version]) => [
        remote,
        {
          version,
          manifestUrl: `/remotes/${remote}/${version}/mf-manifest.json`,
          ...extra[remote],
        },
      ]),
    ),
  }) as PinnedReleaseDocument;

describe('the new version signal', () => {
  it('names the loaded areas whose pin moved, with both versions', () => {
    const loaded = new Map([
      ['stock', '1.0.0'],
      ['orders', '1.0.0'],
      ['partners', '1.0.0'],
    ]);
    expect(
      changedRemotes(loaded, pins({ stock: '1.0.0', partners: '1.0.1', orders: '0.9.0' })),
    ).toEqual([
      { remote: 'orders', loaded: '1.0.0', latest: '0.9.0' },
      { remote: 'partners', loaded: '1.0.0', latest: '1.0.1' },
    ]);
  });

  it('says nothing about areas this tab has not loaded, or while nothing changed', () => {
    const loaded = new Map([['stock', '1.0.0']]);
    expect(changedRemotes(loaded, pins({ stock: '1.0.0', orders: '2.0.0' }))).toEqual([]);
    expect(changedRemotes(new Map(), pins({ stock: '2.0.0' }))).toEqual([]);
    expect(changedRemotes(loaded, undefined)).toEqual([]);
  });

  it('leaves out an area that is no longer pinned (a reload would not load it)', () => {
    expect(changedRemotes(new Map([['stock', '1.0.0']]), pins({}))).toEqual([]);
  });

  it("follows the user's own channel: a canary (or preview) version that ends is a change", () => {
    const loaded = new Map([['stock', '1.1.0']]);
    expect(
      changedRemotes(loaded, pins({ stock: '1.1.0' }, { stock: { channel: 'canary' } })),
    ).toEqual([]);
    expect(changedRemotes(loaded, pins({ stock: '1.0.0' }))).toEqual([
      { remote: 'stock', loaded: '1.1.0', latest: '1.0.0' },
    ]);
  });
});

describe('areas not opened in this tab', () => {
  it('follow the latest pins (a rollback, a new area, an area unpinned); loaded ones keep theirs', () => {
    const current = pins({ stock: '1.0.0', orders: '1.1.0', partners: '1.0.0' });
    const latest = pins({ stock: '2.0.0', orders: '1.0.0', campaigns: '1.0.0' });
    const next = followLatestPins(current, latest, new Map([['stock', '1.0.0']]));
    expect(next?.remotes).toEqual({
      stock: current.remotes.stock,
      orders: latest.remotes.orders,
      campaigns: latest.remotes.campaigns,
    });
  });

  it('change nothing when the pins did not move for them', () => {
    const current = pins({ stock: '1.0.0', orders: '1.0.0' });
    expect(
      followLatestPins(
        current,
        pins({ stock: '2.0.0', orders: '1.0.0' }),
        new Map([['stock', '1.0.0']]),
      ),
    ).toBeNull();
    expect(followLatestPins(current, undefined, new Map())).toBeNull();
    expect(followLatestPins(undefined, current, new Map())).toBeNull();
  });
});
