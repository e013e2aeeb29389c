import { useQuery } from '@tanstack/react-query';
import { BASE_CURRENCY } from '@esim/contracts';
import { displayValue, formatNumber } from '@esim/utils';
import { useState } from 'react';
import { currencyListQuery } from '../api';

export const rateText = (rate: string | null) =>
  displayValue(formatNumber(rate, { maxDecimals: 6 }) || null);

/** Active currencies other than JPY, searched on the server as the user types. */
export function useCurrencyOptions() {
  const [search, setSearch] = useState('');
  const query = useQuery(
    currencyListQuery({
      page: 1,
      pageSize: 50,
      sort: 'isoCode',
      order: 'asc',
      deleteFlag: false,
      search: search.trim() || undefined,
    }),
  );
  const options = (query.data?.items ?? [])
    .filter((item) => item.isoCode !== BASE_CURRENCY)
    .map((item) => ({ value: item.isoCode, label: `${item.isoCode} - ${item.name}` }));
  return { options, setSearch, loading: query.isFetching };
}
