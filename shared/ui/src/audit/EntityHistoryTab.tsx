import { PAGE_SIZES, type AuditEntry } from '@esim/contracts';
import { useCallback, useState } from 'react';
import { AuditHistory, type AuditHistoryProps } from './AuditHistory';

/** The page of a History tab, with the pager's rule: a new page size starts again at page 1. */
export interface HistoryPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * The paging of a History tab (page 1, the second page size of PAGE_SIZES): pass page and
 * pageSize to the area's history query, the whole of it to <EntityHistoryTab paging>.
 */
export function useHistoryPaging(initialPageSize: number = PAGE_SIZES[1]): HistoryPaging {
  const [paging, setPaging] = useState({ page: 1, pageSize: initialPageSize });
  const onPageChange = useCallback(
    (page: number, pageSize: number) =>
      setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
    [],
  );
  return { page: paging.page, pageSize: paging.pageSize, onPageChange };
}

/** What the tab reads of the history query (react-query's result of GET <area>/history fits). */
export interface HistoryQuery {
  data: { items: readonly AuditEntry[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface EntityHistoryTabProps extends Pick<
  AuditHistoryProps,
  'fieldLabel' | 'formatValue' | 'actionLabel' | 'entryTitle'
> {
  /** The area's history query for paging.page and paging.pageSize. */
  query: HistoryQuery;
  paging: HistoryPaging;
}

/**
 * The History tab of a detail screen: <AuditHistory> fed by the area's history query, with
 * loading, the error state with Retry (refetches), the empty state and the pager.
 *
 *   const paging = useHistoryPaging();
 *   const query = useQuery(thingHistoryQuery(id, paging.page, paging.pageSize));
 *   return <EntityHistoryTab query={query} paging={paging} fieldLabel={...} formatValue={...} />;
 */
export function EntityHistoryTab({ query, paging, ...labels }: EntityHistoryTabProps) {
  return (
    <AuditHistory
      entries={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      loading={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={paging.onPageChange}
      {...labels}
    />
  );
}
