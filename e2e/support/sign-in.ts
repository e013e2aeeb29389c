import { expect, type Page } from '@playwright/test';
import { mailCount, waitForOtp } from './mailbox';

/** Asks for a code for `email` on the login screen; returns the index its mail will have. */
export async function requestOtp(page: Page, email: string): Promise<number> {
  const index = mailCount(email);
  await page.goto('/admin/auth/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/admin\/auth\/otp$/);
  return index;
}

/** Full sign-in through the UI, reading the OTP from the SMTP listener's mailbox. */
export async function signIn(page: Page, email: string): Promise<void> {
  const index = await requestOtp(page, email);
  const code = await waitForOtp(email, index);
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
}
