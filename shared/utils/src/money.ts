import { formatNumber } from './numbers';

/** Decimal places of a currency when the currency list has not said (JPY has none). */
export function fallbackMinorUnits(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

/** Minor units -> the amount as decimal text ('350', 2 -> '3.50'), exact (no floating point). */
export function minorToText(amountMinor: number, minorUnits: number): string {
  if (minorUnits <= 0) return String(amountMinor);
  const negative = amountMinor < 0;
  const digits = String(Math.abs(amountMinor)).padStart(minorUnits + 1, '0');
  const integer = digits.slice(0, digits.length - minorUnits);
  return `${negative ? '-' : ''}${integer}.${digits.slice(digits.length - minorUnits)}`;
}

/**
 * Decimal text in major units -> minor units ('3.5', 2 -> 350); undefined if it is not a number
 * or has more decimals than the currency (those are refused, never cut).
 */
export function textToMinor(text: string, minorUnits: number): number | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > minorUnits) return undefined;
  return Number(`${match[1] || '0'}${fraction.padEnd(minorUnits, '0')}`);
}

/**
 * An amount held in minor units shown in major units of its currency with grouping and exactly
 * the currency's decimals: (1990, 'USD', 2) -> '19.90 USD', (3069, 'JPY', 0) -> '3,069 JPY'.
 */
export function formatMinorAmount(
  amountMinor: number,
  currency: string,
  minorUnits: number,
): string {
  return `${formatNumber(minorToText(amountMinor, minorUnits), { fixedDecimals: minorUnits })} ${currency}`;
}
