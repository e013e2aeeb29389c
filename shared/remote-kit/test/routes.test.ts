import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as icons from '@ant-design/icons';
import { PERMISSION_METHODS, RESOURCES } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { AREAS, loadRemote, type Area } from './remotes';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;

/** The spec's route table (section 2), by owning area, with the permission each needs. */
const SPEC_ROUTES: Record<
  Area,
  [path: string, resource: string, method: string, inMenu: boolean][]
> = {
  dashboard: [['/dashboard', RESOURCES.dashboard, 'GET', true]],
  suppliers: [
    ['/supplier-management', RESOURCES.suppliers, 'GET', true],
    ['/supplier-management/detail', RESOURCES.suppliers, 'GET', false],
  ],
  tariffs: [
    ['/tariff', RESOURCES.tariffs, 'GET', true],
    ['/tariff/create', RESOURCES.tariffs, 'POST', false],
    ['/tariff/:tariffGroup/create', RESOURCES.tariffs, 'POST', false],
    ['/tariff/detail', RESOURCES.tariffs, 'GET', false],
    ['/tariff/import/detail', RESOURCES.tariffs, 'GET', false],
    // The exchange-rate screen (issue 5), not a route of the spec's section 2.
    ['/tariff/exchange-rates', RESOURCES.exchangeRates, 'GET', true],
  ],
  products: [
    ['/products', RESOURCES.products, 'GET', true],
    ['/products/detail', RESOURCES.products, 'GET', false],
    ['/products-price', RESOURCES.productPrices, 'GET', true],
    ['/products-price/detail', RESOURCES.productPrices, 'GET', false],
  ],
  stock: [
    ['/stock', RESOURCES.stock, 'GET', true],
    ['/stock/detail', RESOURCES.stock, 'GET', false],
  ],
  orders: [
    ['/orders', RESOURCES.orders, 'GET', true],
    ['/orders/register', RESOURCES.orders, 'POST', false],
    ['/orders/detail', RESOURCES.orders, 'GET', false],
    ['/orders/detail/item', RESOURCES.orders, 'GET', false],
  ],
  partners: [
    ['/partners', RESOURCES.partners, 'GET', true],
    ['/partners/register', RESOURCES.partners, 'POST', false],
    ['/partners/detail', RESOURCES.partners, 'GET', false],
  ],
  campaigns: [
    ['/campaign-code', RESOURCES.campaigns, 'GET', true],
    ['/campaign-code/detail', RESOURCES.campaigns, 'GET', false],
  ],
  branches: [
    ['/branch-master', RESOURCES.branches, 'GET', true],
    ['/branch-master/register', RESOURCES.branches, 'POST', false],
    ['/branch-master/detail', RESOURCES.branches, 'GET', false],
    ['/branch-master/item/register/:branchType', RESOURCES.branches, 'POST', false],
  ],
  roles: [
    ['/roles', RESOURCES.roles, 'GET', true],
    ['/roles/register', RESOURCES.roles, 'POST', false],
    ['/roles/assign', RESOURCES.roles, 'POST', false],
  ],
  settings: [
    ['/settings', RESOURCES.settings, 'GET', true],
    // The Releases screen (release managers only), not a route of the spec's section 2.
    ['/settings/releases', RESOURCES.releases, 'GET', true],
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
  it('exposes exactly the spec routes it owns, with their permissions and menu flags', async () => {
    const { routes } = await loadRemote(area);
    expect(routes.map((r) => [r.path, r.permission.path, r.permission.method, r.inMenu])).toEqual(
      SPEC_ROUTES[area],
    );
    for (const route of routes) {
      expect(Object.values(RESOURCES)).toContain(route.permission.path);
      expect(PERMISSION_METHODS).toContain(route.permission.method);
    }
  });

  it('gives every route a lazy screen and an @ant-design/icons icon', async () => {
    const { routes } = await loadRemote(area);
    for (const route of routes) {
      expect((route.Component as unknown as { $$typeof: symbol }).$$typeof).toBe(
        Symbol.for('react.lazy'),
      );
      expect(icons, `${route.path} icon ${route.icon}`).toHaveProperty(route.icon);
    }
  });

  it('labels every route with a key of its own namespace, translated in en, ja, de and th', async () => {
    const { routes } = await loadRemote(area);
    for (const language of LANGUAGES) {
      const json = readNamespace(language, area);
      for (const route of routes) {
        const [namespace, key] = route.labelKey.split(':');
        expect(namespace).toBe(area);
        expect(typeof lookup(json, key!), `${language}:${route.labelKey}`).toBe('string');
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
