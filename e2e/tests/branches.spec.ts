import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from '../support/antd-select';
import { ADMIN_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * The branches area on the built console: register a branch with a rich-text template (a
 * placeholder from the menu, previewed with sample values), give it an issuer (a wrong check
 * digit refused first), find it in the list, edit it and read the change in its History.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const t = (key: string) => text('en', 'branches', key);
const RUN = Date.now().toString(36).toUpperCase();
const NAME = `E2E Branch ${RUN}`;
const CODE = `E2E-${RUN}`;

async function openList(page: Page): Promise<void> {
  await page.getByTestId('menu-branch-master').click();
  await expect(page).toHaveURL(/\/branch-master(\?|$)/);
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
}

test('register a branch with a template and an issuer, find it in the list and edit it', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);

  // Register: the form with the editor, a placeholder from the menu and the preview.
  await page.getByRole('button', { name: t('list.create') }).click();
  await expect(page).toHaveURL(/\/branch-master\/register$/);
  await page.locator('#field-name').fill(NAME);
  await page.locator('#field-code').fill(CODE);
  await chooseOption(page, page.locator('#field-target'), t('target.franchise'));
  await page.locator('#field-providerName').fill('A2N Japan K.K.');
  const editor = page.getByTestId('template-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.type('Issued by ');
  await page.getByTestId('template-insert-placeholder').click();
  await page.getByRole('menuitem', { name: t('template.placeholders.providerName') }).click();
  await expect(page.getByTestId('template-preview-body')).toContainText(
    'Issued by Example Provider Co., Ltd.',
  );
  await page.getByTestId('branch-save').click();

  await expect(page).toHaveURL(/\/branch-master\/detail\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('branch-title')).toHaveText(NAME);
  await expect(page.getByTestId('branch-field-invoiceTitle')).toHaveText('Invoice');
  await expect(page.getByTestId('branch-field-taxName')).toHaveText('VAT');
  await expect(page.getByTestId('template-preview-body')).toContainText(
    'Issued by Example Provider Co., Ltd.',
  );
  const detailUrl = page.url();

  // An issuer: the wrong check digit is refused on its field, the right number is saved.
  await page.getByRole('tab', { name: t('detail.tabs.issuers') }).click();
  await expect(page.getByText(t('issuer.empty'))).toBeVisible();
  await page.getByRole('button', { name: t('issuer.create') }).click();
  await expect(page).toHaveURL(/\/branch-master\/item\/register\/jp\?branchId=/);
  await page.locator('#field-legalName').fill('A2N Japan K.K.');
  await page.locator('#field-address').fill('1-1 Marunouchi, Chiyoda-ku, Tokyo');
  await page.locator('#field-registrationNumber').fill('T7000012050003');
  await page.getByTestId('issuer-save').click();
  await expect(
    page.getByText('The check digit of Registration number does not match: check the number.'),
  ).toBeVisible();
  await page.locator('#field-registrationNumber').fill('T7000012050002');
  await page.getByTestId('issuer-save').click();
  await expect(page).toHaveURL(/\/branch-master\/detail\?id=.*tab=issuers/);
  const issuer = page.getByTestId('issuer-link').filter({ hasText: 'A2N Japan K.K.' });
  await expect(issuer).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'T7000012050002' })).toBeVisible();

  // The list finds it by its code and counts its issuer.
  await openList(page);
  await page.getByLabel(t('list.search')).fill(CODE);
  await page.getByLabel(t('list.search')).press('Enter');
  const link = page.getByTestId('branch-link').filter({ hasText: NAME });
  await expect(link).toHaveCount(1);
  const row = page.locator('tr').filter({ has: link });
  await expect(row).toContainText(t('target.franchise'));
  await link.click();
  await expect(page).toHaveURL(detailUrl);

  // Edit: the provider name; the History shows the change.
  await page.getByTestId('branch-edit').click();
  await expect(page.locator('#field-name')).toHaveValue(NAME);
  await page.locator('#field-providerName').fill('A2N Holdings K.K.');
  await page.getByTestId('branch-save').click();
  await expect(page.getByTestId('branch-field-providerName')).toHaveText('A2N Holdings K.K.');
  await page.getByRole('tab', { name: t('detail.tabs.history') }).click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(2);
  const change = entries.nth(0).locator('[data-testid="audit-change"][data-field="providerName"]');
  await expect(change.getByTestId('audit-before')).toHaveText('A2N Japan K.K.');
  await expect(change.getByTestId('audit-after')).toHaveText('A2N Holdings K.K.');
});
