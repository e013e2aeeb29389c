import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from '../support/antd-select';
import { ADMIN_DATABASE_URL, ADMIN_EMAIL, STATE_FILE } from '../support/env';
import { signIn } from '../support/sign-in';

/*
 * eSIM stock on the built console (fresh database with the sample suppliers and products:
 * SEED_SAMPLE_DATA in the global setup). One story, in order: import a CSV with a bad row,
 * fix it, import, see the counts by status; reveal an activation code and find it in the history.
 */
test.describe.configure({ mode: 'serial' });

/** A sample product of the stock-type sample supplier 'Nippon Stock SIM'. */
const PRODUCT = 'NSS-JP-1GB-3D';
const SUFFIX = Date.now().toString(36).toUpperCase();

test.beforeAll(async () => {
  // The sample products are seeded by the API's own seedSampleProducts() (as in the tariffs
  // spec): a no-op when the server already created them.
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

/** The Luhn check digit of a digit string (ICCIDs end with it). */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, the digit next to the check digit is doubled, then every second one.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 19-digit ICCIDs starting with 89, unique to this run, with valid check digits. */
function iccids(count: number): string[] {
  const base = String(Date.now()).slice(-10);
  return Array.from({ length: count }, (_, i) => {
    const body = `89810${base}${String(i).padStart(3, '0')}`;
    return `${body}${luhnCheckDigit(body)}`;
  });
}

function withBadCheckDigit(iccid: string): string {
  const check = Number(iccid.at(-1));
  return `${iccid.slice(0, -1)}${(check + 1) % 10}`;
}

function csv(rows: { iccid: string; code: string }[]): string {
  const lines = rows.map((row) => `${row.iccid},${row.code},2027-06-30`);
  return ['iccid,activationCode,activeExpireDate', ...lines, ''].join('\n');
}

function csvFile(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

async function onHandOnList(page: Page): Promise<number> {
  await page.goto(`/stock?search=${PRODUCT}`);
  await expect(page.locator('[data-screen="stock-list"]')).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  return Number((await row.getByTestId('cell-onHand').innerText()).replace(/,/g, ''));
}

test('import stock with a bad row, fix it, import; reveal a code and see it in the history', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN_EMAIL);

  const before = await onHandOnList(page);
  const numbers = iccids(3);
  const codes = numbers.map((_, i) => `LPA:1$smdp.e2e.example$E2E-${SUFFIX}-${i}`);
  const good = numbers.map((iccid, i) => ({ iccid, code: codes[i]! }));
  const bad = good.map((row, i) =>
    i === 1 ? { ...row, iccid: withBadCheckDigit(row.iccid) } : row,
  );

  // The wizard: choose the stock product.
  await page.getByRole('button', { name: 'Import stock' }).click();
  const wizard = page.getByTestId('stock-import-wizard');
  await expect(wizard).toBeVisible();
  await chooseOption(page, wizard.locator('#stock-import-product'), PRODUCT, PRODUCT);

  // Leaving asks first (Esc included); staying keeps the choice.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(
    0,
  );
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Escape');
  const ask = page.locator('.ant-modal').filter({ hasText: 'Discard this import?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(wizard).toContainText(PRODUCT);
  await page.getByRole('button', { name: 'Next' }).click();
  const fileInput = wizard.locator('[data-testid="stock-import-file"] input[type="file"]');
  // The help says what makes an ICCID valid, its check digit included.
  await expect(wizard.getByTestId('import-iccid-help')).toContainText('check digit (Luhn)');

  // A file that is not a CSV is refused before anything is sent.
  await fileInput.setInputFiles(csvFile('stock.txt', 'x'));
  await expect(wizard.getByTestId('file-error')).toHaveText('Only .csv formats are supported.');
  // The API's file-level refusals are shown in the console's words.
  await fileInput.setInputFiles(csvFile('two-columns.csv', 'iccid,activationCode\n1,2\n'));
  await expect(wizard.getByTestId('file-error')).toHaveText(
    'Imported CSV must have exactly 3 columns.',
    { timeout: 20_000 },
  );

  // One bad check digit: the row's error says so, and no way to apply; the disabled button
  // says what to do, not a count of eSIMs it will not import.
  await fileInput.setInputFiles(csvFile('stock.csv', csv(bad)));
  await expect(wizard.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 });
  await expect(wizard.getByTestId('import-error')).toHaveCount(1);
  await expect(wizard.getByTestId('import-error')).toContainText(
    'Invalid ICCID check digit at row 3: the last digit does not match the Luhn check.',
  );
  await expect(page.getByTestId('import-apply')).toBeDisabled();
  await expect(page.getByTestId('import-apply')).toHaveText('Fix 1 row to import');

  // The fixed file: a clean dry run, then applied in one go.
  await page.getByRole('button', { name: 'Choose another file' }).click();
  await fileInput.setInputFiles(csvFile('stock-fixed.csv', csv(good)));
  await expect(wizard.getByTestId('import-ready')).toHaveText('3 eSIMs are ready to import.', {
    timeout: 20_000,
  });
  await expect(wizard.getByTestId('import-error')).toHaveCount(0);
  await expect(page.getByTestId('import-apply')).toHaveText('Import 3 eSIMs');
  await page.getByTestId('import-apply').click();
  await expect(page.getByRole('status').filter({ hasText: 'Stock imported.' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(wizard).toBeHidden();

  // Counts by status: three more on hand, on the list and on the product's detail.
  const row = page.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(row.getByTestId('cell-onHand')).toHaveText(String(before + 3), { timeout: 20_000 });
  await row.getByTestId('stock-product-link').click();
  await expect(page.locator('[data-screen="stock-detail"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('stock-count-on_hand').getByTestId('count-value')).toHaveText(
    String(before + 3),
  );

  // The on-hand count filters the items; find one by ICCID and open it.
  await page.getByTestId('stock-count-on_hand').click();
  await expect(page).toHaveURL(/status=on_hand/);
  const search = page.getByPlaceholder('Search ICCID');
  await search.fill(numbers[0]!);
  await search.press('Enter');
  const itemLink = page.getByTestId('stock-item-link');
  await expect(itemLink).toHaveCount(1, { timeout: 20_000 });
  await expect(itemLink).toHaveText(numbers[0]!);
  await itemLink.click();
  const details = page.getByTestId('stock-item-details');
  await expect(details).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('activation-code-masked')).toContainText('smdp.e2e.example');
  await expect(page.getByTestId('activation-code-masked')).not.toContainText(`E2E-${SUFFIX}-0`);

  // Reveal (after a confirmation): the LPA string, its QR code, copy.
  await page.getByTestId('activation-reveal').click();
  await page.locator('.ant-modal').getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(page.getByTestId('activation-code-value')).toHaveText(codes[0]!, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('activation-qr')).toBeVisible();
  await page.getByTestId('activation-copy').click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();

  // The reveal is in the item's history.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-revealed')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('history-revealed')).toHaveText('Revealed');

  // A status change offers only the matrix's moves; it is saved and in the history too.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.locator('#field-status').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown.locator('.ant-select-item-option')).toHaveText([
    'Holding',
    'Assigned',
    'Temporarily not available',
    'Not available',
    'Wasted',
  ]);
  await chooseOption(page, page.locator('#field-status'), /^Not available$/);
  await page.locator('#field-reason').fill('Damaged profile (e2e)');
  await page.getByTestId('status-save').click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Status changed to Not available.' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('item-field-status')).toHaveText('Not available');
  await page.getByRole('tab', { name: 'History' }).click();
  // Newest first: the status change with its reason, the reveal, the import that created it.
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(3, { timeout: 20_000 });
  await expect(entries.first()).toContainText('Damaged profile (e2e)');
  const imported = entries.last();
  await expect(imported.getByTestId('audit-action')).toHaveText('Imported');
  await expect(imported).toContainText('stock-fixed.csv');
  await expect(imported).toContainText(ADMIN_EMAIL);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stock-count-not_available').getByTestId('count-value')).toHaveText(
    '1',
    { timeout: 20_000 },
  );
});

test('a large file is imported in the background with a progress bar', async ({ page }) => {
  test.setTimeout(180_000);
  const product = 'NSS-JP-3GB-8D';
  const rows = 5_001; // more than STOCK_IMPORT_BACKGROUND_ROWS: the apply runs as a job
  const base = `89820${String(Date.now()).slice(-9)}`;
  const lines = Array.from({ length: rows }, (_, i) => {
    const body = `${base}${String(i).padStart(5, '0')}`;
    return `${body}${luhnCheckDigit(body)},LPA:1$smdp.e2e.example$BIG-${SUFFIX}-${i},2027-12-31`;
  });
  const text = ['iccid,activationCode,activeExpireDate', ...lines, ''].join('\n');

  await signIn(page, ADMIN_EMAIL);
  await page.goto(`/stock?search=${product}`);
  const row = page.getByRole('row', { name: new RegExp(product) });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByTestId('stock-product-link').click();
  await expect(page.locator('[data-screen="stock-detail"]')).toBeVisible({ timeout: 20_000 });
  const onHand = page.getByTestId('stock-count-on_hand').getByTestId('count-value');
  await expect(onHand).toHaveText(/^[\d,]+$/);
  const before = Number((await onHand.innerText()).replace(/,/g, ''));

  // From the product's detail the wizard starts with the product chosen.
  await page.getByRole('button', { name: 'Import stock' }).click();
  const wizard = page.getByTestId('stock-import-wizard');
  await expect(wizard).toContainText(product);
  await wizard
    .locator('[data-testid="stock-import-file"] input[type="file"]')
    .setInputFiles(csvFile('big.csv', text));
  await expect(wizard.getByTestId('import-ready')).toHaveText('5,001 eSIMs are ready to import.', {
    timeout: 60_000,
  });
  await page.getByTestId('import-apply').click();
  await expect(page.getByRole('status').filter({ hasText: 'Stock imported.' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(wizard.getByTestId('import-finished')).toContainText('5,001 eSIMs imported.');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(wizard).toBeHidden();
  await expect(onHand).toHaveText((before + rows).toLocaleString('en-US'), { timeout: 20_000 });
});
