/**
 * The escalation guard (docs/decisions/0023): a caller never grants what they do not hold, never
 * renames, changes, fills or assigns a role above them, never touches a user whose role is above
 * them, and no path leaves the console without an active administrator.
 */
import { ERROR_CODES, ROLE_IDS, type PermissionEntry } from '@esim/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let adminId: string;
/** Holds PUT /roles, /users and /settings, but not /settings/releases nor '*'. */
let manager: TestUser;
let managerRoleId: string;

/** In the order the API answers them (by path). */
const MANAGER_PERMISSIONS: PermissionEntry[] = [
  { path: '/orders', methods: ['GET', 'POST'] },
  { path: '/roles', methods: ['GET', 'POST', 'PUT'] },
  { path: '/settings', methods: ['GET', 'PUT'] },
  { path: '/stock/*', methods: ['GET'] },
  { path: '/users', methods: ['GET', 'PUT'] },
];

const REFUSED = {
  grant: {
    status: 403,
    key: 'access.grantBeyondYours',
    text: 'You cannot grant permissions that you do not have yourself.',
  },
  role: {
    status: 403,
    key: 'access.roleAboveYours',
    text: 'This role has permissions that you do not have, so you cannot change or assign it.',
  },
  user: {
    status: 403,
    key: 'access.userAboveYours',
    text: "This user's role has permissions that you do not have, so you cannot change their account or role.",
  },
  lastAdmin: {
    status: 422,
    key: 'access.lastAdministrator',
    text: 'At least one active user must keep the Administrators role.',
  },
} as const;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.inject({
    method,
    url: `/api/mng/${url}`,
    token,
    ...(payload ? { payload } : {}),
  });
}

async function ok(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

function expectRefused(
  res: LightMyRequestResponse,
  refusal: (typeof REFUSED)[keyof typeof REFUSED],
) {
  expect(res.statusCode, res.body).toBe(refusal.status);
  expect(res.json()).toMatchObject({ errorMessage: refusal.text, errorMessageKey: refusal.key });
  if (refusal.status === 403) expect(res.json().errors[0].code).toBe(ERROR_CODES.forbidden);
}

async function newRole(name: string, permissions: PermissionEntry[] = []) {
  const role = await ok(admin, 'POST', 'role', { name });
  if (permissions.length === 0) return role as { id: string; version: number };
  return (await ok(admin, 'POST', 'role/permission', { roleId: role.id, permissions })) as {
    id: string;
    version: number;
  };
}

async function roleOf(id: string, token = admin) {
  return (await ok(token, 'GET', `role?id=${id}`)) as {
    version: number;
    name: string;
    editable: boolean;
    assignable: boolean;
    permissions: PermissionEntry[];
    users: { id: string }[];
  };
}

async function staffUser(id: string) {
  return (await ok(admin, 'GET', `user?id=${id}`)) as { status: string; roleId: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = (await ok(admin, 'POST', 'user/list', { search: t.config.seedAdminEmail })).items[0].id;
  managerRoleId = (await newRole('Role managers', MANAGER_PERMISSIONS)).id;
  manager = await t.createUser({ roleId: managerRoleId });
});

afterAll(() => t?.close());

describe('granting permissions (POST role/permission)', () => {
  it("refuses to grant /settings/releases, '*' or a wider entry than the caller's own", async () => {
    const role = await ok(manager.token, 'POST', 'role', { name: 'Made by the manager' });
    const attempts: PermissionEntry[][] = [
      [{ path: '/settings/releases', methods: ['GET'] }],
      [{ path: '*', methods: ['GET'] }],
      // The caller holds /settings exactly: the subtree would add /settings/releases.
      [{ path: '/settings/*', methods: ['GET'] }],
      // A method the caller lacks on a path it holds.
      [{ path: '/roles', methods: ['GET', 'DELETE'] }],
      // One entry beyond the caller among entries within reach.
      [
        { path: '/orders', methods: ['GET'] },
        { path: '/products', methods: ['GET'] },
      ],
    ];
    for (const permissions of attempts) {
      const res = await call(manager.token, 'POST', 'role/permission', {
        roleId: role.id,
        permissions,
      });
      expectRefused(res, REFUSED.grant);
      // The answer names nothing internal: no path, no role, no method.
      expect(res.body).not.toMatch(/settings|releases|\/roles|DELETE|products/);
    }
    const after = await roleOf(role.id);
    expect(after.permissions).toEqual([]);
    expect(after.version).toBe(role.version);
  });

  it('grants what the caller holds, exactly or inside its subtree', async () => {
    const role = await ok(manager.token, 'POST', 'role', { name: 'Stock readers' });
    const saved = await ok(manager.token, 'POST', 'role/permission', {
      roleId: role.id,
      version: role.version,
      permissions: [
        { path: '/stock/*', methods: ['GET'] },
        { path: '/stock/activation-code', methods: ['GET'] },
        { path: '/settings', methods: ['PUT', 'GET'] },
        { path: '/orders', methods: ['POST'] },
      ],
    });
    expect(saved.permissions).toEqual([
      { path: '/orders', methods: ['POST'] },
      { path: '/settings', methods: ['GET', 'PUT'] },
      { path: '/stock/*', methods: ['GET'] },
      { path: '/stock/activation-code', methods: ['GET'] },
    ]);
    expect(saved).toMatchObject({ editable: true, assignable: true });
  });

  it("never widens the caller's own role", async () => {
    const own = await roleOf(managerRoleId, manager.token);
    expect(own).toMatchObject({ editable: true, assignable: true });
    const res = await call(manager.token, 'POST', 'role/permission', {
      roleId: managerRoleId,
      permissions: [...MANAGER_PERMISSIONS, { path: '/settings/releases', methods: ['GET'] }],
    });
    expectRefused(res, REFUSED.grant);
    expect((await roleOf(managerRoleId)).permissions).toEqual(MANAGER_PERMISSIONS);
    // The caller's rights did not grow either.
    const releases = await call(manager.token, 'GET', 'release/list');
    expect(releases.statusCode).toBe(403);
  });
});

describe('a role above the caller', () => {
  it('the Administrators role: no rename, no permissions, no users, no assignment', async () => {
    const administrators = await roleOf(ROLE_IDS.administrators, manager.token);
    expect(administrators).toMatchObject({ editable: false, assignable: false });
    const bystander = await t.createUser();
    const refusals = [
      await call(manager.token, 'PUT', 'role', {
        id: ROLE_IDS.administrators,
        name: 'Owned',
        version: administrators.version,
      }),
      await call(manager.token, 'POST', 'role/permission', {
        roleId: ROLE_IDS.administrators,
        permissions: [{ path: '/orders', methods: ['GET'] }],
      }),
      await call(manager.token, 'POST', 'role/user', {
        roleId: ROLE_IDS.administrators,
        userIds: [adminId, manager.id],
      }),
      await call(manager.token, 'POST', 'role/assign', {
        roleId: ROLE_IDS.administrators,
        userIds: [manager.id],
      }),
      await call(manager.token, 'POST', 'role/assign', {
        roleId: ROLE_IDS.administrators,
        emails: ['sleeper@esim.test'],
      }),
      await call(manager.token, 'POST', 'role/assign', {
        roleId: ROLE_IDS.administrators,
        userIds: [bystander.id],
      }),
    ];
    for (const res of refusals) expectRefused(res, REFUSED.role);
    const after = await roleOf(ROLE_IDS.administrators);
    expect(after.name).toBe('Administrators');
    expect(after.version).toBe(administrators.version);
    expect(after.users.map((user) => user.id)).toEqual([adminId]);
    const sleeper = await ok(admin, 'POST', 'user/list', { search: 'sleeper@' });
    expect(sleeper.total).toBe(0);
    expect((await staffUser(manager.id)).roleId).toBe(managerRoleId);
  });

  it('any role granting what the caller lacks, even to narrow it or empty it', async () => {
    const releases = await newRole('Release managers', [
      { path: '/settings/releases', methods: ['GET', 'PUT'] },
    ]);
    const listed = await ok(manager.token, 'POST', 'role/list', { search: 'Release managers' });
    expect(listed.items[0]).toMatchObject({ editable: false, assignable: false });
    const target = await t.createUser();
    for (const res of [
      await call(manager.token, 'PUT', 'role', {
        id: releases.id,
        name: 'Renamed',
        version: releases.version,
      }),
      await call(manager.token, 'POST', 'role/permission', {
        roleId: releases.id,
        permissions: [],
      }),
      await call(manager.token, 'POST', 'role/user', { roleId: releases.id, userIds: [] }),
      await call(manager.token, 'POST', 'role/assign', {
        roleId: releases.id,
        userIds: [target.id],
      }),
    ]) {
      expectRefused(res, REFUSED.role);
    }
    expect((await staffUser(target.id)).roleId).toBeNull();
    // The administrator holds '*': the same role is within their reach.
    expect(await roleOf(releases.id)).toMatchObject({ editable: true, assignable: true });
    const administrators = await ok(admin, 'POST', 'role/list', { search: 'Administrators' });
    expect(
      administrators.items.find((role: { id: string }) => role.id === ROLE_IDS.administrators),
    ).toMatchObject({ editable: false, assignable: true });
  });

  it('renames, fills and assigns a role within reach', async () => {
    const role = await ok(manager.token, 'POST', 'role', { name: 'Order desk' });
    await ok(manager.token, 'POST', 'role/permission', {
      roleId: role.id,
      permissions: [{ path: '/orders', methods: ['GET'] }],
    });
    const current = await roleOf(role.id, manager.token);
    const renamed = await ok(manager.token, 'PUT', 'role', {
      id: role.id,
      name: 'Order desk (EU)',
      version: current.version,
    });
    expect(renamed.name).toBe('Order desk (EU)');
    const [first, second] = [await t.createUser(), await t.createUser()];
    const filled = await ok(manager.token, 'POST', 'role/user', {
      roleId: role.id,
      userIds: [first.id],
    });
    expect(filled.users.map((user: { id: string }) => user.id)).toEqual([first.id]);
    const assigned = await ok(manager.token, 'POST', 'role/assign', {
      roleId: role.id,
      userIds: [second.id],
      emails: ['new-desk@esim.test'],
    });
    expect(assigned.created).toBe(1);
    expect((await roleOf(role.id)).users).toHaveLength(3);
  });
});

describe('a user above the caller', () => {
  it('is never moved to another role nor disabled by them', async () => {
    const desk = await ok(manager.token, 'POST', 'role', { name: 'Desk' });
    const staff = await t.createUser({ roleId: ROLE_IDS.staff });
    for (const userId of [adminId, staff.id]) {
      expectRefused(
        await call(manager.token, 'POST', 'role/assign', { roleId: desk.id, userIds: [userId] }),
        REFUSED.user,
      );
      expectRefused(
        await call(manager.token, 'POST', 'role/user', { roleId: desk.id, userIds: [userId] }),
        REFUSED.user,
      );
      expectRefused(
        await call(manager.token, 'PUT', 'user/status', { id: userId, status: 'inactive' }),
        REFUSED.user,
      );
    }
    // By e-mail too: an assignment by e-mail moves an existing account.
    expectRefused(
      await call(manager.token, 'POST', 'role/assign', {
        roleId: desk.id,
        emails: [t.config.seedAdminEmail],
      }),
      REFUSED.user,
    );
    expect(await staffUser(adminId)).toMatchObject({
      status: 'active',
      roleId: ROLE_IDS.administrators,
    });
    expect(await staffUser(staff.id)).toMatchObject({ status: 'active', roleId: ROLE_IDS.staff });
    const listed = await ok(manager.token, 'POST', 'user/list', { search: staff.email });
    expect(listed.items[0]).toMatchObject({ id: staff.id, editable: false });
  });

  it('a user within reach is disabled and enabled again', async () => {
    const clerk = await t.createUser();
    const disabled = await ok(manager.token, 'PUT', 'user/status', {
      id: clerk.id,
      status: 'inactive',
    });
    expect(disabled).toMatchObject({ id: clerk.id, status: 'inactive', editable: true });
    // Their session ended at once.
    const after = await call(clerk.token, 'GET', `permission?email=${clerk.email}`);
    expect(after.statusCode).toBe(401);
    await ok(manager.token, 'PUT', 'user/status', { id: clerk.id, status: 'active' });
  });
});

describe("a partner's accounts (partner/account): they get the partner role", () => {
  const callAs = (token: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.inject({ method, url: `/api/mng/${url}`, token, ...(payload ? { payload } : {}) });

  it('are made and removed only by whom that role is within reach of', async () => {
    const partner = await ok(admin, 'POST', 'partner', {
      name: 'Guarded partner',
      code: `GUARD-${Date.now() % 100000}`,
      target: 'affiliate',
    });
    // Edits partners, but does not hold the orders the partner role holds.
    const desk = await t.createUser({
      roleId: (await newRole('Partner desk', [{ path: '/partners', methods: ['GET', 'PUT'] }])).id,
    });
    const made = await callAs(desk.token, 'POST', 'partner/account', {
      partnerId: partner.id,
      email: 'desk-made@guard.test',
    });
    expectRefused(made, REFUSED.role);

    const account = await ok(admin, 'POST', 'partner/account', {
      partnerId: partner.id,
      email: 'admin-made@guard.test',
    });
    expectRefused(
      await callAs(desk.token, 'DELETE', `partner/account?id=${account.id}`),
      REFUSED.user,
    );

    // Staff hold every business area, the partner role's included.
    const staff = await t.createUser({ roleId: ROLE_IDS.staff });
    const byStaff = await callAs(staff.token, 'POST', 'partner/account', {
      partnerId: partner.id,
      email: 'staff-made@guard.test',
    });
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const removed = await callAs(staff.token, 'DELETE', `partner/account?id=${account.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
  });
});

describe('the last active administrator survives every path', () => {
  let superUser: TestUser;

  beforeAll(async () => {
    // Holds '*' without being in the Administrators role: nothing is above it, so only the
    // last-administrator rule stands between it and the administrator.
    const everything = await newRole('Everything', [
      { path: '*', methods: ['GET', 'POST', 'PUT', 'DELETE'] },
    ]);
    superUser = await t.createUser({ roleId: everything.id });
  });

  async function adminStillThere() {
    expect(await staffUser(adminId)).toMatchObject({
      status: 'active',
      roleId: ROLE_IDS.administrators,
    });
  }

  it('role/user: the administrator cannot empty the role, nor leave it', async () => {
    expectRefused(
      await call(admin, 'POST', 'role/user', { roleId: ROLE_IDS.administrators, userIds: [] }),
      REFUSED.lastAdmin,
    );
    const inactive = await t.createUser();
    await ok(admin, 'PUT', 'user/status', { id: inactive.id, status: 'inactive' });
    expectRefused(
      await call(admin, 'POST', 'role/user', {
        roleId: ROLE_IDS.administrators,
        userIds: [inactive.id],
      }),
      REFUSED.lastAdmin,
    );
    expectRefused(
      await call(superUser.token, 'POST', 'role/user', {
        roleId: ROLE_IDS.administrators,
        userIds: [],
      }),
      REFUSED.lastAdmin,
    );
    await adminStillThere();
  });

  it('role/assign: moving the last administrator to another role is refused', async () => {
    for (const token of [admin, superUser.token]) {
      expectRefused(
        await call(token, 'POST', 'role/assign', { roleId: ROLE_IDS.staff, userIds: [adminId] }),
        REFUSED.lastAdmin,
      );
      expectRefused(
        await call(token, 'POST', 'role/assign', {
          roleId: ROLE_IDS.partner,
          emails: [t.config.seedAdminEmail],
        }),
        REFUSED.lastAdmin,
      );
    }
    await adminStillThere();
  });

  it('user/status: disabling the last administrator is refused, yourself always', async () => {
    expectRefused(
      await call(superUser.token, 'PUT', 'user/status', { id: adminId, status: 'inactive' }),
      REFUSED.lastAdmin,
    );
    const own = await call(admin, 'PUT', 'user/status', { id: adminId, status: 'inactive' });
    expect(own.statusCode).toBe(422);
    expect(own.json().errorMessageKey).toBe('access.ownAccount');
    await adminStillThere();
    // The administrator still works.
    expect((await call(admin, 'POST', 'role/list', {})).statusCode).toBe(200);
  });

  it('two administrators removing each other at once: one of them stays', async () => {
    const second = await t.createUser({ roleId: ROLE_IDS.administrators });
    const [first, other] = await Promise.all([
      call(admin, 'POST', 'role/assign', { roleId: ROLE_IDS.staff, userIds: [second.id] }),
      call(second.token, 'POST', 'role/assign', { roleId: ROLE_IDS.staff, userIds: [adminId] }),
    ]);
    const statuses = [first.statusCode, other.statusCode];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The loser is refused by the rule, or (when it came second) no longer holds /roles.
    expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 422]);
    const administrators = await roleOf(ROLE_IDS.administrators, superUser.token);
    expect(administrators.users).toHaveLength(1);
    // Put things back as they were for the tests after this one.
    await ok(superUser.token, 'POST', 'role/user', {
      roleId: ROLE_IDS.administrators,
      userIds: [adminId],
    });
  });

  it('with a second active administrator, one of them can go', async () => {
    const second = await t.createUser({ roleId: ROLE_IDS.administrators });
    await ok(admin, 'PUT', 'user/status', { id: second.id, status: 'inactive' });
    expectRefused(
      await call(superUser.token, 'PUT', 'user/status', { id: adminId, status: 'inactive' }),
      REFUSED.lastAdmin,
    );
    await ok(admin, 'PUT', 'user/status', { id: second.id, status: 'active' });
    await ok(admin, 'POST', 'role/assign', { roleId: ROLE_IDS.staff, userIds: [second.id] });
    await adminStillThere();
  });
});
