import { randomUUID } from 'node:crypto';
import {
  PERMISSION_METHODS,
  RESOURCES,
  ROLE_IDS,
  can,
  type AssignRoleResult,
  type ListResult,
  type PermissionEntry,
  type PermissionMethod,
  type RoleDetail,
  type RoleListItem,
  type RoleSortColumn,
  type RoleUser,
  type UserOption,
  type UserPermissions,
} from '@esim/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { actorOf, recordAudit, type AuditActor, type Queryable, type Tx } from '../../audit';
import { rolePermissions, roles, users } from '../../db/schema';
import type { AuthContext } from '../../http/define-route';
import {
  BusinessRuleError,
  ForbiddenError,
  NameExistsError,
  NotFoundError,
  StaleVersionError,
  isUniqueViolation,
} from '../../http/errors';
import type { AreaDeps } from '../types';
import { containsPattern, endOfRange, iso } from '../list-helpers';
import { recordUserChanges, roleAudit, roleSnapshot, userSnapshots } from './audit';
import {
  assertAdministratorRemains,
  assertGrantable,
  assertRoleWithinReach,
  assertUsersWithinReach,
  isAbove,
  permissionsOfRoles,
} from './guard';
import { ACCESS_MESSAGES } from './messages';
import { loadUserAccess } from './user-access';

/** Who is asking: their permissions decide what is within reach (decision 0023). */
type Caller = Pick<AuthContext, 'userId' | 'email' | 'permissions'>;

/** The role's audit entry for a change from `before` to what the role is now; returns the now. */
async function auditRole(
  tx: Tx,
  actor: AuditActor,
  before: RoleDetail | null,
  after: RoleDetail,
): Promise<RoleDetail> {
  await recordAudit(tx, {
    entityType: roleAudit.type,
    entityId: after.id,
    action: before ? 'update' : 'create',
    actor,
    before: before ? roleSnapshot(before) : null,
    after: roleSnapshot(after),
  });
  return after;
}

export interface RoleListInput {
  page: number;
  pageSize: number;
  sort?: RoleSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Methods in canonical order, each once. */
function canonicalMethods(methods: readonly PermissionMethod[]): PermissionMethod[] {
  return PERMISSION_METHODS.filter((method) => methods.includes(method));
}

/** What the caller may do with a role that grants `entries` (RoleListItem.editable/assignable). */
function reachOf(
  roleId: string,
  entries: readonly PermissionEntry[],
  caller: readonly PermissionEntry[],
): { editable: boolean; assignable: boolean } {
  const assignable = !isAbove(entries, caller);
  return { editable: assignable && roleId !== ROLE_IDS.administrators, assignable };
}

/** How many of a role's users the role list names (the rest is "+N"). */
export const ROLE_LIST_USER_EMAILS = 3;

/** The first active users' e-mails of each role, by e-mail: one query for the whole page. */
async function firstUserEmails(
  db: Queryable,
  roleIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byRole = new Map<string, string[]>();
  if (roleIds.length === 0) return byRole;
  const ranked = db
    .select({
      roleId: users.roleId,
      email: users.email,
      rank: sql<number>`row_number() over (partition by ${users.roleId} order by ${users.email})`.as(
        'rank',
      ),
    })
    .from(users)
    .where(and(inArray(users.roleId, [...roleIds]), eq(users.status, 'active')))
    .as('ranked');
  const rows = await db
    .select({ roleId: ranked.roleId, email: ranked.email })
    .from(ranked)
    .where(lte(ranked.rank, ROLE_LIST_USER_EMAILS))
    .orderBy(ranked.roleId, ranked.email);
  for (const row of rows) {
    if (!row.roleId) continue;
    byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row.email]);
  }
  return byRole;
}

export function createAccessService({ db, identity }: Pick<AreaDeps, 'db' | 'identity'>) {
  /**
   * A change of who may do what: once it is committed (or has failed), every cached session of
   * this process is dropped, so the next request reads the permissions again (decision 0013).
   */
  function accessChanged<T>(change: Promise<T>): Promise<T> {
    return change.finally(() => identity.forgetSessions());
  }

  async function findRole(q: Queryable, id: string) {
    const [role] = await q.select().from(roles).where(eq(roles.id, id)).limit(1);
    if (!role) throw new NotFoundError('Role');
    return role;
  }

  async function assertNameFree(q: Queryable, name: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          sql`lower(${roles.name}) = lower(${name})`,
          exceptId ? ne(roles.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new NameExistsError();
  }

  async function assertUsersExist(q: Queryable, ids: string[]) {
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    const found = await q.select({ id: users.id }).from(users).where(inArray(users.id, unique));
    if (found.length !== unique.length) throw new NotFoundError('User');
  }

  async function roleUsers(q: Queryable, roleId: string): Promise<RoleUser[]> {
    return q
      .select({ id: users.id, email: users.email, status: users.status })
      .from(users)
      .where(eq(users.roleId, roleId))
      .orderBy(asc(users.email));
  }

  /** The role as `caller` sees it (their permissions decide editable/assignable). */
  async function roleDetail(
    q: Queryable,
    id: string,
    caller: readonly PermissionEntry[],
  ): Promise<RoleDetail> {
    const role = await findRole(q, id);
    const permissions = await q
      .select({ path: rolePermissions.path, methods: rolePermissions.methods })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, id))
      .orderBy(asc(rolePermissions.path));
    const entries = permissions.map((p) => ({
      path: p.path,
      methods: canonicalMethods(p.methods as PermissionMethod[]),
    }));
    return {
      id: role.id,
      name: role.name,
      description: role.description,
      version: role.version,
      createdDate: iso(role.createdAt),
      updatedDate: iso(role.updatedAt),
      ...reachOf(role.id, entries, caller),
      permissions: entries,
      users: await roleUsers(q, id),
    };
  }

  async function bumpVersion(q: Queryable, id: string, expected: number | undefined) {
    const updated = await q
      .update(roles)
      .set({ version: sql`${roles.version} + 1`, updatedAt: new Date() })
      .where(
        and(eq(roles.id, id), expected === undefined ? undefined : eq(roles.version, expected)),
      )
      .returning({ id: roles.id });
    if (updated.length === 0) throw new StaleVersionError();
  }

  return {
    async listRoles(input: RoleListInput, caller: Caller): Promise<ListResult<RoleListItem>> {
      const userCount = sql<number>`count(${users.id})::int`;
      const where = and(
        input.search ? ilike(roles.name, containsPattern(input.search)) : undefined,
        input.from ? gte(roles.createdAt, new Date(input.from)) : undefined,
        input.to ? lt(roles.createdAt, endOfRange(input.to)) : undefined,
      );
      const sortable: Record<RoleSortColumn, SQL | PgColumn> = {
        name: roles.name,
        userCount,
        createdDate: roles.createdAt,
        updatedDate: roles.updatedAt,
      };
      const column = sortable[input.sort ?? 'name'];
      const rows = await db
        .select({
          id: roles.id,
          name: roles.name,
          description: roles.description,
          version: roles.version,
          createdAt: roles.createdAt,
          updatedAt: roles.updatedAt,
          userCount,
        })
        .from(roles)
        .leftJoin(users, eq(users.roleId, roles.id))
        .where(where)
        .groupBy(roles.id)
        .orderBy(input.order === 'desc' ? desc(column) : asc(column), asc(roles.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(roles)
        .where(where);
      const ids = rows.map((row) => row.id);
      const [entries, emails] = await Promise.all([
        permissionsOfRoles(db, ids),
        firstUserEmails(db, ids),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          userCount: row.userCount,
          userEmails: emails.get(row.id) ?? [],
          version: row.version,
          createdDate: iso(row.createdAt),
          updatedDate: iso(row.updatedAt),
          ...reachOf(row.id, entries.get(row.id) ?? [], caller.permissions),
        })),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    getRole(id: string, caller: Caller): Promise<RoleDetail> {
      return roleDetail(db, id, caller.permissions);
    },

    async createRole(
      input: { name: string; description?: string | undefined },
      caller: Caller,
    ): Promise<RoleDetail> {
      const actor = actorOf(caller);
      try {
        return await db.transaction(async (tx) => {
          await assertNameFree(tx, input.name);
          const id = randomUUID();
          await tx
            .insert(roles)
            .values({ id, name: input.name, description: input.description || null });
          return auditRole(tx, actor, null, await roleDetail(tx, id, caller.permissions));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameExistsError();
        throw error;
      }
    },

    async updateRole(
      input: { id: string; name: string; description?: string | undefined; version: number },
      caller: Caller,
    ): Promise<RoleDetail> {
      try {
        return await db.transaction(async (tx) => {
          const role = await roleDetail(tx, input.id, caller.permissions);
          assertRoleWithinReach(role.permissions, caller.permissions);
          if (role.version !== input.version) throw new StaleVersionError();
          await assertNameFree(tx, input.name, input.id);
          const updated = await tx
            .update(roles)
            .set({
              name: input.name,
              ...(input.description !== undefined
                ? { description: input.description || null }
                : {}),
              version: sql`${roles.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(roles.id, input.id), eq(roles.version, input.version)))
            .returning({ id: roles.id });
          if (updated.length === 0) throw new StaleVersionError();
          return auditRole(
            tx,
            actorOf(caller),
            role,
            await roleDetail(tx, input.id, caller.permissions),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameExistsError();
        throw error;
      }
    },

    async setRolePermissions(
      input: { roleId: string; permissions: PermissionEntry[]; version?: number | undefined },
      caller: Caller,
    ): Promise<RoleDetail> {
      const changed = db.transaction(async (tx) => {
        const role = await roleDetail(tx, input.roleId, caller.permissions);
        assertRoleWithinReach(role.permissions, caller.permissions);
        if (role.id === ROLE_IDS.administrators) {
          throw new BusinessRuleError(ACCESS_MESSAGES.administratorsPermissions);
        }
        assertGrantable(caller.permissions, input.permissions);
        if (input.version !== undefined && role.version !== input.version) {
          throw new StaleVersionError();
        }
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
        if (input.permissions.length > 0) {
          await tx.insert(rolePermissions).values(
            input.permissions.map((entry) => ({
              roleId: role.id,
              path: entry.path,
              methods: canonicalMethods(entry.methods),
            })),
          );
        }
        await bumpVersion(tx, role.id, input.version);
        return auditRole(
          tx,
          actorOf(caller),
          role,
          await roleDetail(tx, role.id, caller.permissions),
        );
      });
      return accessChanged(changed);
    },

    async setRoleUsers(
      input: { roleId: string; userIds: string[] },
      caller: Caller,
    ): Promise<RoleDetail> {
      const actor = actorOf(caller);
      const changed = db.transaction(async (tx) => {
        const role = await roleDetail(tx, input.roleId, caller.permissions);
        assertRoleWithinReach(role.permissions, caller.permissions);
        const ids = [...new Set(input.userIds)];
        await assertUsersExist(tx, ids);
        // Those leaving hold this role (within reach); those joining leave theirs.
        await assertUsersWithinReach(tx, ids, caller.permissions);
        const touched = [...role.users.map((user) => user.id), ...ids];
        const usersBefore = await userSnapshots(tx, touched);
        const now = new Date();
        await tx
          .update(users)
          .set({ roleId: null, updatedAt: now })
          .where(
            and(
              eq(users.roleId, input.roleId),
              ids.length > 0 ? notInArray(users.id, ids) : undefined,
            ),
          );
        if (ids.length > 0) {
          await tx
            .update(users)
            .set({ roleId: input.roleId, updatedAt: now })
            .where(inArray(users.id, ids));
        }
        await assertAdministratorRemains(tx);
        await recordUserChanges(tx, actor, usersBefore, await userSnapshots(tx, touched));
        return auditRole(tx, actor, role, await roleDetail(tx, input.roleId, caller.permissions));
      });
      return accessChanged(changed);
    },

    async assignRole(
      input: { roleId: string; userIds: string[]; emails: string[] },
      caller: Caller,
    ): Promise<AssignRoleResult> {
      const actor = actorOf(caller);
      const changed = db.transaction(async (tx) => {
        const role = await roleDetail(tx, input.roleId, caller.permissions);
        assertRoleWithinReach(role.permissions, caller.permissions);
        const ids = [...new Set(input.userIds)];
        await assertUsersExist(tx, ids);
        const byEmail =
          input.emails.length > 0
            ? await tx
                .select({ id: users.id })
                .from(users)
                .where(inArray(users.email, [...new Set(input.emails)]))
            : [];
        await assertUsersWithinReach(
          tx,
          [...ids, ...byEmail.map((user) => user.id)],
          caller.permissions,
        );
        const usersBefore = await userSnapshots(tx, [...ids, ...byEmail.map((user) => user.id)]);
        const now = new Date();
        const affected: RoleUser[] = [];
        if (ids.length > 0) {
          affected.push(
            ...(await tx
              .update(users)
              .set({ roleId: input.roleId, updatedAt: now })
              .where(inArray(users.id, ids))
              .returning({ id: users.id, email: users.email, status: users.status })),
          );
        }
        let created = 0;
        const emails = [...new Set(input.emails)];
        if (emails.length > 0) {
          const upserted = await tx
            .insert(users)
            .values(emails.map((email) => ({ email, roleId: input.roleId })))
            .onConflictDoUpdate({
              target: users.email,
              set: { roleId: input.roleId, updatedAt: now },
            })
            .returning({
              id: users.id,
              email: users.email,
              status: users.status,
              inserted: sql<boolean>`(xmax = 0)`,
            });
          for (const row of upserted) {
            if (row.inserted) created += 1;
            if (!affected.some((user) => user.id === row.id)) {
              affected.push({ id: row.id, email: row.email, status: row.status });
            }
          }
        }
        await assertAdministratorRemains(tx);
        const usersAfter = await userSnapshots(
          tx,
          affected.map((user) => user.id),
        );
        await recordUserChanges(tx, actor, usersBefore, usersAfter);
        await auditRole(tx, actor, role, await roleDetail(tx, input.roleId, caller.permissions));
        affected.sort((a, b) => a.email.localeCompare(b.email));
        return { roleId: input.roleId, users: affected, created };
      });
      return accessChanged(changed);
    },

    /** Own e-mail: anyone signed in; someone else's needs GET on the roles resource. */
    async getPermissions(email: string, auth: AuthContext): Promise<UserPermissions> {
      if (email !== auth.email && !can(auth.permissions, RESOURCES.roles, 'GET')) {
        throw new ForbiddenError();
      }
      const access = await loadUserAccess(db, email);
      if (!access) throw new NotFoundError('User');
      return { roleId: access.roleId, permissions: access.permissions };
    },

    async selectUsers(input: {
      search?: string | undefined;
      roleId?: string | undefined;
      limit: number;
    }): Promise<UserOption[]> {
      const rows = await db
        .select({ value: users.id, label: users.email })
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            input.search ? ilike(users.email, containsPattern(input.search)) : undefined,
            input.roleId ? eq(users.roleId, input.roleId) : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(input.limit);
      return rows;
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
