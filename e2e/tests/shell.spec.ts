import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, PARTNER_EMAIL, SCREENSHOT_DIR } from '../support/env';
import { LANGUAGES, text } from '../support/locales';
import { signIn } from '../support/sign-in';

/** Every signed-in route of the spec's route table (path parameters filled in). */
const SPEC_ROUTES = [
  '/dashboard',
  '/supplier-management',
  '/supplier-management/detail',
  '/tariff',
  '/tariff/create',
  '/tariff/STANDARD/create',
  '/tariff/detail',
  '/tariff/import/detail',
  '/products',
  '/products/detail',
  '/products-price',
  '/products-price/detail',
  '/stock',
  '/stock/detail',
  '/orders',
  '/orders/register',
  '/orders/detail',
  '/orders/detail/item',
  '/partners',
  '/partners/register',
  '/partners/detail',
  '/campaign-code',
  '/campaign-code/detail',
  '/branch-master',
  '/branch-master/register',
  '/branch-master/detail',
  '/branch-master/item/register/franchise',
  '/roles',
  '/roles/register',
  '/roles/assign',
];

test('the language switch changes the menu, survives a reload, and each layout is captured', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  const suppliersEntry = page.getByTestId('menu-supplier-management');
  for (const language of [...LANGUAGES.slice(1), LANGUAGES[0]]) {
    await page.getByTestId('language-switch').click();
    await page.getByTestId(`language-option-${language}`).click();
    const label = text(language, 'suppliers', 'menu.suppliers');
    await expect(suppliersEntry).toHaveText(label);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.reload();
    await expect(suppliersEntry).toHaveText(label);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `signed-in-layout-${language}.png`),
      fullPage: true,
    });
  }
});

test('/ opens the dashboard and every spec route answers with a screen, never a blank page', async ({
  page,
}) => {
  // Thirty routes, each loading its area's remote on a cold cache.
  test.setTimeout(240_000);
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  const areaAnswer = page
    .getByTestId('area-not-deployed')
    .or(page.getByTestId('area-coming-soon'))
    .or(page.getByTestId('area-screen'));
  for (const route of SPEC_ROUTES) {
    await page.goto(route);
    await expect(areaAnswer.first(), route).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
});

test('an unknown path shows the not-found page inside the layout', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText(text('en', 'common', 'notFound.title'))).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('a partner admin sees no admin-only menu entries and is denied on a direct visit', async ({
  page,
}) => {
  await signIn(page, PARTNER_EMAIL);
  await expect(page.getByTestId('menu-orders')).toBeVisible();
  for (const adminOnly of ['roles', 'supplier-management', 'tariff', 'stock', 'branch-master']) {
    await expect(page.getByTestId(`menu-${adminOnly}`)).toHaveCount(0);
  }

  await page.goto('/roles');
  await expect(page.getByText(text('en', 'ui', 'noPermission.message'))).toBeVisible();
  await page.getByRole('button', { name: text('en', 'ui', 'noPermission.ok') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Their own language, profile and session are theirs to manage: no permission needed.
  await page.getByTestId('menu-settings').click();
  await expect(page.getByTestId('profile-email')).toHaveText(PARTNER_EMAIL);
  await expect(page.getByTestId('settings-link-releases')).toHaveCount(0);
});
