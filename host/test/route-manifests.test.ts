import { createElement, type ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import { RESOURCES } from '@esim/contracts';
import { ROUTE_ICONS, parseRouteManifest, type RouteManifestFile } from '@esim/remote-kit/manifest';
import {
  ROUTE_MANIFEST_STORAGE_PREFIX,
  areaRoutesOf,
  cachedRouteManifests,
  loadRouteManifests,
  routeManifestUrl,
  useAreaRoutes,
} from '../src/remotes/route-manifests';
import { MENU_ICONS } from '../src/shell/menu-icons';
import { LOGIN_PATH, OTP_PATH } from '../src/routes/paths';
import { PINNED_ALL, allRemoteManifests, remoteManifest } from './support/route-manifests';

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

const fetchMock = vi.fn<typeof fetch>();
const realFetch = globalThis.fetch;
let manifests: RouteManifestFile[] = [];

beforeAll(async () => {
  globalThis.fetch = fetchMock;
  manifests = await allRemoteManifests();
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
afterEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The remote store: route-manifest.json of each pinned remote, except the dead ones. */
function serveStore(dead: readonly string[] = []) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input));
    const [, , remote] = url.pathname.split('/');
    const manifest = manifests.find((item) => item.remote === remote);
    if (!manifest || dead.includes(remote!) || !url.pathname.endsWith('/route-manifest.json'))
      return new Response('{"message":"Not found"}', { status: 404 });
    return Response.json(manifest);
  });
}

describe("the console's routes from the remotes' manifests", () => {
  it('are every signed-in route of the spec, plus exchange rates and settings, each once', () => {
    const routes = areaRoutesOf(manifests);
    expect(routes.map((route) => route.path).sort()).toEqual(
      [
        ...SPEC_ROUTES,
        '/tariff/exchange-rates',
        '/settings',
        '/settings/releases',
        '/settings/notifications',
        '/roles/users',
        '/roles/users/detail',
      ].sort(),
    );
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
    expect(routes.some((route) => route.path === LOGIN_PATH || route.path === OTP_PATH)).toBe(
      false,
    );
    const byPath = new Map(routes.map((route) => [route.path, route]));
    expect(byPath.get('/orders/register')?.permission).toEqual({
      path: RESOURCES.orders,
      method: 'POST',
    });
    expect(byPath.get('/tariff/:tariffGroup/create')?.area).toBe('tariffs');
    expect(byPath.get('/settings/releases')?.permission).toEqual({
      path: RESOURCES.releases,
      method: 'GET',
    });
    for (const manifest of manifests) expect(parseRouteManifest(manifest)).not.toBeNull();
  });

  it('render every icon a manifest may name (none missing, none extra)', () => {
    expect(Object.keys(MENU_ICONS).sort()).toEqual([...ROUTE_ICONS].sort());
    for (const route of areaRoutesOf(manifests)) expect(MENU_ICONS[route.icon]).toBeTruthy();
  });

  it('keep the first owner of a path two remotes claim', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const intruder = { ...(await remoteManifest('campaigns')), remote: 'intruder' };
    intruder.routes = intruder.routes.map((route) => ({ ...route, path: '/stock' }));
    const routes = areaRoutesOf([await remoteManifest('stock'), intruder]);
    expect(routes.filter((route) => route.path === '/stock').map((route) => route.area)).toEqual([
      'stock',
    ]);
  });

  it('are read beside each pinned mf-manifest.json and remembered', async () => {
    serveStore();
    const loaded = await loadRouteManifests(PINNED_ALL);
    expect(loaded.map((manifest) => manifest.remote)).toEqual(manifests.map((m) => m.remote));
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      'http://localhost:3000/remotes/dashboard/1.0.0/route-manifest.json',
    );
    expect(routeManifestUrl('https://cdn.test/remotes/stock/2.0.0/mf-manifest.json')).toBe(
      'https://cdn.test/remotes/stock/2.0.0/route-manifest.json',
    );
    expect(cachedRouteManifests()).toHaveLength(manifests.length);
  });

  it("keep a dead remote's last known manifest: its menu entry and error page stay", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveStore();
    await loadRouteManifests(PINNED_ALL);
    serveStore(['campaigns', 'branches']);
    localStorage.removeItem(`${ROUTE_MANIFEST_STORAGE_PREFIX}branches`);
    const routes = areaRoutesOf(await loadRouteManifests(PINNED_ALL));
    expect(routes.some((route) => route.path === '/campaign-code')).toBe(true);
    // Never seen before: nothing to show until it answers.
    expect(routes.some((route) => route.area === 'branches')).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('using the last known one (1.0.0)'),
      expect.anything(),
    );
  });

  it('ignore what is not a route manifest (a wrong schema, an unknown icon, a broken cache)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stock = await remoteManifest('stock');
    expect(parseRouteManifest({ ...stock, schema: 2 })).toBeNull();
    expect(
      parseRouteManifest({ ...stock, routes: [{ ...stock.routes[0], icon: 'RocketOutlined' }] }),
    ).toBeNull();
    expect(
      parseRouteManifest({ ...stock, routes: [{ ...stock.routes[0], labels: {} }] }),
    ).toBeNull();
    localStorage.setItem(`${ROUTE_MANIFEST_STORAGE_PREFIX}stock`, '{not json');
    fetchMock.mockResolvedValue(Response.json({ ...stock, remote: 'orders' }));
    expect(await loadRouteManifests({ remotes: { stock: PINNED_ALL.remotes.stock! } })).toEqual([]);
  });
});

describe('the routes while the manifests arrive', () => {
  function renderRoutes(remotes: string[]) {
    const client = new QueryClient();
    client.setQueryData(RELEASE_DOCUMENT_QUERY_KEY, {
      remotes: Object.fromEntries(remotes.map((remote) => [remote, PINNED_ALL.remotes[remote]!])),
    });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    return renderHook(() => useAreaRoutes(), { wrapper });
  }
  const areasOf = (routes: { area: string }[] | undefined) => [
    ...new Set((routes ?? []).map((route) => route.area)),
  ];

  it("a remote whose manifest hangs holds only its own routes, not the other areas'", async () => {
    fetchMock.mockImplementation(async (input) => {
      const remote = new URL(String(input)).pathname.split('/')[2];
      if (remote === 'orders') return new Promise<Response>(() => undefined);
      return Response.json(manifests.find((item) => item.remote === remote));
    });
    const { result } = renderRoutes(['stock', 'orders']);
    await waitFor(() => expect(areasOf(result.current.routes)).toEqual(['stock']));
    // A path of the hung area may still come: the router waits instead of "not found".
    expect(result.current.pending).toBe(true);
  });

  it("the hung remote's last known routes stand in meanwhile", async () => {
    localStorage.setItem(
      `${ROUTE_MANIFEST_STORAGE_PREFIX}orders`,
      JSON.stringify(manifests.find((item) => item.remote === 'orders')),
    );
    fetchMock.mockImplementation(async (input) => {
      const remote = new URL(String(input)).pathname.split('/')[2];
      if (remote === 'orders') return new Promise<Response>(() => undefined);
      return Response.json(manifests.find((item) => item.remote === remote));
    });
    const { result } = renderRoutes(['stock', 'orders']);
    await waitFor(() => expect(areasOf(result.current.routes)).toEqual(['stock', 'orders']));
  });

  it('is settled once every manifest answered', async () => {
    serveStore();
    const { result } = renderRoutes(['stock', 'orders']);
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(areasOf(result.current.routes)).toEqual(['stock', 'orders']);
  });
});
