import type { SyncValues } from '@esim/contracts';

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
