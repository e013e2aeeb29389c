import { describe, expect, it } from 'vitest';
import { ApiError, createQueryClient, getQueryClient, shouldRetryQuery } from '../src/index';

describe('the query client', () => {
  it('has the spec defaults: stale 15 s, gc 300 s, no refetch on focus, refetch on mount', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(15_000);
    expect(queries.gcTime).toBe(300_000);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.refetchOnMount).toBe(true);
  });

  it('backs off 1 s, doubling, capped at 30 s', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries!.retryDelay as (
      attempt: number,
    ) => number;
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => retryDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries a failed fetch once', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        retryDelay: 0,
        queryFn: () => {
          calls++;
          throw new ApiError('Something went wrong. Please try again.', 503, null);
        },
      }),
    ).rejects.toThrow();
    expect(calls).toBe(2);
  });

  it('does not retry answers a retry cannot change (4xx)', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['missing'],
        retryDelay: 0,
        queryFn: () => {
          calls++;
          throw new ApiError('Item not found', 404, null);
        },
      }),
    ).rejects.toThrow('Item not found');
    expect(calls).toBe(1);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('is one shared instance', () => {
    expect(getQueryClient()).toBe(getQueryClient());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('@esim/platform/queryClient')]).toBe(
      getQueryClient(),
    );
  });
});
