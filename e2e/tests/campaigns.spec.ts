import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * The campaign codes area on the built console (fresh database): a percent campaign created in
 * the browser, found in the list, opened on its detail; the spec's 1..100 rule on the way.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const t = (key: string) => text('en', 'campaigns', key);
const RUN = Date.now().toString(36).toUpperCase();
const CODE = `E2E-${RUN}`;

/** A day `days` after today, yyyy-MM-dd (far enough ahead of Tokyo's business day). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function openList(page: Page): Promise<void> {
  await page.getByTestId('menu-campaign-code').click();
  await expect(page).toHaveURL(/\/campaign-code(\?|$)/);
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
}

test('create a percent campaign, find it in the list, open its detail and generate codes', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await openList(page);

  await page.getByRole('button', { name: t('list.create') }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText(t('form.createTitle')).first()).toBeVisible();
  await page.locator('#field-code').fill(CODE);
  await page.locator('#field-name').fill(`E2E campaign ${RUN}`);
  await page.locator('#field-discountValue').fill('150');
  for (const [field, day] of [
    ['validFrom', dayAhead(2)],
    ['validTo', dayAhead(40)],
  ] as const) {
    await page.locator(`#field-${field}`).click();
    await page.locator(`#field-${field}`).fill(day);
    await page.locator(`#field-${field}`).press('Enter');
    await expect(page.locator(`#field-${field}`)).toHaveValue(day);
  }
  await page.locator('#field-useQuantity').fill('50');
  await page.getByTestId('campaign-save').click();
  // Percent above 100: the shared schema's message, nothing saved.
  await expect(drawer.getByText('Discount value must be a number within 1 to 100.')).toBeVisible();
  await page.locator('#field-discountValue').fill('15');
  await page.getByTestId('campaign-save').click();

  // The new campaign opens.
  await expect(page).toHaveURL(/\/campaign-code\/detail\?id=[0-9a-f-]{36}/, { timeout: 20_000 });
  const detailUrl = page.url();
  await expect(page.getByTestId('campaign-title')).toHaveText(CODE);
  await expect(page.getByTestId('campaign-field-discount')).toHaveText('15 %');
  await expect(page.getByTestId('campaign-field-remainingQuantity')).toHaveText(
    t('detail.remainingOf').replace('{{remaining}}', '50').replace('{{total}}', '50'),
  );

  // The list finds it by its code and links to it.
  await openList(page);
  await page.getByLabel(t('list.search')).fill(RUN);
  await page.getByLabel(t('list.search')).press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${RUN}`));
  const link = page.getByTestId('campaign-link').filter({ hasText: CODE });
  await expect(link).toHaveCount(1, { timeout: 20_000 });
  const row = page.locator('tr', { has: link });
  await expect(row).toContainText('15 %');
  await expect(row).toContainText(t('status.active'));
  await link.click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByTestId('campaign-title')).toHaveText(CODE);

  // Five single-use voucher codes: the campaign's uses become its codes.
  await page.getByTestId('generate-codes').click();
  await page.locator('#field-prefix').fill('e2e');
  await page.locator('#field-count').fill('5');
  await page.getByTestId('generate-submit').click();
  await expect(page.getByTestId('generate-result')).toContainText('5 codes generated.');
  await expect(page.getByTestId('voucher-code')).toHaveCount(5);
  await expect(page.getByTestId('voucher-code').first()).toHaveText(/^E2E[2-9A-HJKMNP-Z]{8}$/);
  await expect(page.getByTestId('campaign-field-remainingQuantity')).toHaveText(
    t('detail.remainingOf').replace('{{remaining}}', '5').replace('{{total}}', '5'),
  );

  // History: the create (oldest, at the bottom).
  await page.getByRole('tab', { name: t('detail.tabs.history') }).click();
  await expect(page).toHaveURL(/tab=history/);
  await expect(page.getByTestId('audit-action').last()).toHaveText(
    text('en', 'ui', 'audit.action.create'),
    { timeout: 20_000 },
  );
});
