import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { remotePinHistory, type PinAction } from '../db/schema/releases';

type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** One pin change, oldest first, as the rollback stack reads it. */
export interface PinStep {
  action: PinAction;
  toVersion: string;
}

/**
 * The version a rollback would pin: the one pinned before the current one. The history is a
 * stack (each pin pushes its version, each rollback pops one), so null when only one pin is left.
 */
export function rollbackTarget(history: readonly PinStep[]): string | null {
  const stack: string[] = [];
  for (const step of history) {
    if (step.action === 'rollback') stack.pop();
    else stack.push(step.toVersion);
  }
  return stack.length >= 2 ? (stack[stack.length - 2] ?? null) : null;
}

/** The pin history of one remote, oldest first. */
export async function pinSteps(db: Queryable, remote: string): Promise<PinStep[]> {
  return db
    .select({ action: remotePinHistory.action, toVersion: remotePinHistory.toVersion })
    .from(remotePinHistory)
    .where(eq(remotePinHistory.remote, remote))
    .orderBy(asc(remotePinHistory.id));
}

/** Every remote's rollback target (remotes without an earlier pin are left out). */
export async function rollbackTargets(db: Queryable): Promise<Map<string, string>> {
  const rows = await db
    .select({
      remote: remotePinHistory.remote,
      action: remotePinHistory.action,
      toVersion: remotePinHistory.toVersion,
    })
    .from(remotePinHistory)
    .orderBy(asc(remotePinHistory.id));
  const byRemote = new Map<string, PinStep[]>();
  for (const row of rows) {
    const steps = byRemote.get(row.remote) ?? [];
    steps.push(row);
    byRemote.set(row.remote, steps);
  }
  const targets = new Map<string, string>();
  for (const [remote, steps] of byRemote) {
    const target = rollbackTarget(steps);
    if (target) targets.set(remote, target);
  }
  return targets;
}
