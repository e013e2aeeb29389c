import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  changeLanguage,
  i18next,
  initI18n,
  setRuntimeConfig,
  useAuthStore,
  type RuntimeConfig,
} from '@esim/platform';
import { routes } from '../src/app/router';

const config = (publicUrl: string | null): RuntimeConfig => ({
  apiBaseUrl: '/api/mng',
  publicUrl,
  identity: {
    region: 'ap-northeast-1',
    userPoolId: 'ap-northeast-1_local',
    userPoolClientId: 'esim-console-local',
    userPoolEndpoint: publicUrl ? `${publicUrl}/identity` : '/identity',
  },
  remotes: { releaseDocumentUrl: '/api/mng/release/pinned' },
});

beforeAll(async () => {
  // jsdom has <dialog> without showModal/close.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  await initI18n({ language: 'en', namespaces: ['common', 'auth'] });
});

afterEach(async () => {
  cleanup();
  useAuthStore.setState({ status: 'unknown', notice: null });
  await changeLanguage('en');
});

async function openLogin(): Promise<void> {
  useAuthStore.setState({ status: 'signedOut' });
  const router = createMemoryRouter(routes, { initialEntries: ['/admin/auth/login'] });
  render(
    <Suspense fallback="loading">
      <RouterProvider router={router} />
    </Suspense>,
  );
  await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });
}

describe('the sign-in screens', { timeout: 30_000 }, () => {
  it('carry the brand as the console does: the logo and the product name', async () => {
    setRuntimeConfig(config(null));
    await openLogin();
    const brand = screen.getByTestId('brand');
    expect(brand.textContent).toBe('eSIM Console');
    expect(brand.querySelector('[data-testid="brand-logo"]')).not.toBeNull();
  });

  it('switch the language with a styled listbox, not a native select', async () => {
    setRuntimeConfig(config(null));
    await openLogin();
    expect(document.querySelector('select')).toBeNull();
    const button = screen.getByRole('button', { name: 'Language: English' });
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const list = screen.getByRole('listbox', { name: 'Language' });
    expect(document.activeElement).toBe(list);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      '日本語',
      'Deutsch',
      'ไทย',
    ]);
    expect(screen.getByRole('option', { name: 'English' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    // Escape closes it and gives the focus back to the button.
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);

    // Keyboard: open with ArrowDown, move to 日本語, choose with Enter.
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const reopened = screen.getByRole('listbox');
    fireEvent.keyDown(reopened, { key: 'ArrowDown' });
    expect(reopened.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: '日本語' }).id,
    );
    await act(async () => {
      fireEvent.keyDown(reopened, { key: 'Enter' });
    });
    await waitFor(() => expect(i18next.language).toBe('ja'));
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("say 'OTP failed' when the code was wrong too often", async () => {
    setRuntimeConfig(config(null));
    await openLogin();
    act(() => useAuthStore.setState({ notice: 'otpFailed' }));
    const notice = await screen.findByTestId('signin-notice');
    expect(notice.textContent).toContain('OTP failed');
  });

  it('at an origin other than PUBLIC_URL, say where the console is instead of the form', async () => {
    setRuntimeConfig(config('https://console.example.com'));
    await openLogin();
    const notice = screen.getByTestId('wrong-origin');
    expect(notice.textContent).toBe(
      'This console is served at https://console.example.com. Open it there to sign in.',
    );
    expect(
      screen.getByRole('link', { name: 'https://console.example.com' }).getAttribute('href'),
      // The same page there (the memory router leaves jsdom's location alone).
    ).toBe(`https://console.example.com${window.location.pathname}`);
    expect(screen.queryByTestId('login-email')).toBeNull();
  });

  it('at the PUBLIC_URL origin, or without one, show the form', async () => {
    setRuntimeConfig(config(window.location.origin));
    await openLogin();
    expect(screen.getByTestId('login-email')).toBeTruthy();
    expect(screen.queryByTestId('wrong-origin')).toBeNull();
  });
});
