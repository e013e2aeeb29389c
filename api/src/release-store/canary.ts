/**
 * Canary pins: beside its main pin a remote may run one canary, a version that a share of the
 * users (a stable hash of user and remote, so a user keeps their side) and/or the users of some
 * roles get in their release document instead of the pinned one.
 */
import { createHash } from 'node:crypto';
import type { CanaryPin } from '@esim/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { remoteCanaries } from '../db/schema/release-safety';
import { remotePins } from '../db/schema/releases';
import { ReleaseError } from './errors';
import { lockRemote, publishedVersions, type Tx } from './store';

export interface CanaryOptions {
  remote: string;
  version: string;
  /** 1..99, or null for roles only. */
  percent: number | null;
  roleIds: readonly string[];
  by: string;
  reason: string;
  /** Written in the change's transaction (the audit entry). */
  onChange?: (tx: Tx, change: CanaryChange) => Promise<void>;
}

export interface CanaryChange {
  before: CanaryPin | null;
  after: CanaryPin | null;
}

type CanaryRow = typeof remoteCanaries.$inferSelect;

function canaryPin(row: CanaryRow): CanaryPin {
  return {
    version: row.version,
    percent: row.percent,
    roleIds: [...row.roleIds],
    setBy: row.setBy,
    setAt: row.setAt.toISOString(),
    reason: row.reason,
  };
}

/**
 * The user's place 0..99 for a remote: the first 4 bytes of sha256(userId, remote). Stable per
 * user and remote, independent across remotes, spread evenly over users.
 */
export function canaryBucket(userId: string, remote: string): number {
  return createHash('sha256').update(`${userId}\u0000${remote}`).digest().readUInt32BE(0) % 100;
}

/** Whether this user gets the canary: one of its roles, or inside its share. */
export function getsCanary(
  canary: Pick<CanaryPin, 'percent' | 'roleIds'>,
  remote: string,
  user: { userId: string; roleId: string | null },
): boolean {
  if (user.roleId !== null && canary.roleIds.includes(user.roleId)) return true;
  return canary.percent !== null && canaryBucket(user.userId, remote) < canary.percent;
}

/** Sets (or replaces) a remote's canary. The remote must be pinned, to another version. */
export async function setCanary(db: Db, options: CanaryOptions): Promise<CanaryChange> {
  const { remote, version } = options;
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const published = await publishedVersions(tx, remote);
    if (!published.includes(version)) {
      throw new ReleaseError(
        'not_published',
        `${remote} ${version} is not published, so it cannot be pinned. ` +
          (published.length > 0
            ? `Published versions of ${remote}: ${published.join(', ')}.`
            : `No version of ${remote} is published yet.`),
        { remote, version, ...(published.length > 0 ? { versions: published.join(', ') } : {}) },
      );
    }
    const [pin] = await tx.select().from(remotePins).where(eq(remotePins.remote, remote));
    if (!pin) {
      throw new ReleaseError(
        'canary_needs_pin',
        `${remote} is not pinned to any version: pin one before a canary.`,
        { remote },
      );
    }
    if (pin.version === version) {
      throw new ReleaseError(
        'canary_is_pinned',
        `${remote} is already pinned to ${version} for everyone; a canary needs another version.`,
        { remote, version },
      );
    }
    const [current] = await tx
      .select()
      .from(remoteCanaries)
      .where(eq(remoteCanaries.remote, remote));
    const values = {
      version,
      percent: options.percent,
      roleIds: [...options.roleIds],
      setBy: options.by,
      reason: options.reason,
    };
    const [row] = await tx
      .insert(remoteCanaries)
      .values({ remote, ...values })
      .onConflictDoUpdate({ target: remoteCanaries.remote, set: { ...values, setAt: new Date() } })
      .returning();
    const change = { before: current ? canaryPin(current) : null, after: canaryPin(row!) };
    await options.onChange?.(tx, change);
    return change;
  });
}

/** Ends a remote's canary: everyone is back on the main pin. */
export async function endCanary(
  db: Db,
  remote: string,
  onChange?: (tx: Tx, change: CanaryChange) => Promise<void>,
): Promise<CanaryChange> {
  return db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const [row] = await tx
      .delete(remoteCanaries)
      .where(eq(remoteCanaries.remote, remote))
      .returning();
    if (!row) {
      throw new ReleaseError('no_canary', `${remote} has no canary to end.`, { remote });
    }
    const change = { before: canaryPin(row), after: null };
    await onChange?.(tx, change);
    return change;
  });
}

/** Every running canary, by remote. */
export async function listCanaries(db: Db): Promise<Map<string, CanaryPin>> {
  const rows = await db.select().from(remoteCanaries).orderBy(asc(remoteCanaries.remote));
  return new Map(rows.map((row) => [row.remote, canaryPin(row)]));
}
