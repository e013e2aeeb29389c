import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, PARTNER_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { chooseOption } from '../support/antd-select';
import { signIn } from '../support/sign-in';

/*
 * Products and product prices on the built console (fresh database with the sample suppliers
 * and products: SEED_SAMPLE_DATA in the global setup). One story, in order: find a product by
 * its label, price it (refused below cost, then accepted and in the History), give it a special
 * price for a period and a new label, then the price list filtered, sorted and exported.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const t = (key: string) => text('en', 'products', key);
const common = (key: string) => text('en', 'common', key);
const RUN = Date.now().toString(36).toUpperCase();
/** A sample product of the stock supplier 'Nippon Stock SIM', cost in JPY, label 'Best seller'. */
const PRODUCT = 'NSS-JP-1GB-3D';
const SUPPLIER = 'Nippon Stock SIM';
const SEEDED_LABEL = 'Best seller';
const NEW_LABEL = `E2E ${RUN}`;

/** Picks an option of an antd Select, typing `search` first to filter it. */
async function pick(page: Page, select: Locator, search: string, option: string | RegExp) {
  await chooseOption(page, select, option, search);
}

/** Whole yen shown as '1,234' (or '1,234 JPY') -> 1234. */
function yen(value: string | null): number {
  return Number((value ?? '').replace(/[^\d-]/g, ''));
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The antd form item around a form field (label, input and its error text). */
function formItem(page: Page, field: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.locator(`#field-${field}`) });
}

test('label filter, selling price below cost then valid (in History), special price, labels', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/products');
  await expect(page.locator('[data-screen="product-list"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: t('list.title') })).toBeVisible();

  // Filter by a label (the URL keeps it): only products carrying it are listed.
  await pick(
    page,
    page.getByRole('combobox', { name: common('fields.label') }),
    SEEDED_LABEL,
    SEEDED_LABEL,
  );
  await expect(page).toHaveURL(/label=Best(\+|%20)seller/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: PRODUCT })).toHaveCount(1, { timeout: 20_000 });
  // The labels column is off by default: shown with the table's column chooser.
  await page.getByRole('button', { name: text('en', 'ui', 'table.columnChooser.button') }).click();
  await page.getByRole('checkbox', { name: common('fields.labels') }).check();
  await page.keyboard.press('Escape');
  const labelCells = page.getByTestId('cell-labels');
  const count = await labelCells.count();
  expect(count).toBeGreaterThan(0);
  expect(await rows.count()).toBe(count);
  for (let index = 0; index < count; index += 1)
    await expect(labelCells.nth(index)).toContainText(SEEDED_LABEL);

  // Open the product.
  await rows.filter({ hasText: PRODUCT }).getByTestId('product-link').click();
  await expect(page.locator('[data-screen="product-detail"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('product-field-productCode')).toHaveText(PRODUCT);
  const detailUrl = page.url();
  const oldSelling = (await page.getByTestId('product-field-sellingPrice').textContent()) ?? '';

  // A selling price below the cost is refused with the spec's message; the cost is beside it.
  await page.getByRole('button', { name: t('detail.editSellingPrice') }).click();
  const selling = page.getByTestId('selling-price-dialog');
  await expect(selling).toBeVisible();
  const cost = yen(await selling.getByTestId('dialog-cost-jpy').textContent());
  expect(cost).toBeGreaterThan(0);
  await selling.locator('#field-sellingPriceJpy').fill(String(cost - 1));
  await page.getByRole('button', { name: t('actions.save') }).click();
  await expect(
    formItem(page, 'sellingPriceJpy').locator('.ant-form-item-explain-error'),
  ).toHaveText('Selling Price must be greater than Cost Price.');

  // A decimal in a whole-yen price is refused with the spec's message, never read as more yen.
  const sellingInput = selling.locator('#field-sellingPriceJpy');
  await sellingInput.fill('1500.50');
  await expect(sellingInput).toHaveValue('1500.50');
  await expect(
    formItem(page, 'sellingPriceJpy').getByText(
      `${common('fields.sellingPriceJpy')} must be a number with no decimal.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: t('actions.save') })).toBeDisabled();
  await expect(selling.getByText('148,986')).toHaveCount(0);

  // A valid one is saved and shown.
  const newSelling = cost + 420;
  await selling.locator('#field-sellingPriceJpy').fill(String(newSelling));
  await page.getByRole('button', { name: t('actions.save') }).click();
  await expect(selling).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('product-field-sellingPrice')).toHaveText(
    newSelling.toLocaleString('en-US'),
  );

  // History: who, when, old -> new.
  await page.getByRole('tab', { name: t('detail.tabs.history') }).click();
  const latest = page.getByTestId('audit-entry').first();
  await expect(latest).toHaveAttribute('data-action', 'update', { timeout: 20_000 });
  await expect(latest.getByTestId('audit-actor')).toHaveText(ADMIN_EMAIL);
  await expect(latest.getByTestId('audit-at')).toBeVisible();
  const change = latest.locator('[data-testid="audit-change"][data-field="sellingPriceJpy"]');
  await expect(change.getByRole('rowheader')).toHaveText(common('fields.sellingPriceJpy'));
  await expect(change.getByTestId('audit-before')).toHaveText(
    /^\d/.test(oldSelling) ? `${oldSelling} JPY` : text('en', 'ui', 'audit.notSet'),
  );
  await expect(change.getByTestId('audit-after')).toHaveText(
    `${newSelling.toLocaleString('en-US')} JPY`,
  );

  // A special price for a period that includes today: active, with its period.
  await page.getByRole('tab', { name: t('detail.tabs.details') }).click();
  await page.getByRole('button', { name: t('detail.editSpecialPrice') }).click();
  const special = page.getByTestId('special-price-dialog');
  await expect(special).toBeVisible();
  const specialPrice = cost + 100;
  await special.locator('#field-specialPriceJpy').fill(String(specialPrice));
  const from = isoDay(-1);
  const to = isoDay(30);
  await special.locator('#field-specialFrom').click();
  await special.locator('#field-specialFrom').fill(from);
  await special.locator('#field-specialFrom').press('Enter');
  await special.locator('#field-specialTo').click();
  await special.locator('#field-specialTo').fill(to);
  await special.locator('#field-specialTo').press('Enter');
  await expect(special.locator('#field-specialFrom')).toHaveValue(from);
  await expect(special.locator('#field-specialTo')).toHaveValue(to);
  await page.getByRole('button', { name: t('actions.save') }).click();
  await expect(special).toBeHidden({ timeout: 20_000 });
  const specialField = page.getByTestId('product-field-specialPrice');
  await expect(specialField).toContainText(specialPrice.toLocaleString('en-US'));
  await expect(specialField.getByTestId('special-active')).toHaveText(t('special.badge'));
  await expect(specialField.getByTestId('special-period')).toHaveText(`${from} – ${to}`);
  // Gross profit is that of the price that applies today (the special price), the margin at
  // the selling price beside it.
  const specialProfit = specialPrice - cost;
  const specialPercent = (Math.round((specialProfit * 10000) / specialPrice) / 100).toFixed(2);
  await expect(page.getByTestId('detail-grossProfit-today')).toHaveText(
    `${specialProfit.toLocaleString('en-US')} (${specialPercent}%)`,
  );
  await expect(page.getByTestId('detail-grossProfit')).toContainText(
    `${(newSelling - cost).toLocaleString('en-US')} (`,
  );

  // A new label through the editor; the list filtered by it shows this product only.
  const editor = page.getByTestId('labels-editor');
  await editor.getByRole('combobox', { name: t('labels.add') }).fill(NEW_LABEL);
  await editor.getByRole('button', { name: t('labels.add') }).click();
  await expect(editor.getByTestId('product-label').filter({ hasText: NEW_LABEL })).toHaveCount(1, {
    timeout: 20_000,
  });
  await page.goto(`/products?label=${encodeURIComponent(NEW_LABEL)}`);
  await expect(page.locator('[data-screen="product-list"]')).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toContainText(PRODUCT);
  await expect(rows.first().getByTestId('special-active')).toBeVisible();
  await expect(rows.first().getByTestId('cell-grossProfit-today')).toHaveText(
    specialProfit.toLocaleString('en-US'),
  );
  await rows.first().getByTestId('product-link').click();
  await expect(page).toHaveURL(detailUrl);
});

test('price list: filter by supplier, sort by gross profit, export CSV', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/products-price');
  await expect(page.locator('[data-screen="product-price-list"]')).toBeVisible({
    timeout: 30_000,
  });
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });

  await pick(
    page,
    page.getByRole('combobox', { name: common('fields.supplierId') }),
    'Nippon',
    SUPPLIER,
  );
  await expect(page).toHaveURL(/supplierId=[0-9a-f-]{36}/);
  await expect(rows.filter({ hasText: PRODUCT })).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.filter({ hasText: 'ESG-' })).toHaveCount(0);

  // Sorted on the server by gross profit (the spec's cycle: a first click sorts ascending).
  await page.locator('th[data-column-key="grossProfit"]').click();
  await expect(page).toHaveURL(/sort=grossProfit&order=asc/);
  const profits = async () =>
    (await page.getByTestId('cell-grossProfit-today').allTextContents())
      .filter((value) => /\d/.test(value))
      .map(yen);
  await expect
    .poll(async () => {
      const values = await profits();
      return values.length > 1 && values.every((value, i) => i === 0 || values[i - 1] <= value);
    })
    .toBe(true);
  // A tariff code adds its price and gross profit columns.
  await pick(
    page,
    page.getByRole('combobox', { name: common('fields.tariffCode') }),
    'STD-RETAIL',
    'STD-RETAIL',
  );
  await expect(page).toHaveURL(/tariffCodeId=[0-9a-f-]{36}/);
  await expect(page.getByRole('columnheader', { name: 'Price in STD-RETAIL' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(rows.filter({ hasText: PRODUCT }).getByTestId('cell-tariffPrice')).toHaveText(
    /^\d[\d,]*$/,
  );

  // The export has the same filter: this supplier's products only, UTF-8 with a BOM.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('list.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain(PRODUCT);
  expect(csv).not.toContain('ESG-');
  await expect(page.getByText(t('list.exportSuccess'))).toBeVisible();

  // One product's prices in every tariff code.
  await rows.filter({ hasText: PRODUCT }).getByTestId('price-link').click();
  await expect(page.locator('[data-screen="product-price-detail"]')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('price-detail-title')).toContainText('Japan 1GB 3 days');
});

test('a new product for a stock supplier, with every field, then edited; a stale price save is a conflict', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/products');
  await expect(page.locator('[data-screen="product-list"]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: t('list.create') }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText(t('create.title')).first()).toBeVisible();
  const code = `E2E-${RUN}`;
  await page.locator('#field-name').fill(`E2E product ${RUN}`);
  await page.locator('#field-productCode').fill(code);
  await pick(page, page.locator('#field-supplierId'), 'Nippon', SUPPLIER);
  // The supplier's purchase currency is suggested for the cost.
  await expect(drawer.getByTitle('JPY', { exact: true })).toBeVisible();
  await page.locator('#field-category').fill('Japan');
  await page.locator('#field-durationDays').fill('7');
  await page.locator('#field-dataMb').fill('2048');
  await pick(page, page.locator('#field-coverage'), 'JP', /^JP/);
  await page.keyboard.press('Escape');
  await expect(page.locator('#field-throttlingSpeed')).toHaveValue('128');
  await pick(page, page.locator('#field-apnType'), '', text('en', 'products', 'apnType.manual'));
  await page.locator('#field-costMinor').fill('500');
  // A manual APN needs its value (the contract's rule, checked in the form).
  await page.getByRole('button', { name: t('create.submit') }).click();
  await expect(formItem(page, 'apnValue').locator('.ant-form-item-explain-error')).toHaveText(
    'APN is required.',
  );
  await page.locator('#field-apnValue').fill('e2e.apn');
  await page.locator('#field-sellingPriceJpy').fill('900');
  await page.getByRole('button', { name: t('create.submit') }).click();
  await expect(page.locator('[data-screen="product-detail"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('product-field-productCode')).toHaveText(code);
  await expect(page.getByTestId('product-field-apnValue')).toHaveText('e2e.apn');
  await expect(page.getByTestId('product-field-data')).toHaveText('2 GB');
  await expect(page.getByTestId('product-field-sellingPrice')).toHaveText('900');

  await page.getByRole('button', { name: t('detail.edit') }).click();
  await page.locator('#field-description').fill('Edited by the e2e suite');
  await page.getByRole('button', { name: t('edit.submit') }).click();
  await expect(page.getByTestId('product-field-description')).toHaveText('Edited by the e2e suite');

  // Someone else prices the product while this dialog is open: saving is refused (409) with a
  // Reload that takes the current version; saving again then works.
  await page.getByRole('button', { name: t('detail.editSellingPrice') }).click();
  await page.locator('#field-sellingPriceJpy').fill('950');
  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole('button', { name: t('detail.editSellingPrice') }).click();
  await other.locator('#field-sellingPriceJpy').fill('990');
  await other.getByRole('button', { name: t('actions.save') }).click();
  await expect(other.getByTestId('product-field-sellingPrice')).toHaveText('990', {
    timeout: 20_000,
  });
  await other.close();
  await page.getByRole('button', { name: t('actions.save') }).click();
  const conflict = page.getByTestId('product-conflict');
  await expect(conflict).toContainText(t('conflict.title'));
  await conflict.getByRole('button', { name: common('actions.reload') }).click();
  await expect(conflict).toHaveCount(0);
  await page.getByRole('button', { name: t('actions.save') }).click();
  await expect(page.getByTestId('selling-price-dialog')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('product-field-sellingPrice')).toHaveText('950');
});

test('a partner administrator sees only the price-list filters it may use; nothing is refused', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await signIn(page, PARTNER_EMAIL);
  await page.goto('/products-price');
  await expect(page.locator('[data-screen="product-price-list"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('combobox', { name: common('fields.coverage') })).toBeVisible();
  await expect(page.getByTestId('filter-supplier')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: common('fields.tariffCode') })).toHaveCount(0);
  expect(refused).toEqual([]);
});
