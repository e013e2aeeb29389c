import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ID_TOKEN_TTL_SECONDS, STAFF_EMAIL } from '../support/env';
import { waitForOtp } from '../support/mailbox';
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
  await expect(page.getByText('OTP incorrect with 1 attempts left')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auth\/otp$/);

  await page.getByTestId('otp-input').fill(wrong);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  await expect(page.getByText('otp failed')).toBeVisible();
});

test('resend mails a new code and only the new code signs in', async ({ page }) => {
  const first = await requestOtp(page, STAFF_EMAIL);
  const oldCode = await waitForOtp(STAFF_EMAIL, first);
  await page.getByTestId('otp-resend').click();
  const newCode = await waitForOtp(STAFF_EMAIL, first + 1);
  if (oldCode !== newCode) {
    await page.getByTestId('otp-input').fill(oldCode);
    await page.getByTestId('otp-submit').click();
    await expect(page.getByText('OTP incorrect with 1 attempts left')).toBeVisible();
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
