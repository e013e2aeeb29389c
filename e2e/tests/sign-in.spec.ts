import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ID_TOKEN_TTL_SECONDS, SCREENSHOT_DIR, STAFF_EMAIL } from '../support/env';
import { mailCount, waitForOtp } from '../support/mailbox';
import { requestOtp, signIn, signOut } from '../support/sign-in';

test('an administrator signs in with the code mailed to them and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  await signIn(page, ADMIN_EMAIL);
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN_EMAIL);

  await signOut(page);
  // The back button must not bring the signed-in screens back.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

test('an unknown e-mail is told the account does not exist', async ({ page }) => {
  await page.goto('/admin/auth/login');
  await page.getByTestId('login-email').fill('nobody@e2e.test');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Account does not exist, try a different email')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
});

test('an invalid e-mail is refused before anything is sent', async ({ page }) => {
  await page.goto('/admin/auth/login');
  await page.getByTestId('login-email').fill('not-an-email@domain');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Invalid email format.')).toBeVisible();
});

test('wrong codes show the attempts left, then the flow returns to login', async ({ page }) => {
  const index = await requestOtp(page, STAFF_EMAIL);
  const code = await waitForOtp(STAFF_EMAIL, index);
  const wrong = code === '000000' ? '111111' : '000000';

  await page.getByTestId('otp-input').fill(wrong);
  await page.getByTestId('otp-submit').click();
  await expect(page.getByText('OTP incorrect with 1 attempt left', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auth\/otp$/);

  await page.getByTestId('otp-input').fill(wrong);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  await expect(page.getByText('OTP failed', { exact: true })).toBeVisible();
});

test('resend mails a new code and only the new code signs in', async ({ page }) => {
  const first = await requestOtp(page, STAFF_EMAIL);
  const oldCode = await waitForOtp(STAFF_EMAIL, first);
  await page.getByTestId('otp-resend').click();
  const newCode = await waitForOtp(STAFF_EMAIL, first + 1);
  if (oldCode !== newCode) {
    await page.getByTestId('otp-input').fill(oldCode);
    await page.getByTestId('otp-submit').click();
    await expect(
      page.getByText('OTP incorrect with 1 attempt left', { exact: true }),
    ).toBeVisible();
  }
  await page.getByTestId('otp-input').fill(newCode);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the session is refreshed with the refresh token after the ID token expires', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  const refreshCalls: string[] = [];
  page.on('request', (request) => {
    const target = request.headers()['x-amz-target'] ?? '';
    if (/GetTokensFromRefreshToken|InitiateAuth/.test(target)) refreshCalls.push(target);
  });
  const permissionAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/mng/permission')) permissionAnswers.push(response.status());
  });

  await page.waitForTimeout((ID_TOKEN_TTL_SECONDS + 2) * 1000);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN_EMAIL);
  expect(refreshCalls.length).toBeGreaterThan(0);
  await expect.poll(() => permissionAnswers.at(-1)).toBe(200);
});

test('a correct code goes home; only a deep link the visitor was just sent from is kept', async ({
  page,
}) => {
  // A plain sign-in lands on the dashboard.
  await signIn(page, ADMIN_EMAIL);

  // Signed out on a deep page: the next sign-in goes home, not back to that page.
  await page.goto('/supplier-management');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await signOut(page);
  await signIn(page, ADMIN_EMAIL);
  await signOut(page);

  // Opened signed out: the login screen, then that page after signing in.
  await page.goto('/supplier-management?page=2');
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  const index = mailCount(ADMIN_EMAIL);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/admin\/auth\/otp$/);
  await page.getByTestId('otp-input').fill(await waitForOtp(ADMIN_EMAIL, index));
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/supplier-management\?page=2$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a page load reads the release document once, and that request completes', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  const requested: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/mng/release/pinned')) requested.push(request.url());
  });
  page.on('requestfailed', (request) => {
    failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(
    page
      .getByTestId('area-not-deployed')
      .or(page.getByTestId('area-coming-soon'))
      .or(page.getByTestId('area-screen'))
      .first(),
  ).toBeVisible();
  expect(requested).toHaveLength(1);
  expect(failed).toEqual([]);
});

test('the sign-in screens look like the console: brand, styled language dropdown', async ({
  page,
}) => {
  await page.goto('/admin/auth/login');
  const brand = page.getByTestId('brand');
  await expect(brand).toHaveText('eSIM Console');
  await expect(brand.getByTestId('brand-logo')).toBeVisible();
  await expect(page.locator('select')).toHaveCount(0);

  const language = page.getByRole('button', { name: 'Language: English' });
  await expect(language).toHaveAttribute('aria-haspopup', 'listbox');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'login.png') });
  await language.click();
  const list = page.getByRole('listbox', { name: 'Language' });
  await expect(list.getByRole('option')).toHaveText(['English', '日本語', 'Deutsch', 'ไทย']);
  await expect(list.getByRole('option', { name: 'English' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'login-language-menu.png') });
  await list.getByRole('option', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(list).toHaveCount(0);

  // The keyboard works too: ArrowDown opens it, Escape closes it and keeps the focus.
  const switchButton = page.getByTestId('language-switch');
  await switchButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(switchButton).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
