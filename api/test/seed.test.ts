import { ROLE_IDS, SEED_ROLE_PERMISSIONS } from '@esim/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { countries, rolePermissions, roles, roundCurrency, users } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t?.close());

describe('seed', () => {
  it('creates the three roles with their names and permission matrix', async () => {
    const rows = await t.database.db.select().from(roles).orderBy(roles.id);
    expect(rows.map((r) => [r.id, r.name])).toEqual([
      [ROLE_IDS.administrators, 'Administrators'],
      [ROLE_IDS.partner, 'Administrators partner'],
      [ROLE_IDS.staff, 'Administrators staff'],
    ]);
    for (const id of Object.values(ROLE_IDS)) {
      const entries = await t.database.db
        .select({ path: rolePermissions.path, methods: rolePermissions.methods })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id));
      const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
      expect(entries.sort(byPath)).toEqual([...(SEED_ROLE_PERMISSIONS[id] ?? [])].sort(byPath));
    }
  });

  it('creates the first administrator from SEED_ADMIN_EMAIL', async () => {
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, t.config.seedAdminEmail));
    expect(admin).toMatchObject({ roleId: ROLE_IDS.administrators, status: 'active' });
  });

  it('is idempotent and keeps what administrators changed', async () => {
    await t.database.db
      .update(roles)
      .set({ name: 'Staff (renamed)' })
      .where(eq(roles.id, ROLE_IDS.staff));
    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.roleId, ROLE_IDS.staff));
    await t.database.db
      .update(roundCurrency)
      .set({ deleteFlag: true })
      .where(eq(roundCurrency.isoCode, 'XCD'));

    expect(await migrate(t.database)).toEqual([]);
    const again = await seed(t.database, t.config);
    expect(again).toEqual({ rolesCreated: [], adminCreated: false });

    const [staff] = await t.database.db.select().from(roles).where(eq(roles.id, ROLE_IDS.staff));
    expect(staff?.name).toBe('Staff (renamed)');
    const staffPermissions = await t.database.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, ROLE_IDS.staff));
    expect(staffPermissions).toEqual([]);
    const [xcd] = await t.database.db
      .select()
      .from(roundCurrency)
      .where(eq(roundCurrency.isoCode, 'XCD'));
    expect(xcd?.deleteFlag).toBe(true);
    expect(await t.database.db.$count(countries)).toBe(249);
    expect(await t.database.db.$count(roundCurrency, eq(roundCurrency.isDefault, true))).toBe(1);
    expect(await t.database.db.$count(users)).toBe(1);
  });
});
