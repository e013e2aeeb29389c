import type { CountryRecord, CurrencyRecord } from '@esim/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api-client';

/*
 * Reference data every area's forms and filters use, fetched with the generic list call
 * (utils/model/list). One query key per list, so the console's one QueryClient fetches each list
 * once for all areas.
 */

const REFERENCE_STALE_MS = 5 * 60_000;

export const referenceKeys = {
  countries: ['utils', 'countries'] as const,
  currencies: ['utils', 'roundCurrency', 'active'] as const,
};

/** Countries: ISO code and English name. */
export const countriesQuery = () =>
  queryOptions({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) =>
      api.post<CountryRecord[]>(
        'utils/model/list',
        { collection: 'countries', fields: ['code', 'nameEnglish'] },
        { signal },
      ),
    staleTime: REFERENCE_STALE_MS,
  });

/** Currencies in use (roundCurrency with deleteFlag false). */
export const currenciesQuery = () =>
  queryOptions({
    queryKey: referenceKeys.currencies,
    queryFn: ({ signal }) =>
      api.post<CurrencyRecord[]>(
        'utils/model/list',
        { collection: 'roundCurrency', filters: { deleteFlag: false } },
        { signal },
      ),
    staleTime: REFERENCE_STALE_MS,
  });
