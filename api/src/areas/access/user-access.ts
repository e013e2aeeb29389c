import type { PermissionEntry, PermissionMethod } from '@esim/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, users } from '../../db/schema';

export interface UserAccess {
  userId: string;
  email: string;
  status: 'active' | 'inactive';
  roleId: string | null;
  permissions: PermissionEntry[];
}

/** The user with this e-mail, its role and the role's permission entries; null if no such user. */
export async function loadUserAccess(db: Db, email: string): Promise<UserAccess | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, status: users.status, roleId: users.roleId })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return null;
  const permissions = user.roleId
    ? await db
        .select({ path: rolePermissions.path, methods: rolePermissions.methods })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, user.roleId))
        .orderBy(rolePermissions.path)
    : [];
  return {
    userId: user.id,
    email: user.email,
    status: user.status,
    roleId: user.roleId,
    permissions: permissions.map((entry) => ({
      path: entry.path,
      methods: entry.methods as PermissionMethod[],
    })),
  };
}
