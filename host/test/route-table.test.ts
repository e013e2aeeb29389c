import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@esim/contracts';
import {
  APP_ROUTES,
  AREAS,
  LABEL_NAMESPACES,
  LOGIN_PATH,
  OTP_PATH,
} from '../src/routes/route-table';

/** Spec section 2, every route but the public login and OTP screens ({param} -> :param). */
const SPEC_ROUTES = [
  '/dashboard',
  '/supplier-management',
  '/supplier-management/detail',
  '/tariff',
  '/tariff/create',
  '/tariff/:tariffGroup/create',
  '/tariff/detail',
  '/tariff/import/detail',
  '/products',
  '/products/detail',
  '/products-price',
  '/products-price/detail',
  '/stock',
  '/stock/detail',
  '/orders',
  '/orders/register',
  '/orders/detail',
  '/orders/detail/item',
  '/partners',
  '/partners/register',
  '/partners/detail',
  '/campaign-code',
  '/campaign-code/detail',
  '/branch-master',
  '/branch-master/register',
  '/branch-master/detail',
  '/branch-master/item/register/:branchType',
  '/roles',
  '/roles/register',
  '/roles/assign',
];

const localesDir = join(__dirname, '..', '..', 'locales');
const namespaceOf = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

const byPath = new Map(APP_ROUTES.map((route) => [route.path, route]));

describe('the route table', () => {
  it('has every signed-in route of the spec, plus /settings and /settings/releases, and nothing twice', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual(
      [...SPEC_ROUTES, '/tariff/exchange-rates', '/settings', '/settings/releases'].sort(),
    );
    expect(byPath.size).toBe(APP_ROUTES.length);
    expect(byPath.has(LOGIN_PATH)).toBe(false);
    expect(byPath.has(OTP_PATH)).toBe(false);
  });

  it('gives each route its owning area', () => {
    const areaOf = (path: string) => byPath.get(path)?.area;
    expect(areaOf('/dashboard')).toBe('dashboard');
    expect(areaOf('/supplier-management/detail')).toBe('suppliers');
    for (const path of SPEC_ROUTES.filter((p) => p.startsWith('/tariff')))
      expect(areaOf(path)).toBe('tariffs');
    for (const path of [
      '/products',
      '/products/detail',
      '/products-price',
      '/products-price/detail',
    ])
      expect(areaOf(path)).toBe('products');
    expect(areaOf('/stock/detail')).toBe('stock');
    expect(areaOf('/orders/detail/item')).toBe('orders');
    expect(areaOf('/partners/register')).toBe('partners');
    expect(areaOf('/campaign-code/detail')).toBe('campaigns');
    for (const path of SPEC_ROUTES.filter((p) => p.startsWith('/branch-master')))
      expect(areaOf(path)).toBe('branches');
    for (const path of SPEC_ROUTES.filter((p) => p.startsWith('/roles')))
      expect(areaOf(path)).toBe('roles');
    expect(areaOf('/settings')).toBe('settings');
    expect(areaOf('/settings/releases')).toBe('settings');
    expect(new Set(APP_ROUTES.map((route) => route.area))).toEqual(new Set(AREAS));
  });

  it('asks GET for screens and POST for create screens, on the area resource', () => {
    const resources = new Set<string>(Object.values(RESOURCES));
    for (const route of APP_ROUTES) expect(resources.has(route.permission.path)).toBe(true);
    expect(byPath.get('/orders')?.permission).toEqual({ path: RESOURCES.orders, method: 'GET' });
    expect(byPath.get('/orders/register')?.permission).toEqual({
      path: RESOURCES.orders,
      method: 'POST',
    });
    expect(byPath.get('/tariff/:tariffGroup/create')?.permission).toEqual({
      path: RESOURCES.tariffs,
      method: 'POST',
    });
    expect(byPath.get('/branch-master/item/register/:branchType')?.permission).toEqual({
      path: RESOURCES.branches,
      method: 'POST',
    });
    expect(byPath.get('/products-price')?.permission).toEqual({
      path: RESOURCES.productPrices,
      method: 'GET',
    });
    expect(byPath.get('/supplier-management/detail')?.permission.method).toBe('GET');
    expect(byPath.get('/settings/releases')?.permission).toEqual({
      path: RESOURCES.releases,
      method: 'GET',
    });
  });

  it('puts one entry per list screen in the menu', () => {
    expect(APP_ROUTES.filter((route) => route.inMenu).map((route) => route.path)).toEqual([
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
      '/settings',
      '/settings/releases',
    ]);
  });

  it('has a translated label for every route in every language', () => {
    for (const language of ['en', 'ja', 'de', 'th']) {
      for (const route of APP_ROUTES) {
        // 'menu.x' lives in common.json, '<area>:key.path' in the area's own namespace.
        const [namespace, key] = route.labelKey.includes(':')
          ? route.labelKey.split(':')
          : ['common', route.labelKey];
        const json = namespaceOf(language, namespace!);
        const label = key!
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            json,
          );
        expect(typeof label, `${language} ${route.labelKey}`).toBe('string');
        expect(label, `${language} ${route.labelKey}`).not.toBe('');
      }
    }
    expect(LABEL_NAMESPACES).toEqual(['settings']);
  });
});
