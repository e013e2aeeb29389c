/**
 * Error beacons: what the console saw while loading and rendering remotes, counted per remote,
 * version and hour (one row per bucket, never a row per event), pruned after a while. The
 * Releases screen shows each version's error rate over RELEASE_ERROR_WINDOW_HOURS.
 */
import type { ReleaseBeaconKind, ReleaseErrorRate } from '@esim/contracts';
import { gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { remoteLoadReports } from '../db/schema/release-safety';

/** How long hour buckets are kept. */
export const LOAD_REPORT_RETENTION_DAYS = 14;

export interface LoadEvent {
  remote: string;
  version: string;
  kind: ReleaseBeaconKind;
  message?: string | undefined;
}

const HOUR_MS = 3_600_000;

function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Adds events to their hour's counts. Events of versions that are not published are dropped
 * (nobody loads them; a caller could otherwise fill the table). Returns how many were counted.
 */
export async function recordLoadEvents(
  db: Db,
  events: readonly LoadEvent[],
  at = new Date(),
): Promise<number> {
  const buckets = new Map<
    string,
    { remote: string; version: string; loads: number; failures: number; last: string | null }
  >();
  for (const event of events) {
    const key = `${event.remote}@${event.version}`;
    const bucket = buckets.get(key) ?? {
      remote: event.remote,
      version: event.version,
      loads: 0,
      failures: 0,
      last: null,
    };
    if (event.kind === 'loaded') bucket.loads += 1;
    else {
      bucket.failures += 1;
      if (event.message) bucket.last = event.message;
    }
    buckets.set(key, bucket);
  }
  const hour = hourOf(at);
  let counted = 0;
  for (const bucket of buckets.values()) {
    // One statement per remote and version: only a published version gets a row.
    const rows = await db.execute(sql`
      INSERT INTO remote_load_reports (remote, version, hour, loads, failures, last_failure)
      SELECT ${bucket.remote}, ${bucket.version}, ${hour.toISOString()}::timestamptz,
             ${bucket.loads}, ${bucket.failures}, ${bucket.last}
      WHERE EXISTS (SELECT 1 FROM remote_versions
                    WHERE remote = ${bucket.remote} AND version = ${bucket.version})
      ON CONFLICT (remote, version, hour) DO UPDATE SET
        loads = remote_load_reports.loads + EXCLUDED.loads,
        failures = remote_load_reports.failures + EXCLUDED.failures,
        last_failure = coalesce(EXCLUDED.last_failure, remote_load_reports.last_failure)
      RETURNING 1`);
    if (rowCount(rows) > 0) counted += bucket.loads + bucket.failures;
  }
  return counted;
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows.length;
}

/** loads, failures and rate per '<remote>@<version>' over the last `hours`. */
export async function errorRates(
  db: Db,
  hours: number,
  now = new Date(),
): Promise<Map<string, ReleaseErrorRate>> {
  const since = hourOf(new Date(now.getTime() - (hours - 1) * HOUR_MS));
  const rows = await db
    .select({
      remote: remoteLoadReports.remote,
      version: remoteLoadReports.version,
      loads: sql<number>`sum(${remoteLoadReports.loads})::int`,
      failures: sql<number>`sum(${remoteLoadReports.failures})::int`,
    })
    .from(remoteLoadReports)
    .where(gte(remoteLoadReports.hour, since))
    .groupBy(remoteLoadReports.remote, remoteLoadReports.version);
  return new Map(
    rows.map((row) => [
      `${row.remote}@${row.version}`,
      errorRate(Number(row.loads), Number(row.failures)),
    ]),
  );
}

export function errorRate(loads: number, failures: number): ReleaseErrorRate {
  const total = loads + failures;
  return { loads, failures, rate: total === 0 ? null : failures / total };
}

/** Drops hour buckets older than the retention. Returns how many. */
export async function pruneLoadReports(
  db: Db,
  now = new Date(),
  retentionDays = LOAD_REPORT_RETENTION_DAYS,
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * HOUR_MS);
  const deleted = await db
    .delete(remoteLoadReports)
    .where(lt(remoteLoadReports.hour, before))
    .returning({ hour: remoteLoadReports.hour });
  return deleted.length;
}
