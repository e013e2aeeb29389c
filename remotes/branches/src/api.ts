import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  BranchDetail,
  BranchListItem,
  BranchListQuery,
  BranchTemplatePreview,
  CreateBranchData,
  CreateIssuerData,
  IssuerDetail,
  IssuerListItem,
  IssuerListQuery,
  ListResult,
  PartnerRecord,
  SelectBranchPartnerInput,
  UpdateBranchData,
  UpdateIssuerData,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of the branches area. */
export const branchKeys = {
  all: ['branches'] as const,
  lists: () => [...branchKeys.all, 'list'] as const,
  list: (query: BranchListQuery) => [...branchKeys.lists(), query] as const,
  detail: (id: string) => [...branchKeys.all, 'detail', id] as const,
  history: (entity: 'branch' | 'issuer', id: string, page: number, pageSize: number) =>
    [...branchKeys.all, 'history', entity, id, page, pageSize] as const,
  issuers: () => [...branchKeys.all, 'issuers'] as const,
  issuerList: (query: IssuerListQuery) => [...branchKeys.issuers(), 'list', query] as const,
  issuer: (id: string) => [...branchKeys.issuers(), 'detail', id] as const,
  reference: (collection: string) => ['utils', collection] as const,
};

/** POST branch/list */
export const branchListQuery = (query: BranchListQuery) =>
  queryOptions({
    queryKey: branchKeys.list(query),
    queryFn: ({ signal }) => api.post<ListResult<BranchListItem>>('branch/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET branch?id= */
export const branchQuery = (id: string) =>
  queryOptions({
    queryKey: branchKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<BranchDetail>('branch', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET branch/history or branch/item/history ?id=&page=&pageSize= */
export const historyQuery = (
  entity: 'branch' | 'issuer',
  id: string,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: branchKeys.history(entity, id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>(entity === 'branch' ? 'branch/history' : 'branch/item/history', {
        searchParams: { id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST branch/item/list */
export const issuerListQuery = (query: IssuerListQuery) =>
  queryOptions({
    queryKey: branchKeys.issuerList(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<IssuerListItem>>('branch/item/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET branch/item?id= */
export const issuerQuery = (id: string) =>
  queryOptions({
    queryKey: branchKeys.issuer(id),
    queryFn: ({ signal }) =>
      api.get<IssuerDetail>('branch/item', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

interface NamedRecord {
  id?: number;
  code?: string;
  name?: string;
  nameEnglish?: string;
}

/** utils/model/list for the branch form's option lists (payment methods, residence countries). */
export const referenceListQuery = (collection: 'paymentMethods' | 'residenceCountries') =>
  queryOptions({
    queryKey: branchKeys.reference(collection),
    queryFn: ({ signal }) =>
      api.post<NamedRecord[]>('utils/model/list', { collection }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The partners a branch may sell through (utils/model/list 'partners'), by name. */
export const partnerOptionsQuery = () =>
  queryOptions({
    queryKey: branchKeys.reference('partners'),
    queryFn: ({ signal }) =>
      api.post<PartnerRecord[]>(
        'utils/model/list',
        { collection: 'partners', fields: ['id', 'code', 'name'] },
        { signal },
      ),
    staleTime: 60_000,
  });

/** PUT branch/select-partner: the branch as it is now. */
export const selectBranchPartner = (input: SelectBranchPartnerInput) =>
  api.put<BranchDetail>('branch/select-partner', input);

/** POST branch/template/preview: the template as the server stores it, filled with samples. */
export const previewTemplate = (templateHtml: string, signal?: AbortSignal) =>
  api.post<BranchTemplatePreview>(
    'branch/template/preview',
    { templateHtml },
    { signal, notifyError: false, notifySuccess: false },
  );

export const createBranch = (input: CreateBranchData) => api.post<BranchDetail>('branch', input);
export const updateBranch = (input: UpdateBranchData) => api.put<BranchDetail>('branch', input);
export const deleteBranch = (id: string, version: number) =>
  api.delete<{ id: string }>('branch', undefined, { searchParams: { id, version } });

export const createIssuer = (input: CreateIssuerData) =>
  api.post<IssuerDetail>('branch/item', input);
export const updateIssuer = (input: UpdateIssuerData) =>
  api.put<IssuerDetail>('branch/item', input);
export const deleteIssuer = (id: string, version: number) =>
  api.delete<{ id: string }>('branch/item', undefined, { searchParams: { id, version } });
