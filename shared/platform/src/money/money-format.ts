import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { displayValue, fallbackMinorUnits, formatMinorAmount } from '@esim/utils';
import { currenciesQuery } from '../query/reference-queries';

/** Decimal places by currency code, from the currency list (roundCurrency), JPY 0 meanwhile. */
export function useMinorUnits(): (currency: string) => number {
  const currencies = useQuery(currenciesQuery());
  const data = currencies.data;
  return useCallback(
    (currency: string) =>
      data?.find((item) => item.isoCode === currency)?.minorUnits ?? fallbackMinorUnits(currency),
    [data],
  );
}

/**
 * Formats an amount held in minor units (the contracts' *Minor fields) by its currency:
 * (1990, 'USD') -> '19.90 USD'. Every screen that shows such an amount uses this.
 */
export function useMoneyFormat(): (
  amountMinor: number | null | undefined,
  currency: string,
) => string {
  const minorUnits = useMinorUnits();
  return useCallback(
    (amountMinor, currency) =>
      amountMinor === null || amountMinor === undefined
        ? displayValue(null)
        : formatMinorAmount(amountMinor, currency, minorUnits(currency)),
    [minorUnits],
  );
}
