import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  CampaignCodeListQuery,
  CampaignDetail,
  CampaignGenerateResult,
  CampaignListItem,
  CampaignListQuery,
  CampaignRedemption,
  CampaignRedemptionListQuery,
  CampaignVoucherCode,
  CreateCampaignData,
  GenerateCampaignCodesInput,
  ListResult,
  PartnerRecord,
  ProductList,
  UpdateCampaignData,
} from '@esim/contracts';
import { api, downloadFile } from '@esim/platform';

/** Query keys of the campaigns area. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (query: CampaignListQuery) => [...campaignKeys.lists(), query] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  codes: (query: CampaignCodeListQuery) => [...campaignKeys.all, 'codes', query] as const,
  redemptions: (query: CampaignRedemptionListQuery) =>
    [...campaignKeys.all, 'redemptions', query] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...campaignKeys.all, 'history', id, page, pageSize] as const,
  partners: () => ['utils', 'partners'] as const,
  products: (search: string) => [...campaignKeys.all, 'products', search] as const,
};

/** POST campaign/list */
export const campaignListQuery = (query: CampaignListQuery) =>
  queryOptions({
    queryKey: campaignKeys.list(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<CampaignListItem>>('campaign/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET campaign?id= */
export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<CampaignDetail>('campaign', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** POST campaign/codes/list */
export const campaignCodesQuery = (query: CampaignCodeListQuery) =>
  queryOptions({
    queryKey: campaignKeys.codes(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<CampaignVoucherCode>>('campaign/codes/list', query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST campaign/redemptions/list */
export const campaignRedemptionsQuery = (query: CampaignRedemptionListQuery) =>
  queryOptions({
    queryKey: campaignKeys.redemptions(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<CampaignRedemption>>('campaign/redemptions/list', query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET campaign/history?id=&page=&pageSize= */
export const campaignHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: campaignKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('campaign/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The partners a campaign may name (utils/model/list 'partners', GET on partners). */
export const partnerOptionsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.partners(),
    queryFn: ({ signal }) =>
      api.post<PartnerRecord[]>(
        'utils/model/list',
        { collection: 'partners', fields: ['id', 'code', 'name'] },
        { signal },
      ),
    staleTime: 60_000,
  });

/** Products a campaign may name: product/list searched by code or name (GET on products). */
export const productOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: campaignKeys.products(search),
    queryFn: ({ signal }) =>
      api.post<ProductList>(
        'product/list',
        { page: 1, pageSize: 50, sort: 'productCode', order: 'asc', ...(search ? { search } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const createCampaign = (input: CreateCampaignData) =>
  api.post<CampaignDetail>('campaign', input);
export const updateCampaign = (input: UpdateCampaignData) =>
  api.put<CampaignDetail>('campaign', input);
export const deleteCampaign = (id: string, version: number) =>
  api.delete<{ id: string }>('campaign', undefined, { searchParams: { id, version } });
export const generateCampaignCodes = (input: GenerateCampaignCodesInput) =>
  api.post<CampaignGenerateResult>('campaign/generate-codes', input);

/** Query parameters of a list's filters (no paging; empty values left out). */
function filterParams(query: object): Record<string, string> {
  const { page: _page, pageSize: _pageSize, ...filters } = query as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** GET campaign/export-csv with the list's filters. */
export const exportCampaigns = (query: CampaignListQuery) =>
  downloadFile('campaign/export-csv', 'campaigns.csv', { searchParams: filterParams(query) });

/** GET campaign/codes/export-csv?id= */
export const exportCampaignCodes = (id: string) =>
  downloadFile('campaign/codes/export-csv', 'campaign-codes.csv', { searchParams: { id } });
