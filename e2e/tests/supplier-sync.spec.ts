import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ESIMGO_SIMULATOR_PORT } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * Supplier sync on the built console: the sample supplier 'eSIM Go' talks to the e2e server's
 * in-process eSIM Go simulator (docs/supplier-sync.md). The supplier raises a bundle's price
 * through the simulator's control endpoint; staff see the changed cost in the supplier's
 * 'Product updates' tab beside ours, accept it, and the product carries the new cost.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const t = (key: string) => text('en', 'suppliers', key);
const SIMULATOR = `http://127.0.0.1:${ESIMGO_SIMULATOR_PORT}`;
/** A sample product the other suites leave alone (tariffs prices ESG-JP-1GB-7D). */
const BUNDLE = 'ESG-KR-5GB-15D';

async function control(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${SIMULATOR}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
}

test.afterAll(async () => {
  await control('DELETE', 'fault');
});

async function openSampleSupplier(page: Page): Promise<void> {
  await page.getByTestId('menu-supplier-management').click();
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel(t('list.search')).fill('eSIM Go');
  await page.getByLabel(t('list.search')).press('Enter');
  await page
    .getByTestId('supplier-link')
    .filter({ hasText: /^eSIM Go$/ })
    .click();
  await expect(page.getByTestId('supplier-title')).toHaveText('eSIM Go');
}

test('a supplier price change is shown beside ours, accepted, and becomes the product cost', async ({
  page,
}) => {
  // The supplier raises the price of one bundle: 11.50 -> 12.75 USD.
  await control('PATCH', `bundles/${BUNDLE}`, { price: 12.75 });

  await signIn(page, ADMIN_EMAIL);
  await openSampleSupplier(page);
  await page.getByRole('tab', { name: t('sync.tabs.productUpdates') }).click();

  const updates = page.getByTestId('supplier-product-updates');
  const row = updates.locator(`tr[data-row-key="${BUNDLE}"]`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId(`sync-status-${BUNDLE}`)).toHaveText(t('sync.status.changed'));
  const cost = row.getByTestId(`sync-cost-${BUNDLE}`);
  await expect(cost).toHaveAttribute('data-changed', 'true');
  await expect(cost.getByTestId(`sync-cost-${BUNDLE}-ours`)).toHaveText('11.50 USD');
  await expect(cost.getByTestId(`sync-cost-${BUNDLE}-theirs`)).toHaveText('12.75 USD');
  // Data, duration and coverage are unchanged for this bundle.
  await expect(row.getByTestId(`sync-data-${BUNDLE}`)).toHaveAttribute('data-changed', 'false');
  const productLink = row.getByTestId(`sync-product-link-${BUNDLE}`);
  const productHref = await productLink.getAttribute('href');
  expect(productHref).toMatch(/\/products\/detail\?id=[0-9a-f-]{36}$/);

  // Accept this row (with a confirmation): 'Product synced.' and the row is gone.
  await row.getByTestId(`sync-accept-${BUNDLE}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('sync.updates.confirmOne').replace('{{name}}', BUNDLE));
  await dialog.getByRole('button', { name: t('sync.updates.accept') }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product synced.' })).toBeVisible();
  await expect(updates.locator(`tr[data-row-key="${BUNDLE}"]`)).toHaveCount(0);
  // The sample catalogue's own differences are still listed.
  await expect(updates.locator('tr[data-row-key="ESG-SG-3GB-7D"]')).toBeVisible();

  // The product now costs what the supplier charges.
  await page.goto(productHref!);
  await expect(page.getByTestId('product-field-cost')).toContainText('12.75', {
    timeout: 20_000,
  });
});

test('a failing supplier shows a clear message and a retry, and changes nothing', async ({
  page,
}) => {
  await control('PUT', 'fault', { status: 500 });
  await signIn(page, ADMIN_EMAIL);
  await openSampleSupplier(page);
  await page.getByRole('tab', { name: t('sync.tabs.productUpdates') }).click();
  const error = page.getByTestId('sync-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sync-error-message')).toContainText(
    'The supplier answered with an error',
  );
  await expect(error).toContainText(t('sync.error.nothingChanged'));

  // The supplier recovers: Try again shows the list.
  await control('DELETE', 'fault');
  await page.getByTestId('sync-retry').click();
  await expect(
    page.getByTestId('supplier-product-updates').locator('tr[data-row-key="ESG-SG-3GB-7D"]'),
  ).toBeVisible({ timeout: 20_000 });

  // The eSIMs held at the supplier, paged there, activation codes masked.
  await page.getByRole('tab', { name: t('sync.tabs.esims') }).click();
  const esims = page.getByTestId('supplier-external-esims');
  await expect(esims.locator('tbody tr.ant-table-row')).toHaveCount(10, { timeout: 20_000 });
  await expect(esims).toContainText('…');
});
