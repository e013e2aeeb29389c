import {
  ERROR_CODES,
  type InviteStaffUserInput,
  type ListResult,
  type StaffUser,
  type StaffUserSortColumn,
} from '@esim/contracts';
import { and, asc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { actorOf, type Queryable } from '../../audit';
import { partners, roles, users } from '../../db/schema';
import type { AuthContext } from '../../http/define-route';
import {
  AppError,
  BusinessRuleError,
  ForbiddenError,
  NameExistsError,
  NotFoundError,
} from '../../http/errors';
import { MailDeliveryError } from '../../mail';
import { containsPattern, endOfRange, iso } from '../list-helpers';
import { partnerScopeOf, withPartnerScope, type PartnerScope } from '../partners/public';
import type { AreaDeps } from '../types';
import { recordUserChanges, userSnapshots } from './audit';
import {
  assertAdministratorRemains,
  assertRoleWithinReach,
  assertUsersWithinReach,
  isAbove,
  permissionsOfRoles,
} from './guard';
import { buildInvitationMail } from './invitation-mail';
import { ACCESS_MESSAGES } from './messages';

type Caller = Pick<AuthContext, 'userId' | 'email' | 'roleId' | 'partnerId' | 'permissions'>;

export interface StaffUserListInput {
  page: number;
  pageSize: number;
  sort?: StaffUserSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  roleId?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
}

/** The mail server refused or was unreachable: nothing was kept (the caller may try again). */
class InvitationNotSentError extends AppError {
  constructor() {
    super(502, ERROR_CODES.internal, ACCESS_MESSAGES.invitationNotSent);
  }
}

const SORTABLE: Record<StaffUserSortColumn, PgColumn> = {
  email: users.email,
  name: users.name,
  roleName: roles.name,
  status: users.status,
  lastLoginDate: users.lastLoginAt,
  createdDate: users.createdAt,
};

const COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  status: users.status,
  roleId: users.roleId,
  roleName: roles.name,
  partnerName: partners.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** A partner's account sees only that partner's accounts (decision 0019); staff see everyone. */
function reach(scope: PartnerScope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.partnerId ? eq(users.partnerId, scope.partnerId) : sql`false`;
}

/**
 * The console's staff accounts (spec section 7, "Users"): list, detail, invitation, status. Every
 * change obeys the escalation guard (./guard.ts): nobody touches an account whose role is above
 * their own, nor gives a role above their own.
 */
export function createStaffUserService({ db, identity, config }: AreaDeps) {
  const scoped = <T>(scope: PartnerScope, fn: (q: Queryable) => Promise<T>): Promise<T> =>
    scope.all ? fn(db) : withPartnerScope(db, scope, fn);

  function select(q: Queryable) {
    return q
      .select(COLUMNS)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(partners, eq(partners.id, users.partnerId));
  }

  /** Rows as the screen shows them, `editable` as the caller may act on them. */
  async function toStaffUsers(
    q: Queryable,
    rows: Awaited<ReturnType<typeof select>>,
    caller: Caller,
  ): Promise<StaffUser[]> {
    const entries = await permissionsOfRoles(
      q,
      rows.flatMap((row) => (row.roleId ? [row.roleId] : [])),
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      roleId: row.roleId,
      roleName: row.roleName,
      partnerName: row.partnerName,
      lastLoginDate: row.lastLoginAt ? iso(row.lastLoginAt) : null,
      createdDate: iso(row.createdAt),
      editable: !row.roleId || !isAbove(entries.get(row.roleId) ?? [], caller.permissions),
    }));
  }

  async function findOne(q: Queryable, id: string, caller: Caller): Promise<StaffUser> {
    const rows = await select(q)
      .where(and(eq(users.id, id), reach(partnerScopeOf(caller))))
      .limit(1);
    const [user] = await toStaffUsers(q, rows, caller);
    if (!user) throw new NotFoundError('User');
    return user;
  }

  return {
    list(input: StaffUserListInput, caller: Caller): Promise<ListResult<StaffUser>> {
      const scope = partnerScopeOf(caller);
      const pattern = input.search ? containsPattern(input.search) : null;
      const where = and(
        pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
        input.roleId ? eq(users.roleId, input.roleId) : undefined,
        input.status ? eq(users.status, input.status) : undefined,
        input.from ? gte(users.createdAt, new Date(input.from)) : undefined,
        input.to ? lt(users.createdAt, endOfRange(input.to)) : undefined,
        reach(scope),
      );
      const column = SORTABLE[input.sort ?? 'email'];
      // Never signed in (or no role, no name) sorts last either way.
      const direction = sql.raw(input.order === 'desc' ? 'DESC' : 'ASC');
      return scoped(scope, async (q) => {
        const rows = await select(q)
          .where(where)
          .orderBy(sql`${column} ${direction} NULLS LAST`, asc(users.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize);
        const [count] = await q
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where);
        return {
          items: await toStaffUsers(q, rows, caller),
          total: count?.total ?? 0,
          page: input.page,
          pageSize: input.pageSize,
        };
      });
    },

    get(id: string, caller: Caller): Promise<StaffUser> {
      const scope = partnerScopeOf(caller);
      return scoped(scope, (q) => findOne(q, id, caller));
    },

    /**
     * Creates the active account with the role and mails the invitation in the same transaction:
     * when the mail cannot be sent, no account is left behind and the caller can simply retry.
     */
    async invite(input: InviteStaffUserInput, caller: Caller): Promise<StaffUser> {
      // A partner's accounts are made through partner/account, for that partner.
      if (!partnerScopeOf(caller).all) throw new ForbiddenError();
      const email = input.email.trim().toLowerCase();
      const name = input.name?.trim() || null;
      const id = await db.transaction(async (tx) => {
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(eq(roles.id, input.roleId))
          .limit(1);
        if (!role) throw new NotFoundError('Role');
        assertRoleWithinReach(
          (await permissionsOfRoles(tx, [role.id])).get(role.id) ?? [],
          caller.permissions,
        );
        const [created] = await tx
          .insert(users)
          .values({ email, name, roleId: role.id, status: 'active' })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!created) throw new NameExistsError('email');
        await recordUserChanges(
          tx,
          actorOf(caller),
          new Map(),
          await userSnapshots(tx, [created.id]),
        );
        try {
          await identity.sendMail({
            to: email,
            ...buildInvitationMail({ email, name, consoleUrl: config.publicUrl }),
          });
        } catch (error) {
          if (error instanceof MailDeliveryError) throw new InvitationNotSentError();
          throw error;
        }
        return created.id;
      });
      return findOne(db, id, caller);
    },

    /** Disabling also ends every session of the user at once. */
    async setStatus(
      input: { id: string; status: 'active' | 'inactive' },
      caller: Caller,
    ): Promise<StaffUser> {
      if (input.id === caller.userId && input.status === 'inactive') {
        throw new BusinessRuleError(ACCESS_MESSAGES.ownAccount);
      }
      const scope = partnerScopeOf(caller);
      const changed = withPartnerScope(db, scope, async (q) => {
        const before = await userSnapshots(q, [input.id]);
        if (!before.has(input.id)) throw new NotFoundError('User');
        await assertUsersWithinReach(q, [input.id], caller.permissions);
        const updated = await q
          .update(users)
          .set({ status: input.status, updatedAt: new Date() })
          .where(and(eq(users.id, input.id), reach(scope)))
          .returning({ id: users.id });
        if (updated.length === 0) throw new NotFoundError('User');
        await assertAdministratorRemains(q);
        await recordUserChanges(q, actorOf(caller), before, await userSnapshots(q, [input.id]));
        return findOne(q, input.id, caller);
      });
      // Who may do what changed: every cached session is read again (decision 0013).
      const user = await changed.finally(() => identity.forgetSessions());
      // A disabled user's tokens stop working at once, not when they expire.
      if (user.status === 'inactive') await identity.revokeAllSessions(user.id);
      return user;
    },
  };
}
