import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * The partners area on the built console: register a partner through the form (with a custom
 * field), find it in the list, edit it and read the change in its History.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const t = (key: string) => text('en', 'partners', key);
const RUN = Date.now().toString(36);
const NAME = `E2E Partner ${RUN}`;
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openList(page: Page): Promise<void> {
  await page.getByTestId('menu-partners').click();
  await expect(page).toHaveURL(/\/partners(\?|$)/);
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
}

test('register a partner, find it in the list, edit it and read the change in its History', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);

  // Register (a page form; the target keeps its default, affiliate).
  await page.getByRole('button', { name: t('list.create') }).click();
  await expect(page).toHaveURL(/\/partners\/register$/);
  await page.locator('#field-name').fill(NAME);
  await page.locator('#field-code').fill(`E2E-${RUN}`);
  await page.locator('#field-loginEmail').fill('Owner@E2E-Partner.test');
  await page.locator('#field-slug').fill('Bad Slug');
  await page.getByTestId('add-custom-field').click();
  await page.locator('#field-customFields\\.0\\.name').fill('Contract no');
  await page.locator('#field-customFields\\.0\\.value').fill('C-42');
  // The logo goes up in two steps; the server checks the content, not the name.
  const logo = page.getByTestId('field-logoKey');
  await logo.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('hi') });
  await expect(page.getByTestId('field-logoKey-error')).toContainText(
    'Only .png, .jpg, .jpeg, .webp formats are supported.',
  );
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('field-logoKey-name')).toContainText('logo.png');
  await page.getByRole('button', { name: t('register.submit') }).click();
  // The slug rule is the spec's message, on the field.
  await expect(
    page.getByText('URL slug can only contain lowercase letters, hyphens and underscores.'),
  ).toBeVisible();
  await page.locator('#field-slug').fill(`endtoend-partner-${RUN.replace(/[0-9]/g, 'x')}`);
  // Enter in a field submits the form.
  await page.locator('#field-slug').press('Enter');

  await expect(page).toHaveURL(/\/partners\/detail\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('partner-title')).toHaveText(NAME);
  await expect(page.getByTestId('partner-field-loginEmail')).toHaveText('owner@e2e-partner.test');

  // The list (searched through the URL-synced search box) shows it and links to it.
  await openList(page);
  await page.getByLabel(t('list.search')).fill(RUN);
  await page.getByLabel(t('list.search')).press('Enter');
  await expect(page.getByTestId('partner-link')).toHaveCount(1);
  await page.getByTestId('partner-link').click();
  await expect(page.getByTestId('partner-title')).toHaveText(NAME);

  // Edit.
  await page.getByRole('button', { name: t('actions.edit') }).click();
  await page.locator('#field-representativeName').fill('Hanako Yamada');
  await page.getByRole('button', { name: t('edit.submit') }).click();
  await expect(page.getByTestId('partner-field-representativeName')).toHaveText('Hanako Yamada');

  // Custom fields and History.
  await page.getByRole('tab', { name: t('detail.tabs.customFields') }).click();
  await expect(page.getByTestId('partner-custom-fields')).toContainText('C-42');
  await page.getByRole('tab', { name: t('detail.tabs.history') }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: t('detail.tabs.history') })
      .getByRole('row', { name: /Representative name.*Hanako Yamada/ }),
  ).toBeVisible();
});
