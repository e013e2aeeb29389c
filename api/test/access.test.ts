import { ERROR_CODES, ROLE_IDS, SEED_ROLE_PERMISSIONS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { fieldLabel } from './support/locale';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});

afterAll(() => t?.close());

async function createRole(name: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/role',
    token: admin,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; version: number };
}

describe('role detail', () => {
  it('shows a seeded role with its permissions and users', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/mng/role?id=${ROLE_IDS.administrators}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const role = res.json().data;
    expect(role).toMatchObject({ id: ROLE_IDS.administrators, name: 'Administrators', version: 1 });
    expect(role.permissions).toEqual(SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators]);
    expect(role.users).toEqual([
      expect.objectContaining({ email: t.config.seedAdminEmail, status: 'active' }),
    ]);
  });
});

describe('POST role/permission', () => {
  it("replaces a role's permissions and the new role's users get them at once", async () => {
    const role = await createRole('Stock keepers');
    const user = await t.createUser({ roleId: role.id });
    const before = await t.inject({
      method: 'POST',
      url: '/api/mng/stock/whatever',
      token: user.token,
      payload: {},
    });
    expect(before.statusCode).toBe(404);

    const denied = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: user.token,
      payload: {},
    });
    expect(denied.statusCode).toBe(403);

    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/permission',
      token: admin,
      payload: {
        roleId: role.id,
        version: role.version,
        permissions: [
          { path: '/stock', methods: ['PUT', 'GET', 'GET'] },
          { path: '/roles', methods: ['GET'] },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Permissions saved.');
    expect(res.json().data.version).toBe(role.version + 1);
    expect(res.json().data.permissions).toEqual([
      { path: '/roles', methods: ['GET'] },
      { path: '/stock', methods: ['GET', 'PUT'] },
    ]);

    const own = await t.inject({
      method: 'GET',
      url: `/api/mng/permission?email=${user.email}`,
      token: user.token,
    });
    expect(own.json().data).toEqual({ roleId: role.id, permissions: res.json().data.permissions });
    const allowed = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: user.token,
      payload: {},
    });
    expect(allowed.statusCode).toBe(200);
    const stillDenied = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: user.token,
      payload: { name: 'Nope' },
    });
    expect(stillDenied.statusCode).toBe(403);
  });

  it('refuses a stale version, duplicate paths and the Administrators role', async () => {
    const role = await createRole('Permission conflicts');
    const stale = await t.inject({
      method: 'POST',
      url: '/api/mng/role/permission',
      token: admin,
      payload: { roleId: role.id, version: role.version + 5, permissions: [] },
    });
    expect(stale.statusCode).toBe(409);

    const duplicate = await t.inject({
      method: 'POST',
      url: '/api/mng/role/permission',
      token: admin,
      payload: {
        roleId: role.id,
        permissions: [
          { path: '/orders', methods: ['GET'] },
          { path: '/orders', methods: ['PUT'] },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0]).toMatchObject({
      message: `Duplicate ${fieldLabel('path')} detected; must be unique.`,
      field: 'permissions',
    });

    const administrators = await t.inject({
      method: 'POST',
      url: '/api/mng/role/permission',
      token: admin,
      payload: { roleId: ROLE_IDS.administrators, permissions: [] },
    });
    expect(administrators.statusCode).toBe(422);
    expect(administrators.json().errors[0]).toEqual({
      message: "The Administrators role's permissions cannot be changed.",
      code: ERROR_CODES.businessRule,
      key: 'access.administratorsPermissions',
    });
  });
});

describe('POST role/list', () => {
  it("names each role's first three active users by e-mail in one answer", async () => {
    const role = await createRole('Listed members');
    for (const name of ['eve', 'bob', 'dan', 'amy', 'cat']) {
      await t.createUser({ email: `${name}@listed.test`, roleId: role.id });
    }
    const amy = await t.inject({
      method: 'POST',
      url: '/api/mng/user/list',
      token: admin,
      payload: { search: 'amy@listed.test' },
    });
    const disabled = await t.inject({
      method: 'PUT',
      url: '/api/mng/user/status',
      token: admin,
      payload: { id: amy.json().data.items[0].id, status: 'inactive' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: { search: 'Listed members' },
    });
    expect(list.json().data.items[0]).toMatchObject({
      userCount: 5,
      userEmails: ['bob@listed.test', 'cat@listed.test', 'dan@listed.test'],
    });
    await createRole('Listed without members');
    const none = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: { search: 'Listed without members' },
    });
    expect(none.json().data.items[0]).toMatchObject({ userCount: 0, userEmails: [] });
  });
});

describe('POST role/user and role/assign', () => {
  it("sets exactly the role's users", async () => {
    const role = await createRole('Exact members');
    const a = await t.createUser();
    const b = await t.createUser();
    const c = await t.createUser({ roleId: role.id });
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/user',
      token: admin,
      payload: { roleId: role.id, userIds: [a.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Users saved.');
    expect(
      res
        .json()
        .data.users.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const removed = await t.inject({
      method: 'GET',
      url: `/api/mng/permission?email=${c.email}`,
      token: admin,
    });
    expect(removed.json().data).toEqual({ roleId: null, permissions: [] });

    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: { search: 'Exact members' },
    });
    expect(list.json().data.items[0]).toMatchObject({ name: 'Exact members', userCount: 2 });
  });

  it('answers an unknown user id with 404', async () => {
    const role = await createRole('Unknown members');
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/user',
      token: admin,
      payload: { roleId: role.id, userIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe('User not found');
  });

  it('never leaves the console without an active administrator', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/user',
      token: admin,
      payload: { roleId: ROLE_IDS.administrators, userIds: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe(
      'At least one active user must keep the Administrators role.',
    );
    const still = await t.inject({
      method: 'GET',
      url: `/api/mng/role?id=${ROLE_IDS.administrators}`,
      token: admin,
    });
    expect(still.json().data.users).toHaveLength(1);
  });

  it('assigns a role to users by id and by e-mail, creating new accounts', async () => {
    const role = await createRole('Assigned');
    const existing = await t.createUser({ roleId: ROLE_IDS.staff });
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/assign',
      token: admin,
      payload: {
        roleId: role.id,
        userIds: [existing.id],
        emails: ['New.Person@Esim.Test', existing.email],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Role assigned.');
    const data = res.json().data;
    expect(data.created).toBe(1);
    expect(data.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [existing.email, 'new.person@esim.test'].sort(),
    );

    // The new account can sign in and holds the role.
    const token = await t.tokenFor('new.person@esim.test');
    const own = await t.inject({
      method: 'GET',
      url: '/api/mng/permission?email=new.person@esim.test',
      token,
    });
    expect(own.json().data.roleId).toBe(role.id);
  });

  it('requires at least one user', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role/assign',
      token: admin,
      payload: { roleId: ROLE_IDS.staff },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('userIds');
  });
});

describe('user/select', () => {
  it('lists active users as { value, label } by GET and by POST', async () => {
    const user = await t.createUser({ email: 'select.me@esim.test', roleId: ROLE_IDS.partner });
    const byGet = await t.inject({
      method: 'GET',
      url: '/api/mng/user/select?search=select.me',
      token: admin,
    });
    expect(byGet.statusCode).toBe(200);
    expect(byGet.json().data).toEqual([{ value: user.id, label: 'select.me@esim.test' }]);
    const byPost = await t.inject({
      method: 'POST',
      url: '/api/mng/user/select',
      token: admin,
      payload: { roleId: ROLE_IDS.partner, limit: 500 },
    });
    expect(byPost.json().data).toContainEqual({ value: user.id, label: 'select.me@esim.test' });
    const all = await t.inject({ method: 'GET', url: '/api/mng/user/select', token: admin });
    expect(all.json().data).toContainEqual(
      expect.objectContaining({ label: t.config.seedAdminEmail }),
    );
  });
});

describe('PUT user/status', () => {
  it('disables a user, which ends their sessions at once', async () => {
    const user = await t.createUser({ roleId: ROLE_IDS.staff });
    const before = await t.inject({
      method: 'POST',
      url: '/api/mng/utils/model/list',
      token: user.token,
      payload: { collection: 'tax' },
    });
    expect(before.statusCode).toBe(200);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/user/status',
      token: admin,
      payload: { id: user.id, status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: user.id, status: 'inactive' },
      message: 'User status updated.',
    });
    const after = await t.inject({
      method: 'POST',
      url: '/api/mng/utils/model/list',
      token: user.token,
      payload: { collection: 'tax' },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      errorMessage: 'Account disabled, contact the administrator',
      errorMessageKey: 'errors.accountDisabled',
    });
  });

  it('refuses to disable your own account', async () => {
    const me = (
      await t.inject({
        method: 'GET',
        url: `/api/mng/permission?email=${t.config.seedAdminEmail}`,
        token: admin,
      })
    ).json();
    expect(me.data.roleId).toBe(ROLE_IDS.administrators);
    const users = (
      await t.inject({
        method: 'GET',
        url: `/api/mng/user/select?search=${t.config.seedAdminEmail}`,
        token: admin,
      })
    ).json().data;
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mng/user/status',
      token: admin,
      payload: { id: users[0].value, status: 'inactive' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe('You cannot disable your own account.');
  });
});
