// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildRouteManifest, labelTexts } from '../src/route-manifest.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOCALES_DIR = path.join(ROOT, 'locales');

interface Route {
  path: string;
  labelKey: string;
  icon: string;
  permission: { path: string; method: string };
  labels: Record<string, string>;
  menu?: { order: number; labelKey?: string; labels: Record<string, string> };
}

async function build(area: string, e2eExtraRoute: boolean) {
  return (await buildRouteManifest({
    dir: path.join(ROOT, 'remotes', area),
    area,
    version: '2.0.0',
    localesDir: LOCALES_DIR,
    defines: {
      __REMOTE_NAME__: JSON.stringify(area),
      __REMOTE_VERSION__: JSON.stringify('2.0.0'),
      __REMOTE_E2E_EXTRA_ROUTE__: JSON.stringify(e2eExtraRoute),
    },
  })) as { schema: number; remote: string; version: string; routes: Route[] };
}

describe("a remote's route-manifest.json", { timeout: 60_000 }, () => {
  it('is its src/manifest.ts with the label texts of every language', async () => {
    const manifest = await build('tariffs', false);
    expect(manifest).toMatchObject({ schema: 1, remote: 'tariffs', version: '2.0.0' });
    const list = manifest.routes[0]!;
    expect(list).toEqual({
      path: '/tariff',
      labelKey: 'tariffs:routes.list',
      icon: 'CalculatorOutlined',
      permission: { path: '/tariff', method: 'GET' },
      labels: labelTexts(LOCALES_DIR, 'tariffs:routes.list'),
      menu: {
        order: 30,
        labelKey: 'tariffs:menu.tariffs',
        labels: { de: 'Tarife', en: 'Tariffs', ja: 'タリフ', th: 'อัตราค่าบริการ' },
      },
    });
    expect(manifest.routes.filter((route) => route.menu).map((route) => route.path)).toEqual([
      '/tariff',
      '/tariff/exchange-rates',
    ]);
  });

  it('has the e2e extra route only in a build that asks for it (REMOTE_E2E_EXTRA_ROUTE=1)', async () => {
    const plain = await build('campaigns', false);
    expect(plain.routes.map((route) => route.path)).toEqual([
      '/campaign-code',
      '/campaign-code/detail',
    ]);
    const e2e = await build('campaigns', true);
    expect(e2e.routes.map((route) => route.path)).toEqual([
      '/campaign-code',
      '/campaign-code/detail',
      '/campaign-code/e2e-extra',
    ]);
    expect(e2e.routes[2]!.menu?.order).toBe(81);
  });

  it('refuses a label without an English text', () => {
    expect(() => labelTexts(LOCALES_DIR, 'campaigns:routes.nothing')).toThrow(
      'The route label campaigns:routes.nothing has no English text.',
    );
  });
});
