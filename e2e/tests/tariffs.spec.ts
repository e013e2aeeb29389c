import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_DATABASE_URL, ADMIN_EMAIL, STATE_FILE } from '../support/env';
import { signIn } from '../support/sign-in';

/*
 * Tariffs and exchange rates on the built console (fresh database with the sample suppliers,
 * products and rates: SEED_SAMPLE_DATA in the global setup). One story, in order.
 */
test.describe.configure({ mode: 'serial' });

const SUFFIX = Date.now().toString(36).toUpperCase();
const GROUP = `E2E-GRP-${SUFFIX}`;
const CODE = `E2E-CODE-${SUFFIX}`;
/** A sample product: USD 3.50 (eSIM Go). */
const PRODUCT = 'ESG-JP-1GB-7D';

test.beforeAll(async () => {
  // The sample products and tariff profile are seeded by the API's own seedSampleProducts()
  // (docs/pricing.md): called here on this run's database in case the server did not (it only
  // creates them into an empty products table, so it is a no-op when the server already did).
  const { databaseName } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as {
    databaseName: string;
  };
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  const { openDatabase } = await import('../../api/src/db/client');
  const { seedSampleProducts } = await import('../../api/src/areas/products-sample/sample');
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  try {
    await seedSampleProducts({ db: database.db });
  } finally {
    await database.close();
  }
});

function csvFile(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

async function productRow(page: Page) {
  const search = page.getByPlaceholder('Search product, code or supplier');
  await search.fill(PRODUCT);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  return row;
}

test('create a profile and a code, reprice on a new rate, import manual prices', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_EMAIL);

  // A tariff profile through the UI, with the live preview of the shared computation.
  await page.goto('/tariff');
  await expect(page.locator('[data-screen="tariff-list"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New tariff profile' }).click();
  await expect(page.locator('[data-screen="tariff-profile-create"]')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('price-preview-result')).toHaveText('cost 1,000 JPY -> 1,400 JPY');

  // A negative logic 2 amount is refused with the error toast, whichever way it is typed, and
  // the field keeps what it had; so is a negative sample cost in the preview.
  const negativeToasts = page.locator('[data-toast-type="error"]', {
    hasText: 'Invalid number format.',
  });
  const logic2 = page.locator('#field-logic2');
  await expect(logic2).toHaveValue('0');
  await logic2.fill('-50');
  await expect(negativeToasts).toHaveCount(1);
  await expect(logic2).toHaveValue('0');
  await logic2.press('End');
  await logic2.pressSequentially('-');
  await expect(negativeToasts).toHaveCount(2);
  await expect(logic2).toHaveValue('0');
  const sampleCost = page.getByLabel('Sample cost');
  await sampleCost.fill('-5');
  await expect(negativeToasts).toHaveCount(3);
  await expect(sampleCost).toHaveValue('1000');
  await page.locator('#field-tariffGroup').fill(GROUP);
  await page.locator('#field-name').fill('E2E profile');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-screen="tariff-detail"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: `Tariff profile ${GROUP}` })).toBeVisible();

  // A code in it, inheriting the rule.
  await page.getByRole('button', { name: 'New tariff code' }).click();
  await expect(page.locator('[data-screen="tariff-code-create"]')).toBeVisible({ timeout: 20_000 });
  await page.locator('#field-tariffCode').fill(CODE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-screen="tariff-detail"]')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`code=${CODE}`));
  const detailUrl = page.url();

  // The product's price at the sample rate (USD 154.215): 3.50 -> 540 JPY, +40 % -> 756 JPY.
  let row = await productRow(page);
  // The supplier cost in its currency's units (USD 3.50, not 350), with the rate used.
  await expect(row.getByTestId('cell-cost')).toHaveText('3.50 USD @ 154.215');
  await expect(row.getByTestId('cell-costJpy')).toHaveText('540');
  await expect(row.getByTestId('cell-sellingPrice')).toHaveText('756');

  // A newer USD rate through the UI.
  await page.goto('/tariff/exchange-rates');
  await expect(page.locator('[data-screen="exchange-rates"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add rate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#field-currency').click();
  await page.keyboard.type('USD');
  await expect(page.locator('.ant-select-item-option', { hasText: 'USD - US Dollar' })).toHaveCount(
    1,
  );
  await page.keyboard.press('Enter');
  await expect(dialog.getByTitle('USD - US Dollar')).toBeVisible();
  await dialog.locator('#field-rate').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Exchange rate should not be equal to 1.')).toBeVisible();
  await dialog.locator('#field-rate').fill('200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('current-rate-USD')).toHaveText('200');

  // Recomputed: 3.50 x 200 = 700 JPY, +40 % -> 980 JPY.
  await page.goto(detailUrl);
  row = await productRow(page);
  await expect(row.getByTestId('cell-costJpy')).toHaveText('700');
  await expect(row.getByTestId('cell-sellingPrice')).toHaveText('980');

  // Import: a file with an error row shows the row's message and cannot be applied.
  await page.goto(`/tariff/import/detail?code=${CODE}`);
  await expect(page.locator('[data-screen="tariff-import"]')).toBeVisible({ timeout: 30_000 });
  await page
    .getByTestId('csv-file')
    .setInputFiles(
      csvFile('prices.csv', `productCode,sellingPriceJpy\n${PRODUCT},1500\nESG-JP-3GB-15D,abc\n`),
    );
  await expect(page.getByTestId('import-error')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('import-error').locator('td').first()).toHaveText('3');
  await expect(page.getByTestId('import-error')).toContainText('format at row 3');
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();

  // A file that is not a CSV is refused before anything is sent.
  await page.getByTestId('csv-file').setInputFiles(csvFile('prices.txt', 'x'));
  await expect(page.getByTestId('csv-file-error')).toHaveText('Only .csv formats are supported.');

  // A clean file: preview without errors, then applied.
  await page
    .getByTestId('csv-file')
    .setInputFiles(csvFile('prices.csv', `productCode,sellingPriceJpy\n${PRODUCT},1500\n`));
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('import-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-applied')).toHaveText('1 prices imported.', {
    timeout: 20_000,
  });

  await page.goto(detailUrl);
  row = await productRow(page);
  await expect(row.getByTestId('cell-sellingPrice')).toHaveText('1,500');
});
