import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../audit';
import type { Db } from '../../db/client';
import type { PartnerScope } from './scope';

/** The NOLOGIN role whose row-level security policies confine a transaction to one partner. */
export const PARTNER_SCOPE_ROLE = 'esim_partner_scope';

/**
 * Runs fn in one transaction for the scope. The queries filter by the scope themselves; for a
 * scoped caller the transaction also sets app.partner_id and switches to the scope role, so
 * row-level security (migration 0017) refuses any row of another partner that a query forgot to
 * filter. Both are SET LOCAL: they end with the transaction.
 */
export function withPartnerScope<T>(
  db: Db,
  scope: PartnerScope,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (!scope.all) await confineToPartner(tx, scope.partnerId);
    return fn(tx);
  });
}

/** The statements confining the rest of a transaction to the partner (none: null). */
function confinementStatements(partnerId: string | null): [SQL, string] {
  return [
    sql`SELECT set_config('app.partner_id', ${partnerId ?? ''}, true)`,
    `SET LOCAL ROLE ${PARTNER_SCOPE_ROLE}`,
  ];
}

/** Confines the rest of the transaction to the partner (none when partnerId is null). */
export async function confineToPartner(tx: Tx, partnerId: string | null): Promise<void> {
  const [setPartner, setRole] = confinementStatements(partnerId);
  await tx.execute(setPartner);
  await tx.execute(sql.raw(setRole));
}

/**
 * What withPartnerScope runs after BEGIN, as statements for a caller that sends them in its own
 * message (the purchase, ../orders/one-message.ts): none for an unscoped caller.
 */
export function partnerScopeStatements(scope: PartnerScope): (SQL | string)[] {
  return scope.all ? [] : confinementStatements(scope.partnerId);
}
