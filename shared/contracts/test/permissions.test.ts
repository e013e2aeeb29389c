import { describe, expect, it } from 'vitest';
import { can, RESOURCES, ROLE_IDS, SEED_ROLE_PERMISSIONS } from '../src/permissions';

describe('can(): an action is allowed if an entry matches the path and lists the method', () => {
  const entries = [
    { path: '/orders', methods: ['GET', 'POST'] as const },
    { path: '/settings/*', methods: ['GET'] as const },
  ].map((e) => ({ ...e, methods: [...e.methods] }));

  it('matches an exact path only with a listed method', () => {
    expect(can(entries, '/orders', 'GET')).toBe(true);
    expect(can(entries, '/orders', 'POST')).toBe(true);
    expect(can(entries, '/orders', 'DELETE')).toBe(false);
    expect(can(entries, '/orders/detail', 'GET')).toBe(false);
    expect(can(entries, '/order', 'GET')).toBe(false);
  });

  it('treats prefix/* as the prefix and everything below it', () => {
    expect(can(entries, '/settings', 'GET')).toBe(true);
    expect(can(entries, '/settings/releases', 'GET')).toBe(true);
    expect(can(entries, '/settingsx', 'GET')).toBe(false);
    expect(can(entries, '/settings/releases', 'PUT')).toBe(false);
  });

  it('allows nothing without entries', () => {
    expect(can([], RESOURCES.dashboard, 'GET')).toBe(false);
  });
});

describe('seeded roles', () => {
  const admin = SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators]!;
  const staff = SEED_ROLE_PERMISSIONS[ROLE_IDS.staff]!;
  const partner = SEED_ROLE_PERMISSIONS[ROLE_IDS.partner]!;

  it('administrators may do everything, including roles and releases', () => {
    for (const path of Object.values(RESOURCES)) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        expect(can(admin, path, method)).toBe(true);
      }
    }
  });

  it('staff run every business area but not roles, users or releases', () => {
    expect(can(staff, RESOURCES.suppliers, 'DELETE')).toBe(true);
    expect(can(staff, RESOURCES.orders, 'POST')).toBe(true);
    expect(can(staff, RESOURCES.roles, 'GET')).toBe(false);
    expect(can(staff, RESOURCES.users, 'GET')).toBe(false);
    expect(can(staff, RESOURCES.releases, 'GET')).toBe(false);
  });

  it('partner admins see their orders and partner, not suppliers or roles', () => {
    expect(can(partner, RESOURCES.orders, 'POST')).toBe(true);
    expect(can(partner, RESOURCES.suppliers, 'GET')).toBe(false);
    expect(can(partner, RESOURCES.roles, 'GET')).toBe(false);
  });
});
