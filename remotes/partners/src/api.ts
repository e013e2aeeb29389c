import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  CreatePartnerAccountInput,
  CreatePartnerData,
  ListResult,
  PartnerAccount,
  PartnerDetail,
  PartnerListItem,
  PartnerListQuery,
  UpdatePartnerData,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the partners area. */
export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (query: PartnerListQuery) => [...partnerKeys.lists(), query] as const,
  detail: (id: string) => [...partnerKeys.all, 'detail', id] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...partnerKeys.all, 'history', id, page, pageSize] as const,
};

/** POST partner/list. */
export const partnerListQuery = (query: PartnerListQuery) =>
  queryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<PartnerListItem>>('partner/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET partner?id= */
export const partnerQuery = (id: string) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<PartnerDetail>('partner', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET partner/history?id=&page=&pageSize= */
export const partnerHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: partnerKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('partner/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const createPartner = (input: CreatePartnerData) =>
  api.post<PartnerDetail>('partner', input);

export const updatePartner = (input: UpdatePartnerData) => api.put<PartnerDetail>('partner', input);

export const deletePartner = (id: string, version: number) =>
  api.delete<{ id: string }>('partner', undefined, { searchParams: { id, version } });

export const createPartnerAccount = (input: CreatePartnerAccountInput) =>
  api.post<PartnerAccount>('partner/account', input);

export const removePartnerAccount = (id: string) =>
  api.delete<{ id: string; partnerId: string }>('partner/account', undefined, {
    searchParams: { id },
  });

/** GET partner/export with the list's filters (no paging). */
export const exportPartners = (query: PartnerListQuery) => {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') searchParams[key] = String(value);
  }
  return downloadFile('partner/export', 'partners.csv', { searchParams });
};
