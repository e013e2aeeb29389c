/**
 * The rules every access change obeys (docs/decisions/0023): nobody grants what they do not hold,
 * nobody touches a role or a user "above" them, and some active user stays an administrator.
 */
import {
  ROLE_IDS,
  grantsBeyond,
  type PermissionEntry,
  type PermissionMethod,
} from '@esim/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { rolePermissions, roles, users } from '../../db/schema';
import { BusinessRuleError, ForbiddenError } from '../../http/errors';
import { ACCESS_MESSAGES } from './messages';

/** The permission entries of these roles, by role id (every asked id is in the map). */
export async function permissionsOfRoles(
  q: Queryable,
  roleIds: readonly string[],
): Promise<Map<string, PermissionEntry[]>> {
  const unique = [...new Set(roleIds)];
  const byRole = new Map<string, PermissionEntry[]>(unique.map((id) => [id, []]));
  if (unique.length === 0) return byRole;
  const rows = await q
    .select({
      roleId: rolePermissions.roleId,
      path: rolePermissions.path,
      methods: rolePermissions.methods,
    })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, unique));
  for (const row of rows) {
    byRole.get(row.roleId)?.push({ path: row.path, methods: row.methods as PermissionMethod[] });
  }
  return byRole;
}

/** A role is above the actor when its entries grant something the actor could not grant. */
export function isAbove(
  roleEntries: readonly PermissionEntry[],
  actor: readonly PermissionEntry[],
): boolean {
  return grantsBeyond(actor, roleEntries).length > 0;
}

/** 403 when the role is above the actor: they may not rename, change, fill or assign it. */
export function assertRoleWithinReach(
  roleEntries: readonly PermissionEntry[],
  actor: readonly PermissionEntry[],
): void {
  if (isAbove(roleEntries, actor)) throw new ForbiddenError(ACCESS_MESSAGES.roleAboveYours);
}

/** 403 when the entries grant a (path, method) the actor does not hold as the same or wider entry. */
export function assertGrantable(
  actor: readonly PermissionEntry[],
  entries: readonly PermissionEntry[],
): void {
  if (grantsBeyond(actor, entries).length > 0) {
    throw new ForbiddenError(ACCESS_MESSAGES.grantBeyondYours);
  }
}

/**
 * 403 when one of these users holds a role above the actor: their account and role are out of the
 * actor's reach (no disabling, no moving them to another role). Unknown ids are ignored here.
 */
export async function assertUsersWithinReach(
  q: Queryable,
  userIds: readonly string[],
  actor: readonly PermissionEntry[],
): Promise<void> {
  if (userIds.length === 0) return;
  const held = await q
    .selectDistinct({ roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), isNotNull(users.roleId)));
  const roles = await permissionsOfRoles(
    q,
    held.flatMap((row) => (row.roleId ? [row.roleId] : [])),
  );
  for (const entries of roles.values()) {
    if (isAbove(entries, actor)) throw new ForbiddenError(ACCESS_MESSAGES.userAboveYours);
  }
}

/**
 * Nobody may lock the console: some active user must stay an administrator (422). Call it in the
 * transaction, after its changes. Locking the Administrators role row first makes concurrent
 * changes count one after another (each count sees the others' commits), so two administrators
 * cannot each remove the other.
 */
export async function assertAdministratorRemains(q: Queryable): Promise<void> {
  await q
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.id, ROLE_IDS.administrators))
    .for('update');
  const [row] = await q
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.administrators), eq(users.status, 'active')));
  if (!row || row.count === 0) throw new BusinessRuleError(ACCESS_MESSAGES.lastAdministrator);
}
