import { describe, expect, it } from 'vitest';
import type { RemoteRoute } from '@esim/remote-kit';
import { routeMismatches } from '../src/remotes/route-match';
import { APP_ROUTES, AREAS, type AreaId } from '../src/routes/route-table';

/**
 * The host keeps its own route table (menu, guards: a dead remote never loses its menu entry)
 * and renders each remote's route Component by path. Both must agree: checked here against
 * every remote's real './routes' module, built the way its webpack build defines it.
 */
const globals = globalThis as Record<string, unknown>;

async function remoteRoutes(area: AreaId): Promise<RemoteRoute[]> {
  globals.__REMOTE_NAME__ = area;
  globals.__REMOTE_VERSION__ = '0.0.0-test';
  const module = (await import(`../../remotes/${area}/src/routes.tsx`)) as {
    routes: RemoteRoute[];
  };
  return module.routes;
}

describe("the remotes' routes and the host's route table", () => {
  it.each(AREAS)(
    '%s exposes exactly its routes of the table, same permission and menu flag',
    async (area) => {
      const routes = await remoteRoutes(area);
      expect(routeMismatches(area, routes, APP_ROUTES)).toEqual([]);
      expect(routes.map((route) => route.path).sort()).toEqual(
        APP_ROUTES.filter((route) => route.area === area)
          .map((route) => route.path)
          .sort(),
      );
    },
  );

  it('names every kind of difference', () => {
    const table = APP_ROUTES;
    const settings = (overrides: Partial<RemoteRoute>[]) =>
      overrides.map((route) => ({
        path: '/settings',
        permission: { path: '/settings', method: 'GET' },
        inMenu: true,
        ...route,
      })) as RemoteRoute[];
    expect(routeMismatches('settings', settings([{}]), table)).toEqual([
      "settings does not expose /settings/releases of the host's route table",
    ]);
    expect(
      routeMismatches(
        'settings',
        settings([
          {},
          {
            path: '/settings/releases',
            permission: { path: '/settings', method: 'GET' },
            inMenu: false,
          },
          { path: '/settings/secret' },
        ]),
        table,
      ),
    ).toEqual([
      "/settings/releases: the remote asks GET /settings, the host's table GET /settings/releases",
      '/settings/releases: inMenu is false in the remote, true in the host',
      "settings exposes /settings/secret, which the host's route table does not have",
    ]);
    expect(routeMismatches('settings', settings([{}, {}]), table)).toContain(
      'settings exposes /settings twice',
    );
  });
});
