/**
 * Access changes are audited: every role create/update, permission and user change, role
 * assignment and user status change writes before/after entries, read back through
 * audit/history (the call the console's History tab makes).
 */
import { ROLE_IDS, type AuditEntry } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});

afterAll(() => t?.close());

async function history(entityType: 'role' | 'user', entityId: string, token = admin) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/mng/audit/history?entityType=${entityType}&entityId=${entityId}`,
    token,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as AuditEntry[];
}

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.inject({ method, url: `/api/mng/${url}`, token: admin, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

describe('audit of roles', () => {
  it('records create, rename, permissions and users with before and after, newest first', async () => {
    const created = await call('POST', 'role', { name: 'Auditors', description: 'Read only' });
    const renamed = await call('PUT', 'role', {
      id: created.id,
      name: 'Auditors (EU)',
      version: created.version,
    });
    await call('POST', 'role/permission', {
      roleId: created.id,
      version: renamed.version,
      permissions: [{ path: '/stock', methods: ['GET'] }],
    });
    const member = await t.createUser();
    await call('POST', 'role/user', { roleId: created.id, userIds: [member.id] });

    const entries = await history('role', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update', 'update', 'create']);
    for (const entry of entries) expect(entry.actor.email).toBe(t.config.seedAdminEmail);
    const [users, permissions, rename, create] = entries;
    expect(create!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Auditors' },
        { field: 'description', before: null, after: 'Read only' },
      ]),
    );
    expect(rename!.changes).toEqual([
      { field: 'name', before: 'Auditors', after: 'Auditors (EU)' },
    ]);
    expect(permissions!.changes).toEqual([
      { field: 'permissions', before: [], after: [{ path: '/stock', methods: ['GET'] }] },
    ]);
    expect(users!.changes).toEqual([{ field: 'users', before: [], after: [member.email] }]);

    // The user's own history shows the role they were given.
    const userEntries = await history('user', member.id);
    expect(userEntries[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'roleId', before: null, after: created.id }],
    });
  });

  it('records an assignment by e-mail as the new account and the role change', async () => {
    const existing = await t.createUser();
    const result = await call('POST', 'role/assign', {
      roleId: ROLE_IDS.staff,
      userIds: [existing.id],
      emails: ['newcomer@esim.test'],
    });
    const newcomer = result.users.find(
      (user: { email: string }) => user.email === 'newcomer@esim.test',
    );
    const created = await history('user', newcomer.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: 'create' });
    expect(created[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'email', before: null, after: 'newcomer@esim.test' },
        { field: 'roleId', before: null, after: ROLE_IDS.staff },
      ]),
    );
    expect((await history('user', existing.id))[0]!.changes).toEqual([
      { field: 'roleId', before: null, after: ROLE_IDS.staff },
    ]);
    const role = await history('role', ROLE_IDS.staff);
    expect(role[0]!.changes).toEqual([
      {
        field: 'users',
        before: expect.not.arrayContaining([existing.email]),
        after: expect.arrayContaining([existing.email, 'newcomer@esim.test']),
      },
    ]);
  });
});

describe('audit of user status', () => {
  it('records disabling and enabling, readable only with GET on /users', async () => {
    const user = await t.createUser({ roleId: ROLE_IDS.staff });
    await call('PUT', 'user/status', { id: user.id, status: 'inactive' });
    await call('PUT', 'user/status', { id: user.id, status: 'active' });
    const entries = await history('user', user.id);
    expect(entries.slice(0, 2).map((entry) => entry.changes)).toEqual([
      [{ field: 'status', before: 'inactive', after: 'active' }],
      [{ field: 'status', before: 'active', after: 'inactive' }],
    ]);
    const staff = await t.createUser({ roleId: ROLE_IDS.staff });
    const denied = await t.inject({
      method: 'GET',
      url: `/api/mng/audit/history?entityType=user&entityId=${user.id}`,
      token: staff.token,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('writes nothing when a refused change is rolled back', async () => {
    const me = await history('user', await adminId());
    const refused = await t.inject({
      method: 'PUT',
      url: '/api/mng/user/status',
      token: admin,
      payload: { id: await adminId(), status: 'inactive' },
    });
    expect(refused.statusCode).toBe(422);
    expect(await history('user', await adminId())).toEqual(me);
  });
});

async function adminId(): Promise<string> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/mng/user/select?search=${t.config.seedAdminEmail}`,
    token: admin,
  });
  return res.json().data[0].value as string;
}
