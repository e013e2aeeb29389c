import type { SyncValues } from '@esim/contracts';

/** Decimal places of a currency (JPY 0, USD 2, ...). */
function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units with its currency, in the reader's language. */
export function formatCost(minor: number, currency: string, language: string): string {
  const digits = fractionDigits(currency);
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** MB as GB when whole, else MB; null = unlimited (the caller's word). */
export function formatData(mb: number | null, unlimited: string): string {
  if (mb === null) return unlimited;
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024} GB`;
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${mb} MB`;
}

/** Countries in the supplier's coverage that ours lacks (added) and the other way (removed). */
export function coverageDiff(ours: SyncValues | null, theirs: SyncValues) {
  const before = new Set(ours?.coverage ?? []);
  const after = new Set(theirs.coverage);
  return {
    added: theirs.coverage.filter((code) => !before.has(code)),
    removed: (ours?.coverage ?? []).filter((code) => !after.has(code)),
  };
}
