import { describe, expect, it } from 'vitest';
import {
  RESOURCES,
  ROLE_IDS,
  SEED_ROLE_PERMISSIONS,
  can,
  canGrant,
  grantsBeyond,
  type PermissionEntry,
} from '../src/permissions';

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

describe('canGrant(): the escalation guard grants only what an own entry wholly covers', () => {
  const held = [
    { path: '/roles', methods: ['GET', 'PUT'] },
    { path: '/settings', methods: ['GET'] },
    { path: '/stock/*', methods: ['GET'] },
  ] as PermissionEntry[];

  it('is can() for an exact path', () => {
    expect(canGrant(held, '/roles', 'PUT')).toBe(true);
    expect(canGrant(held, '/roles', 'DELETE')).toBe(false);
    expect(canGrant(held, '/settings', 'GET')).toBe(true);
    expect(canGrant(held, '/settings/releases', 'GET')).toBe(false);
    expect(canGrant(held, '/stock/activation-code', 'GET')).toBe(true);
  });

  it("grants 'x/*' only from the same or a wider subtree, '*' only from '*'", () => {
    expect(canGrant(held, '/settings/*', 'GET')).toBe(false);
    expect(canGrant(held, '/stock/*', 'GET')).toBe(true);
    expect(canGrant(held, '/stock/activation-code/*', 'GET')).toBe(true);
    expect(canGrant(held, '/stock/*', 'PUT')).toBe(false);
    expect(canGrant(held, '*', 'GET')).toBe(false);
    expect(canGrant([{ path: '*', methods: ['GET'] }], '*', 'GET')).toBe(true);
    expect(canGrant([{ path: '*', methods: ['GET'] }], '/stock/*', 'GET')).toBe(true);
  });

  it('lists what a set of entries grants beyond the holder', () => {
    expect(
      grantsBeyond(held, [
        { path: '/roles', methods: ['GET', 'DELETE'] },
        { path: '/settings/releases', methods: ['GET'] },
      ]),
    ).toEqual([
      { path: '/roles', method: 'DELETE' },
      { path: '/settings/releases', method: 'GET' },
    ]);
    const staff = SEED_ROLE_PERMISSIONS[ROLE_IDS.staff]!;
    expect(grantsBeyond(staff, staff)).toEqual([]);
    expect(grantsBeyond(staff, SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators]!)).toHaveLength(4);
  });
});
