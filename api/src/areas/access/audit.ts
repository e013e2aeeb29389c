/**
 * Audit of access changes (roles, their permissions and users, user status): who granted or took
 * away what. Read through audit/history (entityType 'role' needs GET on /roles, 'user' GET on
 * /users), like every other area's history.
 */
import { RESOURCES, type RoleDetail } from '@esim/contracts';
import { inArray } from 'drizzle-orm';
import {
  defineAuditEntity,
  recordAuditMany,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
  type Tx,
} from '../../audit';
import { users } from '../../db/schema';

/** One role (entityId = its id): name, description, permissions, its users' e-mails. */
export const roleAudit = defineAuditEntity('role', RESOURCES.roles);
/** One user (entityId = its id): e-mail, name, status, role. */
export const userAudit = defineAuditEntity('user', RESOURCES.users);

export function roleSnapshot(role: RoleDetail): AuditSnapshot {
  return {
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    users: role.users.map((user) => user.email),
  };
}

export type UserSnapshots = Map<string, AuditSnapshot>;

/** The audit view of these users now (missing ids: not in the map). */
export async function userSnapshots(q: Queryable, ids: readonly string[]): Promise<UserSnapshots> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      status: users.status,
      roleId: users.roleId,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** One entry per user that changed between the two views: 'create' for a user new in `after`. */
export async function recordUserChanges(
  tx: Tx,
  actor: AuditActor,
  before: UserSnapshots,
  after: UserSnapshots,
): Promise<void> {
  await recordAuditMany(
    tx,
    [...after].map(([id, now]) => {
      const was = before.get(id);
      return {
        entityType: userAudit.type,
        entityId: id,
        action: was ? ('update' as const) : ('create' as const),
        actor,
        before: was ?? null,
        after: now,
      };
    }),
  );
}
