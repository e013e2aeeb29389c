import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSION_METHODS, RESOURCES } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTE_ICONS, SIGNED_IN, routeManifestProblems } from '../src/manifest';
import { AREAS, loadRemote, type Area } from './remotes';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;

/**
 * The spec's route table (section 2), by owning area, with the permission each needs and its
 * menu position (null: not in the menu).
 */
const SPEC_ROUTES: Record<
  Area,
  [path: string, resource: string, method: string | null, menuOrder: number | null][]
> = {
  dashboard: [['/dashboard', RESOURCES.dashboard, 'GET', 10]],
  suppliers: [
    ['/supplier-management', RESOURCES.suppliers, 'GET', 20],
    ['/supplier-management/detail', RESOURCES.suppliers, 'GET', null],
  ],
  tariffs: [
    ['/tariff', RESOURCES.tariffs, 'GET', 30],
    ['/tariff/create', RESOURCES.tariffs, 'POST', null],
    ['/tariff/:tariffGroup/create', RESOURCES.tariffs, 'POST', null],
    ['/tariff/detail', RESOURCES.tariffs, 'GET', null],
    ['/tariff/import/detail', RESOURCES.tariffs, 'GET', null],
    // The exchange-rate screen (issue 5), not a route of the spec's section 2.
    ['/tariff/exchange-rates', RESOURCES.exchangeRates, 'GET', 31],
  ],
  products: [
    ['/products', RESOURCES.products, 'GET', 40],
    ['/products/detail', RESOURCES.products, 'GET', null],
    ['/products-price', RESOURCES.productPrices, 'GET', 41],
    ['/products-price/detail', RESOURCES.productPrices, 'GET', null],
  ],
  stock: [
    ['/stock', RESOURCES.stock, 'GET', 50],
    ['/stock/detail', RESOURCES.stock, 'GET', null],
  ],
  orders: [
    ['/orders', RESOURCES.orders, 'GET', 60],
    ['/orders/register', RESOURCES.orders, 'POST', null],
    ['/orders/detail', RESOURCES.orders, 'GET', null],
    ['/orders/detail/item', RESOURCES.orders, 'GET', null],
  ],
  partners: [
    ['/partners', RESOURCES.partners, 'GET', 70],
    ['/partners/register', RESOURCES.partners, 'POST', null],
    ['/partners/detail', RESOURCES.partners, 'GET', null],
  ],
  campaigns: [
    ['/campaign-code', RESOURCES.campaigns, 'GET', 80],
    ['/campaign-code/detail', RESOURCES.campaigns, 'GET', null],
  ],
  branches: [
    ['/branch-master', RESOURCES.branches, 'GET', 90],
    ['/branch-master/register', RESOURCES.branches, 'POST', null],
    ['/branch-master/detail', RESOURCES.branches, 'GET', null],
    ['/branch-master/item/register/:branchType', RESOURCES.branches, 'POST', null],
  ],
  roles: [
    ['/roles', RESOURCES.roles, 'GET', 100],
    ['/roles/register', RESOURCES.roles, 'POST', null],
    ['/roles/assign', RESOURCES.roles, 'POST', null],
    // The staff users screens (issue 18), not routes of the spec's section 2.
    ['/roles/users', RESOURCES.users, 'GET', 101],
    ['/roles/users/detail', RESOURCES.users, 'GET', null],
  ],
  settings: [
    ['/settings', SIGNED_IN, null, 110],
    // The Releases screen (release managers only), not a route of the spec's section 2.
    ['/settings/releases', RESOURCES.releases, 'GET', 111],
    // The notices screen (issue 18), reached from the header bell: not a route of section 2.
    ['/settings/notifications', RESOURCES.notifications, 'GET', null],
  ],
};

function readNamespace(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

function lookup(json: Record<string, unknown>, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
}

describe.each(AREAS)('the %s remote', (area) => {
  it('exposes exactly the spec routes it owns, with their permissions and menu places', async () => {
    const { routes } = await loadRemote(area);
    expect(
      routes.map((r) =>
        r.permission === SIGNED_IN
          ? [r.path, SIGNED_IN, null, r.menu?.order ?? null]
          : [r.path, r.permission.path, r.permission.method, r.menu?.order ?? null],
      ),
    ).toEqual(SPEC_ROUTES[area]);
    expect(routeManifestProblems(routes)).toEqual([]);
    for (const route of routes) {
      if (route.permission === SIGNED_IN) continue;
      expect(Object.values(RESOURCES)).toContain(route.permission.path);
      expect(PERMISSION_METHODS).toContain(route.permission.method);
    }
  });

  it("gives every route of its manifest a lazy screen and an icon of the host's set", async () => {
    const { routes, manifest } = await loadRemote(area);
    expect(routes.map(({ Component: _screen, ...route }) => route)).toEqual(manifest);
    for (const route of routes) {
      expect((route.Component as unknown as { $$typeof: symbol }).$$typeof).toBe(
        Symbol.for('react.lazy'),
      );
      expect(ROUTE_ICONS).toContain(route.icon);
    }
  });

  it('labels every route with a key of its own namespace, translated in en, ja, de and th', async () => {
    const { routes } = await loadRemote(area);
    for (const language of LANGUAGES) {
      const json = readNamespace(language, area);
      for (const route of routes) {
        for (const labelKey of [route.labelKey, route.menu?.labelKey ?? route.labelKey]) {
          const [namespace, key] = labelKey.split(':');
          expect(namespace).toBe(area);
          expect(typeof lookup(json, key!), `${language}:${labelKey}`).toBe('string');
        }
      }
      for (const key of ['area', 'skeleton.title', 'skeleton.description', 'skeleton.version']) {
        expect(typeof lookup(json, key), `${language}:${area}:${key}`).toBe('string');
      }
    }
  });

  it("'./locales' loads the namespace per language: ja-JP reads ja, an unsupported language English", async () => {
    const { loadLocale } = await loadRemote(area);
    expect(await loadLocale('ja')).toEqual(readNamespace('ja', area));
    expect(await loadLocale('ja-JP')).toEqual(readNamespace('ja', area));
    expect(await loadLocale('th')).toEqual(readNamespace('th', area));
    expect(await loadLocale('fr')).toEqual(readNamespace('en', area));
  });
});

describe('routeManifestProblems', () => {
  it('names a bad path, a path twice, an unknown icon, a bad permission and a bad menu', () => {
    const ok = {
      path: '/stock',
      labelKey: 'stock:routes.list',
      icon: 'DatabaseOutlined',
      permission: { path: '/stock', method: 'GET' },
    };
    expect(routeManifestProblems([ok])).toEqual([]);
    expect(
      routeManifestProblems([
        ok,
        ok,
        { ...ok, path: 'stock/detail', icon: 'RocketOutlined' },
        { ...ok, path: '/stock/x', labelKey: 'list', permission: { path: '/stock', method: 'GO' } },
        { ...ok, path: '/stock/y', menu: { order: 'first' } },
      ]),
    ).toEqual([
      '/stock is declared twice',
      "stock/detail: the path must start with '/'",
      'stock/detail: icon RocketOutlined is not one of ROUTE_ICONS',
      "/stock/x: labelKey must be '<namespace>:<key>'",
      "/stock/x: permission must be { path: '/resource', method: 'GET' | 'POST' … } or 'signedIn'",
      '/stock/y: menu must be { order: number }',
    ]);
    expect(routeManifestProblems([ok], { published: true })).toEqual([
      '/stock: no English label text',
    ]);
  });
});

describe('the remotes together', () => {
  it('cover each spec route once', async () => {
    const paths: string[] = [];
    for (const area of AREAS) paths.push(...(await loadRemote(area)).routes.map((r) => r.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(Object.values(SPEC_ROUTES).flat().length);
  });

  it('translate the skeleton texts (German and Thai differ from English) keeping the parameters', () => {
    const params = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const area of AREAS) {
      const en = readNamespace('en', area).skeleton as Record<string, string>;
      for (const language of ['ja', 'de', 'th']) {
        const translated = readNamespace(language, area).skeleton as Record<string, string>;
        for (const key of Object.keys(en)) {
          expect(translated[key], `${language}:${area}:skeleton.${key}`).not.toBe(en[key]);
          expect(params(translated[key]!)).toEqual(params(en[key]!));
        }
      }
    }
  });
});
