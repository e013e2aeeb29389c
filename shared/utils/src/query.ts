/**
 * Query defaults (spec sections 7 and 9): stale after 15 s, garbage-collected after 300 s,
 * failed fetches retry once (the app default; the "3 retries" setting is react-query's own
 * default), backoff 1000 ms doubled per attempt up to 30 s, no refetch on window focus,
 * refetch on mount.
 */
export const QUERY_DEFAULTS = {
  STALE_TIME_MS: 15_000,
  GC_TIME_MS: 300_000,
  RETRY: 1,
  RETRY_BASE_MS: 1_000,
  RETRY_CAP_MS: 30_000,
  REFETCH_ON_WINDOW_FOCUS: false,
  REFETCH_ON_MOUNT: true,
} as const;

/** Retry backoff: min(1000 * 2^attempt, 30000) ms (attempt is react-query's failureCount). */
export function retryDelay(attempt: number): number {
  return Math.min(
    QUERY_DEFAULTS.RETRY_BASE_MS * 2 ** Math.max(0, attempt),
    QUERY_DEFAULTS.RETRY_CAP_MS,
  );
}
