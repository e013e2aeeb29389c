import './setup';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getQueryClient, useAuthStore, usePermissionStore } from '@esim/platform';
import { RELEASE_DOCUMENT_QUERY_KEY, defineRemote, type RouteManifestEntry } from '../src';
import { TEST_VERSION } from './remotes';

/*
 * Every real area has its screens now, so the skeleton is shown here on a route without a screen
 * of a remote built like the settings area (its name, version and real locale files) from a
 * manifest of its own: the kit's behaviour, independent of which areas are still unbuilt.
 */
const SKELETON_MANIFEST = [
  {
    path: '/settings/coming-later',
    labelKey: 'settings:routes.notifications',
    icon: 'SettingOutlined',
    permission: { path: '/settings', method: 'GET' },
    menu: { order: 199 },
  },
] as const satisfies readonly RouteManifestEntry[];

function skeletonRemote() {
  const remote = defineRemote({
    name: 'settings',
    version: TEST_VERSION,
    locales: {
      en: () => import('@esim/locales/en/settings.json'),
      ja: () => import('@esim/locales/ja/settings.json'),
      de: () => import('@esim/locales/de/settings.json'),
      th: () => import('@esim/locales/th/settings.json'),
    },
  });
  return { remote, routes: remote.routes(SKELETON_MANIFEST) };
}

/** The host's i18next: languages en/ja/de/th, English fallback, no area namespace loaded. */
async function hostI18n(language: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ja', 'de', 'th'],
    ns: ['common'],
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
  });
  return instance;
}

function renderRoute(instance: i18n, Screen: React.ComponentType) {
  return render(
    <I18nextProvider i18n={instance}>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </I18nextProvider>,
  );
}

describe('the coming-soon skeleton screen', () => {
  afterEach(() => {
    useAuthStore.setState({ status: 'unknown', user: null });
    usePermissionStore.getState().clear();
    getQueryClient().clear();
  });

  let instance: i18n;
  beforeEach(async () => {
    instance = await hostI18n('en');
  });

  it(
    'says plainly, in English, that the screen is coming, and shows the remote build',
    { timeout: 30_000 },
    async () => {
      const { routes } = skeletonRemote();
      renderRoute(instance, routes[0]!.Component);

      // The first render loads the screen's chunk (antd): give it time.
      expect(
        await screen.findByText('Notices is coming soon', {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(
        screen.getByText(
          'The Settings area is not available yet. Its team is building this screen and will release it in a later version; nothing on this page works yet.',
        ),
      ).toBeTruthy();
      expect(screen.getByTestId('remote-version').textContent).toBe(`settings@${TEST_VERSION}`);
      // Nothing on it can be used: no form, no buttons.
      expect(document.querySelector('form, button, input')).toBeNull();
    },
  );

  it('loads the area namespace from the remote itself and follows language changes', async () => {
    const { routes } = skeletonRemote();
    await act(() => instance.changeLanguage('ja'));
    expect(instance.hasResourceBundle('ja', 'settings')).toBe(false);
    renderRoute(instance, routes[0]!.Component);
    expect(await screen.findByText('お知らせは近日公開予定です')).toBeTruthy();
    expect(instance.hasResourceBundle('ja', 'settings')).toBe(true);

    await act(() => instance.changeLanguage('de'));
    expect(await screen.findByText('Mitteilungen folgt in Kürze')).toBeTruthy();
    await act(() => instance.changeLanguage('th'));
    expect(await screen.findByText('ประกาศ จะเปิดให้ใช้งานเร็ว ๆ นี้')).toBeTruthy();
    expect(screen.getByTestId('remote-version').textContent).toBe(`settings@${TEST_VERSION}`);
  });

  it("shows each build's own version and texts (two versions of one remote differ visibly)", async () => {
    const texts = (version: string) => ({
      area: `Stock ${version}`,
      routes: { list: 'Stock management' },
      skeleton: {
        title: '{{screen}} is coming soon',
        description: '{{area}}',
        version: 'Area version',
      },
    });
    const build = (version: string) =>
      defineRemote({
        name: 'stock',
        version,
        locales: {
          en: async () => ({ default: texts(version) }),
          ja: async () => ({ default: texts(version) }),
          de: async () => ({ default: texts(version) }),
          th: async () => ({ default: texts(version) }),
        },
      });
    const v1 = build('1.0.0').routes([
      {
        path: '/stock',
        labelKey: 'stock:routes.list',
        icon: 'DatabaseOutlined',
        permission: { path: '/stock', method: 'GET' },
        menu: { order: 50 },
      },
    ]);
    const { unmount } = renderRoute(instance, v1[0]!.Component);
    expect((await screen.findByTestId('remote-version')).textContent).toBe('stock@1.0.0');
    expect(screen.getByText('Stock 1.0.0')).toBeTruthy();
    unmount();

    // A fresh page load of the console with the other version pinned.
    const freshHost = await hostI18n('en');
    const v2 = build('1.0.1').routes([
      {
        path: '/stock',
        labelKey: 'stock:routes.list',
        icon: 'DatabaseOutlined',
        permission: { path: '/stock', method: 'GET' },
        menu: { order: 50 },
      },
    ]);
    renderRoute(freshHost, v2[0]!.Component);
    expect((await screen.findByTestId('remote-version')).textContent).toBe('stock@1.0.1');
    expect(screen.getByText('Stock 1.0.1')).toBeTruthy();
  });

  it("reads the host's singletons: the signed-in user, the role and the console's QueryClient", async () => {
    // What the host did at sign-in: auth store, permission store, release document in the cache.
    useAuthStore.setState({ status: 'signedIn', user: { email: 'admin@esim.test', sub: 'u1' } });
    usePermissionStore.setState({
      status: 'ready',
      email: 'admin@esim.test',
      roleId: 'administrators',
      permissions: [],
    });
    getQueryClient().setQueryData(RELEASE_DOCUMENT_QUERY_KEY, {
      remotes: {
        settings: {
          version: TEST_VERSION,
          manifestUrl: 'http://x/settings/mf-manifest.json',
          preview: true,
        },
      },
    });
    instance.addResourceBundle('en', 'common', { fields: { email: 'Email', roleId: 'Role' } });
    const { routes } = skeletonRemote();
    const { unmount } = render(
      <QueryClientProvider client={getQueryClient()}>
        <I18nextProvider i18n={instance}>
          <Suspense fallback={<p>loading</p>}>
            <Screen component={routes[0]!.Component} />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(
      (await screen.findByTestId('remote-user-email', {}, { timeout: 15_000 })).textContent,
    ).toBe('admin@esim.test');
    expect(screen.getByTestId('remote-role-id').textContent).toBe('administrators');
    expect(screen.getByText('Email')).toBeTruthy();
    expect(screen.getByText('Role')).toBeTruthy();
    const facts = screen.getByTestId('remote-session');
    expect(facts.dataset.sharedQueryClient).toBe('true');
    expect(facts.dataset.releaseVersion).toBe(TEST_VERSION);
    expect(facts.dataset.releasePreview).toBe('true');

    // The auth store is live: a sign-out elsewhere empties it here too.
    act(() => useAuthStore.setState({ user: null, status: 'signedOut' }));
    expect(screen.getByTestId('remote-user-email').textContent).toBe('');
    unmount();

    // Under a different QueryClient than the console's, the screen says so.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={instance}>
          <Suspense fallback={<p>loading</p>}>
            <Screen component={routes[0]!.Component} />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('remote-session')).dataset.sharedQueryClient).toBe('false');
  });
});

function Screen({ component: Component }: { component: React.ComponentType }) {
  return <Component />;
}
