import { describe, expect, it } from 'vitest';
import { QUERY_DEFAULTS, retryDelay } from '../src';

describe('query defaults', () => {
  it('are stale after 15 s, collected after 300 s, retry once, no refetch on focus', () => {
    expect(QUERY_DEFAULTS).toEqual({
      STALE_TIME_MS: 15_000,
      GC_TIME_MS: 300_000,
      RETRY: 1,
      RETRY_BASE_MS: 1_000,
      RETRY_CAP_MS: 30_000,
      REFETCH_ON_WINDOW_FOCUS: false,
      REFETCH_ON_MOUNT: true,
    });
  });

  it('back off from 1000 ms, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
