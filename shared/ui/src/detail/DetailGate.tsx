import { Skeleton } from 'antd';
import { isMissingRecordError } from './missingRecord';
import { DetailLoadFailed, DetailMissing } from './DetailStates';

/** What a detail screen's query looks like to the gate (react-query's result fits). */
export interface DetailQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/** True when the record is there to show; otherwise render <DetailGate/> with the same query. */
export function isDetailReady<Q extends DetailQuery<unknown>>(
  query: Q,
  id: string,
): query is Q & { data: NonNullable<Q['data']> } {
  return id !== '' && !query.isError && !query.isPending && query.data !== undefined;
}

export interface DetailGateProps {
  query: DetailQuery<unknown>;
  /** The id from the URL ('' when the URL has none). */
  id: string;
  /** What the screen shows, translated ('Product'). */
  name: string;
  backTo: string;
  backLabel: string;
  skeletonRows?: number;
}

/**
 * Everything a detail screen shows before its record: the skeleton while loading, '{name} not
 * found' with the way back for a missing or unknown id, the load error with Retry.
 *
 *   if (!isDetailReady(query, id)) return <DetailGate query={query} id={id} name=... />;
 *   const product = query.data;
 */
export function DetailGate({
  query,
  id,
  name,
  backTo,
  backLabel,
  skeletonRows = 8,
}: DetailGateProps) {
  if (id === '' || (query.isError && isMissingRecordError(query.error)))
    return <DetailMissing name={name} id={id} backTo={backTo} backLabel={backLabel} />;
  if (query.isError)
    return (
      <DetailLoadFailed
        name={name}
        onRetry={() => void query.refetch()}
        backTo={backTo}
        backLabel={backLabel}
      />
    );
  return <Skeleton active paragraph={{ rows: skeletonRows }} />;
}
