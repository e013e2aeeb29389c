import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS, retryDelay } from '@esim/utils';
import { isApiError } from '../api/api-error';

/**
 * Whether a failed query is retried: once (spec: "failed fetches retry once"), but never for an
 * answer that will not change on a retry (4xx: validation, access, not found), which would
 * only show the same error notification twice.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_DEFAULTS.RETRY) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

/** A QueryClient with the spec's defaults (sections 7 and 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.STALE_TIME_MS,
        gcTime: QUERY_DEFAULTS.GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: QUERY_DEFAULTS.REFETCH_ON_WINDOW_FOCUS,
        refetchOnMount: QUERY_DEFAULTS.REFETCH_ON_MOUNT,
      },
      mutations: {
        // Writes are not repeated behind the user's back.
        retry: false,
      },
    },
  });
}

const GLOBAL_KEY = Symbol.for('@esim/platform/queryClient');
type GlobalWithClient = typeof globalThis & { [GLOBAL_KEY]?: QueryClient };

/**
 * The one QueryClient of the console. Host and remotes share @esim/platform as a singleton;
 * the instance is also pinned on globalThis so a duplicated copy of this module still finds it.
 */
export function getQueryClient(): QueryClient {
  const holder = globalThis as GlobalWithClient;
  holder[GLOBAL_KEY] ??= createQueryClient();
  return holder[GLOBAL_KEY];
}
