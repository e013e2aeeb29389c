import { expect, test, type Page } from '@playwright/test';
import { query } from '../support/database';
import { ADMIN_EMAIL, STAFF_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * Notices, the header bell and the settings screen on the built console (issue 18): an
 * administrator publishes a notice in English and Japanese, a staff user sees the unread count,
 * reads it in Japanese and the count drops; the settings screen renames the user and changes the
 * language; signing out of all devices ends another browser's session too.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const RUN = Date.now().toString(36);
const TITLE_EN = `Maintenance tonight ${RUN}`;
const TITLE_JA = `今夜のメンテナンス ${RUN}`;
const BODY_JA = 'コンソールは22時から23時まで停止します。\nご不便をおかけします。';
const settings = (key: string) => text('en', 'settings', key);

/** The unread count the bell shows. */
async function unreadCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('notifications').getAttribute('data-unread'));
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('an administrator publishes a notice in English and Japanese; staff read it in Japanese and the bell drops', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/settings/notifications?tab=manage');
  await expect(page.getByTestId('notices-manage')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: settings('notices.list.publish') }).click();
  const form = page.getByTestId('notice-form');
  await expect(form).toBeVisible();
  // English is required: saving without it keeps the drawer open with the field's message.
  await page.getByTestId('notice-save').click();
  await expect(form.getByText('Title is required.')).toBeVisible();

  await form.locator('[id="field-title.en"]').fill(TITLE_EN);
  await form.locator('[id="field-body.en"]').fill('The console is down from 22:00 to 23:00.');
  await page.getByTestId('notice-language-ja').click();
  await form.locator('[id="field-title.ja"]').fill(TITLE_JA);
  await form.locator('[id="field-body.ja"]').fill(BODY_JA);
  await page.getByTestId('notice-save').click();
  await expect(form).toHaveCount(0, { timeout: 20_000 });
  const row = page.getByRole('row').filter({ hasText: TITLE_EN });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('notice-state')).toHaveAttribute('data-state', 'current');
  // Its History entry names the notice and who published it.
  await page.getByRole('tab', { name: settings('notices.tabs.history') }).click();
  const entry = page.getByTestId('audit-entry').filter({ hasText: TITLE_EN }).first();
  await expect(entry.getByTestId('audit-actor')).toHaveText(ADMIN_EMAIL);

  // A staff user in another browser.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, STAFF_EMAIL);
    const bell = staff.getByTestId('notifications');
    await expect(bell).not.toHaveAttribute('data-unread', '0', { timeout: 20_000 });
    const before = await unreadCount(staff);

    await chooseLanguage(staff, 'ja');
    await bell.click();
    const item = staff
      .getByTestId('notifications-popover')
      .getByTestId('notice-item')
      .filter({ hasText: TITLE_JA });
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item.getByTestId('notice-unread-dot')).toBeVisible();
    await item.getByTestId('notice-open').click();
    await expect(staff.getByTestId('notice-dialog-title')).toHaveText(TITLE_JA);
    await expect(staff.getByTestId('notice-dialog-body')).toHaveText(BODY_JA);
    await staff.getByTestId('notice-dialog-close').click();
    await expect(bell).toHaveAttribute('data-unread', String(before - 1));

    // Read in the bell, read on the notices screen too.
    await bell.click();
    await staff.getByTestId('notifications-all').click();
    await expect(staff).toHaveURL(/\/settings\/notifications$/);
    await expect(
      staff.getByTestId('notices-current').getByTestId('notice-item').filter({ hasText: TITLE_JA }),
    ).toHaveAttribute('data-read', 'true');
    await chooseLanguage(staff, 'en');
  } finally {
    await staffContext.close();
  }
});

test('the settings screen shows the profile, renames the user and changes the language', async ({
  page,
}) => {
  await signIn(page, STAFF_EMAIL);
  await page.getByTestId('menu-settings').click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('profile-email')).toHaveText(STAFF_EMAIL, { timeout: 20_000 });
  await expect(page.getByTestId('profile-role')).toHaveText('Administrators staff');

  const name = `E2E Staff ${RUN}`;
  await page.locator('#field-name').fill(name);
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  const [saved] = await query<{ name: string }>('SELECT name FROM users WHERE email = $1', [
    STAFF_EMAIL,
  ]);
  expect(saved?.name).toBe(name);
  await page.reload();
  await expect(page.locator('#field-name')).toHaveValue(name, { timeout: 20_000 });

  // The same setting as the header's switch: the whole console follows, and a reload keeps it.
  await page.getByTestId('settings-language-de').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page.getByRole('heading', { name: text('de', 'settings', 'home.title') }),
  ).toBeVisible();
  await expect(page.getByTestId('language-switch')).toContainText('Deutsch');
  await page.reload();
  await expect(page.getByTestId('settings-language')).toContainText(
    text('de', 'settings', 'language.title'),
    { timeout: 20_000 },
  );
  await page.getByTestId('settings-language-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("signing out of all devices ends another browser's session too", async ({ page, browser }) => {
  const email = `sessions-${RUN}@e2e.test`;
  await query(
    `INSERT INTO users (email, name, role_id) VALUES ($1, 'E2E Sessions', 'administrators_staff')`,
    [email],
  );
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signIn(other, email);
    await signIn(page, email);
    await page.goto('/settings');
    await page.getByTestId('sign-out-everywhere').click();
    const dialog = page.getByRole('dialog').filter({ hasText: settings('session.confirmTitle') });
    await dialog.getByRole('button', { name: settings('session.signOutEverywhere') }).click();
    await expect(page).toHaveURL(/\/admin\/auth\/login$/, { timeout: 20_000 });

    // The other browser's session was ended too: its next page load asks for a sign-in.
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/admin\/auth\/login/, { timeout: 30_000 });
  } finally {
    await otherContext.close();
  }
});
