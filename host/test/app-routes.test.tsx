import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_IDS, SEED_ROLE_PERMISSIONS, type PermissionEntry } from '@esim/contracts';
import {
  getQueryClient,
  initI18n,
  signOut,
  useAuthStore,
  usePermissionStore,
} from '@esim/platform';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import type { RouteManifestFile } from '@esim/remote-kit/manifest';
import { RETURN_TO_KEY } from '../src/app/return-to';
import { routes } from '../src/app/router';
import { registerArea, unregisterArea } from '../src/remotes/remote-loader';
import { routeManifestQuery } from '../src/remotes/route-manifests';
import { allRemoteManifests, remoteManifest } from './support/route-manifests';

let manifests: RouteManifestFile[] = [];

beforeAll(async () => {
  // jsdom has no matchMedia; antd's responsive layout asks for it.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // jsdom does not implement pseudo-element styles (antd measures the scrollbar with one).
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  await initI18n({ language: 'en', namespaces: ['common', 'auth', 'ui', 'validation'] });
  manifests = await allRemoteManifests();
});

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await signOut({ identity: false });
  useAuthStore.setState({ notice: null, status: 'unknown' });
});

function signIn(permissions: PermissionEntry[], routeManifests = manifests) {
  // What the shell would have read from GET release/pinned and the remotes' route manifests:
  // the routes are known, no area's code is registered (no network here).
  const document = {
    remotes: Object.fromEntries(
      routeManifests.map((manifest) => [
        manifest.remote,
        {
          version: manifest.version,
          manifestUrl: `/remotes/${manifest.remote}/${manifest.version}/mf-manifest.json`,
        },
      ]),
    ),
  };
  getQueryClient().setQueryData(RELEASE_DOCUMENT_QUERY_KEY, document);
  for (const manifest of routeManifests) {
    const entry = document.remotes[manifest.remote]!;
    getQueryClient().setQueryData(routeManifestQuery(manifest.remote, entry).queryKey, manifest);
  }
  useAuthStore.setState({ status: 'signedIn', user: { email: 'staff@esim.test', sub: 'u1' } });
  usePermissionStore.setState({
    status: 'ready',
    email: 'staff@esim.test',
    roleId: 'test',
    permissions,
  });
}

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Suspense fallback="loading">
      <RouterProvider router={router} />
    </Suspense>,
  );
  return router;
}

const ADMIN = SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators]!;
const PARTNER = SEED_ROLE_PERMISSIONS[ROLE_IDS.partner]!;

describe('the console routes', { timeout: 60_000 }, () => {
  it('sends a signed-out visitor of a protected page to the login screen', async () => {
    useAuthStore.setState({ status: 'signedOut' });
    const router = open('/orders/detail?id=7');
    expect(await screen.findByTestId('login-email', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/auth/login');
    expect(router.state.location.state).toEqual({ from: '/orders/detail?id=7' });
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('after sign-in, goes back to the deep link the visitor was sent to sign in from', async () => {
    useAuthStore.setState({ status: 'signedOut' });
    const router = open('/supplier-management?page=2');
    await screen.findByTestId('login-email', {}, { timeout: 10_000 });
    signIn(ADMIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier-management'));
    expect(router.state.location.search).toBe('?page=2');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('a plain sign-in goes home', async () => {
    useAuthStore.setState({ status: 'signedOut' });
    const router = open('/admin/auth/login');
    await screen.findByTestId('login-email', {}, { timeout: 10_000 });
    signIn(ADMIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a deep link of an earlier page session or of a session that ended is not restored', async () => {
    // The login entry still carries a page in its history state, but nothing sent the user
    // to sign in from it in this page session (a reloaded, restored or old history entry).
    useAuthStore.setState({ status: 'signedOut' });
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/admin/auth/login', state: { from: '/stock' } }],
    });
    render(
      <Suspense fallback="loading">
        <RouterProvider router={router} />
      </Suspense>,
    );
    await screen.findByTestId('login-email', {}, { timeout: 10_000 });
    signIn(ADMIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    // Signed out on a deep page: the next sign-in goes home, not back to that page.
    await act(() => router.navigate('/supplier-management'));
    await act(() => signOut({ identity: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/login'));
    expect(router.state.location.state).toBeNull();
    signIn(ADMIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps the OTP screen for a pending challenge only', async () => {
    useAuthStore.setState({ status: 'signedOut', challengeEmail: null });
    const router = open('/admin/auth/otp');
    await screen.findByTestId('login-email', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/admin/auth/login');
  });

  it('redirects / to the dashboard and shows the not-deployed page inside the layout', async () => {
    signIn(ADMIN);
    const router = open('/');
    expect(
      await screen.findByText('This area is not deployed yet', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByTestId('user-menu').textContent).toContain('staff@esim.test');
    expect(screen.getByTestId('menu-roles')).toBeTruthy();
  });

  it('sends a signed-in user away from the login screen', async () => {
    signIn(ADMIN);
    const router = open('/admin/auth/login');
    await screen.findByTestId('area-not-deployed', {}, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('hides what the user may not use and answers a direct visit with Access Denied', async () => {
    signIn(PARTNER);
    open('/roles');
    expect(
      await screen.findByText(
        "Access Denied: you don't have permission to perform this action",
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('menu-roles')).toBeNull();
    expect(screen.getByTestId('menu-orders')).toBeTruthy();
  });

  it('shows a not-found page for unknown paths', async () => {
    signIn(ADMIN);
    open('/no/such/page');
    expect(await screen.findByTestId('not-found', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Page not found')).toBeTruthy();
  });

  it('renders a registered area with the route pattern, and contains a failing one', async () => {
    registerArea('orders', async () => ({
      default: ({ routePath }) => <p data-testid="orders-screen">orders at {routePath}</p>,
    }));
    registerArea('stock', async () => ({
      default: () => {
        throw new Error('remote crashed');
      },
    }));
    // The crash is expected; React and the boundary report it on the console.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      signIn(ADMIN);
      const router = open('/orders/detail');
      await screen.findByTestId('orders-screen', {}, { timeout: 15_000 });
      expect(screen.getByTestId('orders-screen').textContent).toBe('orders at /orders/detail');
      await act(() => router.navigate('/stock'));
      expect(await screen.findByTestId('area-failed')).toBeTruthy();
      expect(screen.getByTestId('menu-orders')).toBeTruthy();
      expect(consoleError).toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      unregisterArea('orders');
      unregisterArea('stock');
    }
  });

  it('retries an area whose code failed to load', async () => {
    let reachable = false;
    registerArea('partners', async () => {
      if (!reachable) throw new Error('ChunkLoadError: remote unreachable');
      return { default: () => <p data-testid="partners-screen">partners</p> };
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      signIn(ADMIN);
      open('/partners');
      const failed = await screen.findByTestId('area-failed', {}, { timeout: 15_000 });
      expect(screen.getByTestId('menu-partners')).toBeTruthy();
      reachable = true;
      await act(async () => failed.querySelector('button')?.click());
      // Retry reads the release document again first (it fails here: no API), then reloads.
      expect(await screen.findByTestId('partners-screen', {}, { timeout: 15_000 })).toBeTruthy();
    } finally {
      consoleError.mockRestore();
      unregisterArea('partners');
    }
  });

  it("serves a route a remote's manifest adds, with its menu entry and icon (no host change)", async () => {
    const campaigns = await remoteManifest('campaigns', '1.1.0');
    const extra = {
      ...campaigns.routes[0]!,
      path: '/campaign-code/report',
      labels: { en: 'Campaign report' },
      icon: 'GiftOutlined' as const,
      menu: { order: 81, labels: { en: 'Campaign report' } },
    };
    campaigns.routes = [...campaigns.routes, extra];
    registerArea('campaigns', async () => ({
      default: ({ routePath }) => <p data-testid="campaigns-screen">campaigns at {routePath}</p>,
    }));
    try {
      signIn(ADMIN, [...manifests.filter((item) => item.remote !== 'campaigns'), campaigns]);
      open('/campaign-code/report');
      const shown = await screen.findByTestId('campaigns-screen', {}, { timeout: 15_000 });
      expect(shown.textContent).toBe('campaigns at /campaign-code/report');
      const entry = screen.getByTestId('menu-campaign-code/report');
      expect(entry.textContent).toBe('Campaign report');
      const item = entry.closest('li')!;
      expect(item.querySelector('[data-icon="GiftOutlined"] svg')).toBeTruthy();
      expect(document.title).toBe('Campaign report | eSIM Console');
      // The other entries render the icon their remote's manifest names.
      const stock = screen.getByTestId('menu-stock').closest('li')!;
      expect(stock.querySelector('[data-icon="DatabaseOutlined"] svg')).toBeTruthy();
    } finally {
      unregisterArea('campaigns');
    }
  });

  it('leaves nothing behind on sign-out: login screen, empty cache', async () => {
    signIn(ADMIN);
    getQueryClient().setQueryData(['dashboard'], { sales: 1 });
    const router = open('/dashboard');
    await screen.findByTestId('area-not-deployed', {}, { timeout: 15_000 });
    await act(() => signOut({ identity: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/login'));
    expect(getQueryClient().getQueryData(['dashboard'])).toBeUndefined();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
