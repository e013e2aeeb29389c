import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * The suppliers area on the built console (fresh database): create through the UI, find it in
 * the list, edit it, read both changes in its History; the unique-name rule on the name field;
 * the CSV export.
 */
// Several screens load per test (each remote chunk on first use) on a shared, busy CPU.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const t = (key: string) => text('en', 'suppliers', key);
const RUN = Date.now().toString(36);
const NAME = `E2E Supplier ${RUN}`;
/** The detail URL of the supplier the first test creates. */
let detailUrl = '';

/** The antd form item around a form field (label, input and its error text). */
function formItem(page: Page, field: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.locator(`#field-${field}`) });
}

async function openList(page: Page): Promise<void> {
  await page.getByTestId('menu-supplier-management').click();
  await expect(page).toHaveURL(/\/supplier-management(\?|$)/);
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
}

async function createSupplier(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: t('list.create') }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText(t('create.title')).first()).toBeVisible();
  await page.locator('#field-name').fill(name);
  await page.locator('#field-companyName').fill('E2E Telecom K.K.');
  await page.locator('#field-email').fill('Contact@E2E.test');
  // Enter in a field submits the form.
  await page.locator('#field-email').press('Enter');
}

test('create a supplier, find it in the list, edit it and read both changes in its History', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);

  await createSupplier(page, NAME);
  await expect(page).toHaveURL(/\/supplier-management\/detail\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('supplier-title')).toHaveText(NAME);
  await expect(page.getByTestId('supplier-field-email')).toHaveText('contact@e2e.test');
  detailUrl = page.url();

  // The list (searched through the URL-synced search box) shows it and links to it.
  await openList(page);
  await page.getByLabel(t('list.search')).fill(RUN);
  await page.getByLabel(t('list.search')).press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${RUN}`));
  const link = page.getByTestId('supplier-link').filter({ hasText: NAME });
  await expect(link).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('supplier-link').filter({ hasText: NAME })).toHaveCount(1, {
    timeout: 20_000,
  });
  await page.getByTestId('supplier-link').filter({ hasText: NAME }).click();
  await expect(page).toHaveURL(detailUrl);

  // Edit: change the abbreviation and the remark.
  await page.getByRole('button', { name: t('actions.edit') }).click();
  await expect(page.locator('#field-name')).toHaveValue(NAME);
  await page.locator('#field-abbreviation').fill('E2E');
  await page.locator('#field-remark').fill('Edited by the e2e suite');
  await page.getByRole('button', { name: t('edit.submit') }).click();
  await expect(page.getByTestId('supplier-field-abbreviation')).toHaveText('E2E');
  await expect(page.getByTestId('supplier-field-remark')).toHaveText('Edited by the e2e suite');

  // History: the update (before/after) on top of the create.
  await page.getByRole('tab', { name: t('detail.tabs.history') }).click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(2);
  const [update, create] = [entries.nth(0), entries.nth(1)];
  await expect(update).toHaveAttribute('data-action', 'update');
  await expect(update.getByTestId('audit-actor')).toHaveText(ADMIN_EMAIL);
  const abbreviation = update.locator('[data-testid="audit-change"][data-field="abbreviation"]');
  await expect(abbreviation.getByRole('rowheader')).toHaveText(t('fields.abbreviation'));
  await expect(abbreviation.getByTestId('audit-before')).toHaveText(
    text('en', 'ui', 'audit.notSet'),
  );
  await expect(abbreviation.getByTestId('audit-after')).toHaveText('E2E');
  const remark = update.locator('[data-testid="audit-change"][data-field="remark"]');
  await expect(remark.getByTestId('audit-after')).toHaveText('Edited by the e2e suite');

  await expect(create).toHaveAttribute('data-action', 'create');
  const name = create.locator('[data-testid="audit-change"][data-field="name"]');
  await expect(name.getByTestId('audit-before')).toHaveText(text('en', 'ui', 'audit.notSet'));
  await expect(name.getByTestId('audit-after')).toHaveText(NAME);
  // The tab is part of the URL: a reload shows the history again.
  await page.reload();
  await expect(page.getByTestId('audit-entry')).toHaveCount(2, { timeout: 20_000 });
});

test('a duplicate name shows the spec message on the name field', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);
  await createSupplier(page, NAME.toUpperCase());
  await expect(formItem(page, 'name').locator('.ant-form-item-explain-error')).toHaveText(
    'Name already existed in the database.',
  );
  // Still on the list with the form open: nothing was created.
  await expect(page).toHaveURL(/\/supplier-management(\?|$)/);
  await expect(page.locator('#field-name')).toBeFocused();
});

test('saving over a change someone else made meanwhile shows a conflict with Reload, no overwrite', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto(detailUrl);
  await page.getByRole('button', { name: t('actions.edit') }).click();
  await page.locator('#field-remark').fill('Saved by the first tab');

  // Another tab of the same user edits and saves first.
  const other = await context.newPage();
  await other.goto(detailUrl);
  await other.getByRole('button', { name: t('actions.edit') }).click();
  await other.locator('#field-remark').fill('Saved by the second tab');
  await other.getByRole('button', { name: t('edit.submit') }).click();
  await expect(other.getByTestId('supplier-field-remark')).toHaveText('Saved by the second tab');
  await other.close();

  await page.getByRole('button', { name: t('edit.submit') }).click();
  const conflict = page.getByTestId('supplier-conflict');
  await expect(conflict).toContainText(t('conflict.title'));
  await conflict.getByRole('button', { name: t('conflict.reload') }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.locator('#field-remark')).toHaveValue('Saved by the second tab');
  await page.locator('#field-remark').fill('Saved by the first tab after reloading');
  await page.getByRole('button', { name: t('edit.submit') }).click();
  await expect(page.getByTestId('supplier-field-remark')).toHaveText(
    'Saved by the first tab after reloading',
  );
});

test('a supplier nothing refers to can be deleted after a confirmation', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);
  const name = `E2E Delete ${RUN}`;
  await createSupplier(page, name);
  await expect(page.getByTestId('supplier-title')).toHaveText(name);
  await page.getByRole('button', { name: t('actions.delete') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('delete.title').replace('{{name}}', name));
  await dialog.getByRole('button', { name: t('delete.confirm') }).click();
  await expect(page).toHaveURL(/\/supplier-management$/);
  await page.getByLabel(t('list.search')).fill(name);
  await page.getByLabel(t('list.search')).press('Enter');
  await expect(page.getByText(t('list.emptyFiltered'))).toBeVisible();
});

test('Export CSV downloads the current filter as UTF-8 with a BOM', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('list.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain(NAME);
  await expect(page.getByText(t('list.exportSuccess'))).toBeVisible();
});
