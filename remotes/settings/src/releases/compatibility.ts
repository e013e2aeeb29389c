import type { TFunction } from 'i18next';
import type {
  ReleaseCompatibility,
  ReleaseErrorRate,
  ReleaseVersionItem,
  RemoteReleaseItem,
} from '@esim/contracts';

/** Whether pinning the version (or giving it a canary) needs Force with a reason. */
export function needsForce(item: Pick<ReleaseVersionItem, 'compatibility'> | undefined): boolean {
  return item !== undefined && !item.compatibility.compatible;
}

/** Each shared requirement the console cannot meet, in plain words. */
export function compatibilityProblems(t: TFunction, compatibility: ReleaseCompatibility): string[] {
  return compatibility.problems.map((problem) =>
    problem.provided === null
      ? t('settings:releases.compat.missing', {
          package: problem.package,
          required: problem.required,
        })
      : t('settings:releases.compat.problem', {
          package: problem.package,
          required: problem.required,
          provided: problem.provided,
        }),
  );
}

/** The error rate of a version as a number to compare (no reports: none). */
export function rateOf(errorRate: ReleaseErrorRate | undefined): number | null {
  return errorRate?.rate ?? null;
}

export interface CanaryComparison {
  canaryRate: number;
  /** The main pin's rate (0 when it had no reports, so any canary failure is above it). */
  pinnedRate: number;
}

/**
 * The canary's error rate against the main pin's, when the canary's is the higher one: what
 * offers the one-click "Roll back canary". Null when there is no canary, no report of it, or it
 * does no worse.
 */
export function canaryDoingWorse(release: RemoteReleaseItem): CanaryComparison | null {
  const { canary, pinnedVersion, versions } = release;
  if (!canary) return null;
  const canaryRate = rateOf(versions.find((item) => item.version === canary.version)?.errorRate);
  if (canaryRate === null) return null;
  const pinnedRate =
    rateOf(versions.find((item) => item.version === pinnedVersion)?.errorRate) ?? 0;
  return canaryRate > pinnedRate ? { canaryRate, pinnedRate } : null;
}
