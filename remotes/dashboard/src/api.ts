import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type {
  DashboardCountryCount,
  DashboardExchangeRate,
  DashboardGranularity,
  DashboardPlanRatio,
  DashboardRecentOrder,
  DashboardSalesPoint,
} from '@esim/contracts';
import { api } from '@esim/platform';

/*
 * The dashboard's calls (shared/contracts/src/dashboard.ts), one per widget. Each widget shows its
 * own failure with Retry, so no error toast (notifyError: false). A period query is undefined
 * while the custom range is incomplete: nothing is asked then (skipToken).
 */

export interface PeriodQuery {
  from: string;
  to: string;
  limit: number;
}

export interface SalesQuery {
  from: string;
  to: string;
  granularity: DashboardGranularity;
}

/** Figures change with every sale: a minute old at most when the dashboard is opened again. */
const FIGURES_STALE_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  exchangeRates: () => [...dashboardKeys.all, 'exchange-rate'] as const,
  recentPurchased: (limit: number) => [...dashboardKeys.all, 'recent-purchased', limit] as const,
  usersByCountry: (query: PeriodQuery | undefined) =>
    [...dashboardKeys.all, 'user-by-country', query] as const,
  sales: (query: SalesQuery | undefined) =>
    [...dashboardKeys.all, 'sales-and-revenue', query] as const,
  planRatio: (query: PeriodQuery | undefined) =>
    [...dashboardKeys.all, 'ratio-by-package-plan', query] as const,
};

/** GET dashboard/exchange-rate */
export const exchangeRatesQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.exchangeRates(),
    queryFn: ({ signal }) =>
      api.get<DashboardExchangeRate[]>('dashboard/exchange-rate', { signal, notifyError: false }),
    staleTime: FIGURES_STALE_MS,
  });

/** GET dashboard/recent-purchased?limit= */
export const recentPurchasedQuery = (limit: number) =>
  queryOptions({
    queryKey: dashboardKeys.recentPurchased(limit),
    queryFn: ({ signal }) =>
      api.get<DashboardRecentOrder[]>('dashboard/recent-purchased', {
        searchParams: { limit },
        signal,
        notifyError: false,
      }),
    staleTime: FIGURES_STALE_MS,
  });

/** GET dashboard/user-by-country?from=&to=&limit= */
export const usersByCountryQuery = (query: PeriodQuery | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.usersByCountry(query),
    queryFn: query
      ? ({ signal }) =>
          api.get<DashboardCountryCount[]>('dashboard/user-by-country', {
            searchParams: { ...query },
            signal,
            notifyError: false,
          })
      : skipToken,
    placeholderData: keepPreviousData,
    staleTime: FIGURES_STALE_MS,
  });

/** GET dashboard/sales-and-revenue?from=&to=&granularity= */
export const salesQuery = (query: SalesQuery | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.sales(query),
    queryFn: query
      ? ({ signal }) =>
          api.get<DashboardSalesPoint[]>('dashboard/sales-and-revenue', {
            searchParams: { ...query },
            signal,
            notifyError: false,
          })
      : skipToken,
    placeholderData: keepPreviousData,
    staleTime: FIGURES_STALE_MS,
  });

/** GET dashboard/ratio-by-package-plan?from=&to=&limit= */
export const planRatioQuery = (query: PeriodQuery | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.planRatio(query),
    queryFn: query
      ? ({ signal }) =>
          api.get<DashboardPlanRatio>('dashboard/ratio-by-package-plan', {
            searchParams: { ...query },
            signal,
            notifyError: false,
          })
      : skipToken,
    placeholderData: keepPreviousData,
    staleTime: FIGURES_STALE_MS,
  });
