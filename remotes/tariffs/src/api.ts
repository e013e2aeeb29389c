import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditHistory,
  CopyTariffInput,
  CopyTariffProductsInput,
  CopyTariffProductsResult,
  CreateCurrencyInput,
  CreateExchangeRateInput,
  CreateTariffCodeInput,
  CreateTariffGroupInput,
  CsvImportResult,
  CurrencyListItem,
  CurrencyListQuery,
  CurrentExchangeRate,
  ExchangeRate,
  ExchangeRateImportRow,
  ExchangeRateListQuery,
  ListResult,
  TariffCodeDetail,
  TariffGroupDetail,
  TariffGroupListItem,
  TariffImportResult,
  TariffListQuery,
  TariffProductItem,
  TariffProductList,
  TariffProductListQuery,
  TariffProductPriceInput,
  TariffRelation,
  UpdateCurrencyInput,
  UpdateTariffCodeInput,
  UpdateTariffGroupInput,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of the tariffs area (everything under 'tariffs' is refreshed after a change). */
export const tariffKeys = {
  all: ['tariffs'] as const,
  list: (query: TariffListQuery) => ['tariffs', 'list', query] as const,
  profile: (id: string) => ['tariffs', 'profile', id] as const,
  code: (id: string) => ['tariffs', 'code', id] as const,
  products: (query: TariffProductListQuery) => ['tariffs', 'products', query] as const,
  relation: (code: string) => ['tariffs', 'relation', code] as const,
  history: (id: string, page: number, pageSize: number) =>
    ['tariffs', 'history', id, page, pageSize] as const,
};

export const rateKeys = {
  all: ['exchange-rates'] as const,
  current: () => ['exchange-rates', 'current'] as const,
  list: (query: ExchangeRateListQuery) => ['exchange-rates', 'list', query] as const,
  currencies: (query: CurrencyListQuery) => ['exchange-rates', 'currencies', query] as const,
};

export const tariffListQuery = (query: TariffListQuery) =>
  queryOptions({
    queryKey: tariffKeys.list(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<TariffGroupListItem>>('tariff/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: tariffKeys.profile(id),
    queryFn: ({ signal }) =>
      api.get<TariffGroupDetail>('tariff/profile-detail', {
        signal,
        searchParams: { id },
        notifyError: false,
      }),
  });

/** A group found by its tariffGroup code (the create-code screen's URL has it). */
export const profileByCodeQuery = (tariffGroup: string) =>
  queryOptions({
    queryKey: ['tariffs', 'profile-by-code', tariffGroup],
    queryFn: ({ signal }) =>
      api.get<TariffGroupDetail>('tariff/profile-detail', {
        signal,
        searchParams: { tariffGroup },
        notifyError: false,
      }),
  });

export const productListQuery = (query: TariffProductListQuery) =>
  queryOptions({
    queryKey: tariffKeys.products(query),
    queryFn: ({ signal }) =>
      api.post<TariffProductList>('tariff/product-list', query, { signal, notifyError: false }),
    placeholderData: keepPreviousData,
  });

/**
 * A tariff code and who uses it (404 when there is no such code): the relation tab, and screens
 * that take ?code= check the code with it. Its screens show their own error state.
 */
export const relationQuery = (code: string) =>
  queryOptions({
    queryKey: tariffKeys.relation(code),
    queryFn: ({ signal }) =>
      api.get<TariffRelation>('tariff/relation', {
        signal,
        searchParams: { code },
        notifyError: false,
      }),
  });

export const tariffHistoryQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: tariffKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('tariff/history', {
        signal,
        searchParams: { id, page, pageSize },
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
  });

export const createGroup = (input: CreateTariffGroupInput) =>
  api.post<TariffGroupDetail>('tariff/group', input);
export const updateGroup = (input: UpdateTariffGroupInput) =>
  api.put<TariffGroupDetail>('tariff/group', input);
export const deleteGroup = (id: string) =>
  api.delete<{ id: string }>('tariff/group', undefined, { searchParams: { id } });
export const createCode = (input: CreateTariffCodeInput) =>
  api.post<TariffCodeDetail>('tariff', input);
export const updateCode = (input: UpdateTariffCodeInput) =>
  api.put<TariffCodeDetail>('tariff', input);
export const deleteCode = (id: string) =>
  api.delete<{ id: string }>('tariff', undefined, { searchParams: { id } });
export const copyCode = (input: CopyTariffInput) =>
  api.post<TariffCodeDetail>('tariff/copy', input);
export const copyProducts = (input: CopyTariffProductsInput) =>
  api.post<CopyTariffProductsResult>('tariff/copy-product', input);
export const saveProductPrice = (input: TariffProductPriceInput) =>
  api.put<TariffProductItem>('tariff/product-price', input);
export const importPrices = (tariffCode: string, csv: string, dryRun: boolean) =>
  api.post<TariffImportResult>(
    'tariff/import',
    { tariffCode, csv, dryRun },
    // The preview is shown on the screen; its "checked" message would only be noise.
    { notifySuccess: !dryRun, notifyError: !dryRun },
  );

// ---------------------------------------------------------------- exchange rates, currencies

export const currentRatesQuery = () =>
  queryOptions({
    queryKey: rateKeys.current(),
    queryFn: ({ signal }) => api.get<CurrentExchangeRate[]>('exchange-rate/current', { signal }),
  });

export const rateListQuery = (query: ExchangeRateListQuery) =>
  queryOptions({
    queryKey: rateKeys.list(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<ExchangeRate>>('exchange-rate/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

export const currencyListQuery = (query: CurrencyListQuery) =>
  queryOptions({
    queryKey: rateKeys.currencies(query),
    queryFn: ({ signal }) =>
      api.post<ListResult<CurrencyListItem>>('currency/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

export const createRate = (input: CreateExchangeRateInput) =>
  api.post<ExchangeRate>('exchange-rate', input);
export const importRates = (csv: string, dryRun: boolean) =>
  api.post<CsvImportResult<ExchangeRateImportRow>>(
    'exchange-rate/import',
    { csv, dryRun },
    { notifySuccess: !dryRun, notifyError: !dryRun },
  );
export const createCurrency = (input: CreateCurrencyInput) =>
  api.post<CurrencyListItem>('currency', input);
export const updateCurrency = (input: UpdateCurrencyInput) =>
  api.put<CurrencyListItem>('currency', input);
