import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from '../support/antd-select';
import { ADMIN_EMAIL, SCREENSHOT_DIR } from '../support/env';
import { text } from '../support/locales';
import { mailCount, waitForOtp } from '../support/mailbox';
import { requestOtp, signIn } from '../support/sign-in';

/*
 * Roles and staff users on the built console (fresh database): an administrator creates a role,
 * grants Orders view + create in the matrix (the diff preview first), invites a staff member
 * with it; the invitee signs in and sees only Orders. The administrator takes Orders create
 * away: the invitee's next refused call (403) reloads their permissions and the Create order
 * button goes without a page reload. Then the account is disabled.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const t = (key: string) => text('en', 'roles', key);
const RUN = Date.now().toString(36);
const ROLE_NAME = `E2E clerks ${RUN}`;
const INVITEE = `clerk-${RUN}@e2e.test`;

async function saveMatrix(page: Page, granted: string[], removed: string[]): Promise<void> {
  await page.getByTestId('permissions-save').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(t('matrix.previewTitle'))).toBeVisible();
  for (const id of granted) await expect(dialog.getByTestId(`diff-granted-${id}`)).toBeVisible();
  for (const id of removed) await expect(dialog.getByTestId(`diff-removed-${id}`)).toBeVisible();
  await page.screenshot({
    path: path.join(
      SCREENSHOT_DIR,
      `roles-matrix-preview-${removed.length > 0 ? 'remove' : 'grant'}.png`,
    ),
    fullPage: true,
  });
  await dialog.getByRole('button', { name: t('matrix.confirm') }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('permissions-save')).toBeDisabled();
}

test('a role granted in the matrix, an invited clerk, rights taken away live, the account disabled', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN_EMAIL);

  // Create the role: its (empty) matrix opens.
  await page.getByTestId('menu-roles').click();
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: t('list.create') }).click();
  await expect(page).toHaveURL(/\/roles\/register$/);
  await page.locator('#field-name').fill(ROLE_NAME);
  await page.locator('#field-description').fill('Takes orders at the front desk');
  await page.getByTestId('role-create').click();
  await expect(page).toHaveURL(/\/roles\?id=/, { timeout: 20_000 });
  await expect(page.getByTestId('role-title')).toHaveText(ROLE_NAME);
  const roleUrl = page.url();

  // Orders: View + Create; the preview lists both as granted.
  await expect(page.getByTestId('permissions-save')).toBeDisabled();
  await page.getByTestId('perm-/orders-GET').check();
  await page.getByTestId('perm-/orders-POST').check();
  await saveMatrix(page, ['/orders-GET', '/orders-POST'], []);
  await page.reload();
  await expect(page.getByTestId('perm-/orders-POST')).toBeChecked({ timeout: 20_000 });

  // Invite a staff member with the role.
  await page.getByTestId('menu-roles/users').click();
  await expect(page.getByRole('heading', { name: t('users.title') })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: t('users.invite') }).click();
  await page.locator('#field-email').fill(INVITEE);
  await page.locator('#field-name').fill('E2E Clerk');
  await chooseOption(page, page.locator('#field-roleId'), ROLE_NAME, ROLE_NAME);
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText('Invitation sent.')).toBeVisible({ timeout: 20_000 });
  const inviteeRow = page.locator('tr', { has: page.getByText(INVITEE) });
  await expect(inviteeRow).toContainText(ROLE_NAME);
  await expect(inviteeRow).toContainText(t('users.never'));
  await expect.poll(() => mailCount(INVITEE), { timeout: 15_000 }).toBe(1);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'roles-staff-users.png'),
    fullPage: true,
  });

  // The invitee signs in with a one-time password and sees Orders only.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  const index = await requestOtp(invitee, INVITEE);
  await invitee.getByTestId('otp-input').fill(await waitForOtp(INVITEE, index));
  await invitee.getByTestId('otp-submit').click();
  // No dashboard for this role: Access Denied, then the first screen it may use.
  await invitee.getByRole('button', { name: text('en', 'ui', 'noPermission.ok') }).click();
  await expect(invitee).toHaveURL(/\/orders$/, { timeout: 20_000 });
  await expect(invitee.getByTestId('menu-orders')).toBeVisible();
  for (const hidden of ['dashboard', 'roles', 'roles/users', 'stock', 'settings/releases']) {
    await expect(invitee.getByTestId(`menu-${hidden}`)).toHaveCount(0);
  }
  // Their own language, profile and session: every signed-in user.
  await expect(invitee.getByTestId('menu-settings')).toBeVisible();
  const createOrder = invitee.getByRole('button', { name: text('en', 'orders', 'list.create') });
  await expect(createOrder).toBeVisible({ timeout: 20_000 });

  // The administrator takes Orders create away.
  await page.goto(roleUrl);
  await page.getByTestId('perm-/orders-POST').uncheck();
  await saveMatrix(page, [], ['/orders-POST']);

  // The invitee's page still offers it; the next call it makes on orders is refused (403),
  // which reloads their permissions: the button goes, without a page reload.
  await invitee.getByTestId('import-revenue').click();
  await invitee.getByTestId('revenue-csv-file').setInputFiles({
    name: 'revenue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('orderNo,amount,paidOn,method,reference\n'),
  });
  await expect(createOrder).toHaveCount(0, { timeout: 20_000 });
  await expect(invitee.getByTestId('import-revenue')).toHaveCount(0);
  await expect(invitee).toHaveURL(/\/orders$/);

  // Disable the account: confirmed, then shown as disabled.
  await page.getByTestId('menu-roles/users').click();
  const row = page.locator('tr', { has: page.getByText(INVITEE) });
  await row.getByTestId('user-disable').click();
  const confirmDialog = page.getByRole('dialog');
  await expect(confirmDialog.getByText(`Disable ${INVITEE}?`)).toBeVisible();
  await confirmDialog.getByRole('button', { name: t('users.disable') }).click();
  await expect(row.getByTestId('user-status')).toHaveText(t('status.inactive'), {
    timeout: 20_000,
  });
  await expect(row.getByTestId('user-enable')).toBeVisible();

  // Its sessions ended: the invitee's next call signs them out.
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/admin\/auth\/login$/, { timeout: 30_000 });
  await inviteeContext.close();
});
