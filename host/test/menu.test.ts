import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS, SEED_ROLE_PERMISSIONS, can, type PermissionEntry } from '@esim/contracts';
import { areaRoutesOf } from '../src/remotes/route-manifests';
import {
  buildMenu,
  homePathFor,
  labelText,
  selectedMenuKey,
  type AreaRouteEntry,
} from '../src/routes/menu';
import { HOME_PATH } from '../src/routes/paths';
import { allRemoteManifests } from './support/route-manifests';

/** The console's routes as the host builds them from the remotes' published manifests. */
let APP_ROUTES: AreaRouteEntry[] = [];
beforeAll(async () => {
  APP_ROUTES = areaRoutesOf(await allRemoteManifests());
});

const canWith =
  (permissions: PermissionEntry[]) => (path: string, method: Parameters<typeof can>[2]) =>
    can(permissions, path, method);
const menuFor = (permissions: PermissionEntry[]) =>
  buildMenu(APP_ROUTES, canWith(permissions)).map((entry) => entry.key);

describe('the side menu', () => {
  it('shows an administrator every area, and the Releases screen', () => {
    const admin = menuFor(SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators]!);
    // 13 list screens + Exchange rates (/tariff/exchange-rates) + Staff users (/roles/users).
    expect(admin).toHaveLength(15);
    expect(admin).toContain('/tariff/exchange-rates');
    expect(admin.at(-1)).toBe('/settings/releases');
  });

  it('hides what a partner admin may not use; their own settings stay', () => {
    expect(menuFor(SEED_ROLE_PERMISSIONS[ROLE_IDS.partner]!)).toEqual([
      '/dashboard',
      '/products-price',
      '/orders',
      '/partners',
      '/settings',
    ]);
  });

  it('shows the settings (language, profile, session) to a user without any permission', () => {
    expect(menuFor([])).toEqual(['/settings']);
  });

  it('hides roles from staff', () => {
    const staff = menuFor(SEED_ROLE_PERMISSIONS[ROLE_IDS.staff]!);
    expect(staff).not.toContain('/roles');
    expect(staff).toContain('/settings');
    expect(staff).toHaveLength(12);
  });

  it('shows Releases only to roles with GET on the release resource', () => {
    expect(menuFor(SEED_ROLE_PERMISSIONS[ROLE_IDS.staff]!)).not.toContain('/settings/releases');
    expect(menuFor([{ path: '/settings/releases', methods: ['GET'] }])).toEqual([
      '/settings',
      '/settings/releases',
    ]);
    expect(
      selectedMenuKey(
        '/settings/releases',
        buildMenu(APP_ROUTES, () => true),
      ),
    ).toBe('/settings/releases');
  });

  it('needs GET: write-only access does not show a screen', () => {
    expect(menuFor([{ path: '/orders', methods: ['POST'] }])).toEqual(['/settings']);
  });

  it("carries the remotes' label texts and icons, in menu order", () => {
    const entries = buildMenu(APP_ROUTES, () => true);
    expect(entries[0]).toEqual({
      key: '/dashboard',
      labels: { de: 'Dashboard', en: 'Dashboard', ja: 'ダッシュボード', th: 'แดชบอร์ด' },
      icon: 'DashboardOutlined',
    });
    expect(entries.map((entry) => entry.key)).toEqual([
      '/dashboard',
      '/supplier-management',
      '/tariff',
      '/tariff/exchange-rates',
      '/products',
      '/products-price',
      '/stock',
      '/orders',
      '/partners',
      '/campaign-code',
      '/branch-master',
      '/roles',
      '/roles/users',
      '/settings',
      '/settings/releases',
    ]);
    expect(entries.find((entry) => entry.key === '/products-price')?.icon).toBe('DollarOutlined');
    // Ordered by placement, not by where a route is declared.
    const reversed = buildMenu([...APP_ROUTES].reverse(), () => true);
    expect(reversed.map((entry) => entry.key)).toEqual(entries.map((entry) => entry.key));
  });

  it('shows a label in the language, its base language, else English', () => {
    const labels = { en: 'Stock', ja: '在庫' };
    expect(labelText(labels, 'ja')).toBe('在庫');
    expect(labelText(labels, 'ja-JP')).toBe('在庫');
    expect(labelText(labels, 'th')).toBe('Stock');
    expect(labelText(labels, undefined)).toBe('Stock');
  });

  it('highlights the entry a location belongs to, by whole path segments', () => {
    const entries = buildMenu(APP_ROUTES, () => true);
    expect(selectedMenuKey('/products-price/detail', entries)).toBe('/products-price');
    expect(selectedMenuKey('/products/detail', entries)).toBe('/products');
    expect(selectedMenuKey('/tariff/GROUP-1/create', entries)).toBe('/tariff');
    expect(selectedMenuKey('/nowhere', entries)).toBeUndefined();
  });

  it('sends users home, or to their first screen when they may not see the dashboard', () => {
    expect(homePathFor(APP_ROUTES, () => true, HOME_PATH)).toBe('/dashboard');
    expect(
      homePathFor(APP_ROUTES, canWith([{ path: '/orders', methods: ['GET'] }]), HOME_PATH),
    ).toBe('/orders');
    // Nothing but their own settings.
    expect(homePathFor(APP_ROUTES, () => false, HOME_PATH)).toBe('/settings');
  });
});
