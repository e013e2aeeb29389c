import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCES, type Profile } from '@esim/contracts';
import { getQueryClient, useAuthStore, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  waitFor,
  within,
  startFakeApi,
  type FakeAnswer as Answer,
  type Recorded,
} from '@esim/ui/testing';
import { SettingsScreen } from '../src/home/SettingsScreen';

/* /settings: profile, language, session and the links, against a fake API. */

const WAIT = { timeout: 30_000 };
const PROFILE: Profile = {
  id: 'u1',
  email: 'staff@esim.test',
  name: 'Hana',
  roleId: 'administrators_staff',
  roleName: 'Administrators staff',
  partnerId: null,
  partnerName: null,
  lastLoginDate: '2030-11-30T00:00:00.000Z',
};

function answer(request: Recorded): Answer {
  if (request.path !== 'profile') return { status: 404, body: { errors: [], errorMessage: '' } };
  if (request.method === 'GET') return { status: 200, body: { data: PROFILE } };
  const { name } = JSON.parse(request.body) as { name: string | null };
  return {
    status: 200,
    body: {
      data: { ...PROFILE, name },
      message: 'Profile updated.',
      messageKey: 'profile.updated',
    },
  };
}

let api: Awaited<ReturnType<typeof startFakeApi>>;
let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  api = await startFakeApi(answer);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  getQueryClient().clear();
  useAuthStore.setState({ status: 'signedIn', user: { email: 'staff@esim.test', sub: 'u1' } });
  usePermissionStore.setState({
    roleId: 'administrators_staff',
    permissions: [
      { path: RESOURCES.settings, methods: ['GET'] },
      { path: RESOURCES.notifications, methods: ['GET'] },
    ],
    status: 'ready',
  });
});

function renderScreen() {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/settings', element: <SettingsScreen /> }], {
          initialEntries: ['/settings'],
        })}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    en,
  );
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('the settings screen', { timeout: 60_000 }, () => {
  it("shows the signed-in user's profile and saves a new name", async () => {
    renderScreen();
    expect((await screen.findByTestId('profile-email', {}, WAIT)).textContent).toBe(
      'staff@esim.test',
    );
    const role = screen.getByTestId('profile-role');
    expect(role.textContent).toBe('Administrators staff');
    expect(role.dataset.roleId).toBe('administrators_staff');
    expect(screen.getByTestId('profile-partner').textContent).toBe('None (reseller staff)');
    // The console's own QueryClient is the one this screen reads through.
    expect(screen.getByTestId('area-screen').dataset.sharedQueryClient).toBe('true');

    const name = document.getElementById('field-name') as HTMLInputElement;
    expect(name.value).toBe('Hana');
    fireEvent.change(name, { target: { value: 'Hana Sato' } });
    await click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(api.sent('PUT', 'profile')).toHaveLength(1), WAIT);
    expect(JSON.parse(api.sent('PUT', 'profile')[0]!.body)).toEqual({ name: 'Hana Sato' });
  });

  it('links to the notices, and to the releases only for those who may see them', async () => {
    const { unmount } = renderScreen();
    const more = await screen.findByTestId('settings-more', {}, WAIT);
    expect(within(more).getByTestId('settings-link-notices').getAttribute('href')).toBe(
      '/settings/notifications',
    );
    expect(within(more).queryByTestId('settings-link-releases')).toBeNull();
    unmount();
    usePermissionStore.setState({ permissions: [{ path: '*', methods: ['GET'] }] });
    renderScreen();
    expect(await screen.findByTestId('settings-link-releases', {}, WAIT)).toBeTruthy();
  });

  it('signs out of all devices only after confirming, then signs out here', async () => {
    renderScreen();
    await click(await screen.findByTestId('sign-out-everywhere', {}, WAIT));
    const question = await screen.findByText('Sign out of all devices?', {}, WAIT);
    const dialog = question.closest('[role="dialog"]') as HTMLElement;
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(useAuthStore.getState().status).toBe('signedIn');

    await click(screen.getByTestId('sign-out-everywhere'));
    const again = (await screen.findByText('Sign out of all devices?', {}, WAIT)).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await click(within(again).getByRole('button', { name: 'Sign out of all devices' }));
    // No identity service here: the global sign-out fails, this browser is signed out anyway.
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'), WAIT);
  });
});
