import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobStatus } from '@esim/contracts';
import { api } from '../api/api-client';
import { getQueryClient } from '../query/query-client';

/** A background job's state as the API answers it (e.g. GET stock/csv/job?id=). */
export interface BackgroundJob<Result> {
  id: string;
  status: JobStatus;
  progress: { done: number; total: number };
  /** When succeeded. */
  result: Result | null;
  /** When failed: the message to show. */
  error: string | null;
}

/** Reads one job; `key` names the source in the query cache (its path). */
export interface BackgroundJobSource<Result> {
  key: string;
  read: (id: string, signal: AbortSignal) => Promise<BackgroundJob<Result>>;
}

/** A job endpoint answering GET <path>?id=. */
export function backgroundJobSource<Result>(path: string): BackgroundJobSource<Result> {
  return {
    key: path,
    read: (id, signal) =>
      api.get<BackgroundJob<Result>>(path, { searchParams: { id }, signal, notifyError: false }),
  };
}

export const JOB_POLL_MS = 1000;

export function isJobFinished(status: JobStatus | undefined): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Polled every `pollMs` until the job succeeded or failed; a failed read is retried. */
export const backgroundJobQuery = <Result>(
  source: BackgroundJobSource<Result>,
  id: string,
  pollMs: number = JOB_POLL_MS,
) =>
  queryOptions({
    queryKey: ['backgroundJob', source.key, id] as const,
    queryFn: ({ signal }) => source.read(id, signal),
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : pollMs),
    staleTime: 0,
    retry: 3,
  });

/**
 * Follows one job (none while id is undefined). Uses the console's one QueryClient directly, so
 * packages without a query dependency of their own (@esim/ui) can follow jobs too.
 */
export function useBackgroundJob<Result>(
  source: BackgroundJobSource<Result> | undefined,
  id: string | undefined,
  pollMs?: number,
) {
  return useQuery(
    {
      ...backgroundJobQuery(
        source ?? { key: 'none', read: () => Promise.reject(new Error('no job source')) },
        id ?? '',
        pollMs,
      ),
      enabled: source !== undefined && id !== undefined,
    },
    getQueryClient(),
  );
}
