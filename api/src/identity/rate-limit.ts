import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identityRateEvents } from '../db/schema';

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Sliding-window limiter kept in PostgreSQL so every API replica sees the same counts. Records an
 * event and returns true while fewer than `max` events happened in the window; returns false (and
 * records nothing) once the limit is reached. A transaction-scoped advisory lock on the key makes
 * check-and-record atomic across replicas.
 */
export async function takeRateLimitToken(db: Db, key: string, limit: RateLimit): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 7202611))`);
    const [row] = await tx
      .select({ n: count() })
      .from(identityRateEvents)
      .where(
        and(
          eq(identityRateEvents.key, key),
          gt(
            identityRateEvents.createdAt,
            sql`now() - (${limit.windowSeconds}::int * interval '1 second')`,
          ),
        ),
      );
    if ((row?.n ?? 0) >= limit.max) return false;
    await tx.insert(identityRateEvents).values({ key });
    return true;
  });
}
