import { expect, test } from '@playwright/test';
import { chooseOption } from '../support/antd-select';
import { ADMIN_EMAIL } from '../support/env';
import { signIn } from '../support/sign-in';
import { query } from '../support/database';

/*
 * Order documents on the built console (issue 16): an order sold in this test to a partner whose
 * branch has a Japanese issuer gets its invoice in the browser, asked first (the number is
 * permanent); the invoice is listed with the issuer's first number of the year, and its stored
 * PDF opens.
 */

/** A stock-type sample product with sample stock on hand (api/src/areas/stock/sample.ts). */
const PRODUCT = 'NSS-JP-3GB-8D';
const SUFFIX = Date.now().toString(36).toUpperCase();
const PARTNER = `E2E Documents ${SUFFIX}`;
const CUSTOMER = `Jiro ${SUFFIX}`;
const ISSUER = `E2E Issuer ${SUFFIX} KK`;

/**
 * A qualified invoice issuer number, 'T' + check digit + 12 digits, the check digit computed as
 * shared/contracts/src/tax-ids.ts japanCorporateCheckDigit does (the API verifies it).
 */
function japanRegistrationNumber(base12: string): string {
  const digits = [...base12].map(Number).reverse();
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 2), 0);
  return `T${9 - (sum % 9)}${base12}`;
}

test.beforeAll(async () => {
  // The partner (buying at the sample tariff code), its branch and the branch's Japanese issuer,
  // as staff would set them up on the partners and branch master screens (their e2e cover those).
  const [partner] = await query<{ id: string }>(
    `INSERT INTO partners (name, code, target, tariff_code_id, created_by, updated_by)
     SELECT $1, $2, 'corporate_customer', id, 'e2e', 'e2e'
       FROM tariff_codes WHERE tariff_code = 'STD-PARTNER'
     RETURNING id`,
    [PARTNER, `E2ED${SUFFIX}`],
  );
  const [branch] = await query<{ id: string }>(
    `INSERT INTO branches (name, code, target, country_code, report_language, partner_id,
                           created_by, updated_by)
     VALUES ($1, $2, 'resale_partner', 'JP', 'en', $3, 'e2e', 'e2e')
     RETURNING id`,
    [`E2E Branch ${SUFFIX}`, `E2EB${SUFFIX}`, partner!.id],
  );
  const base12 = String(Date.now()).slice(-12).padStart(12, '1');
  await query(
    `INSERT INTO issuers (branch_id, country_code, legal_name, address, postal_code,
                          registration_number, created_by, updated_by)
     VALUES ($1, 'JP', $2, '1-1 Marunouchi, Chiyoda-ku, Tokyo', '100-0005', $3, 'e2e', 'e2e')`,
    [branch!.id, ISSUER, japanRegistrationNumber(base12)],
  );
});

test('issues an invoice for a sold order and opens its PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_EMAIL);

  // The sale: one stock eSIM to the partner through the wizard.
  await page.goto('/orders/register');
  await chooseOption(page, page.locator('#order-partner'), PARTNER, PARTNER);
  const bundles = page.getByTestId('bundle-table');
  await bundles.getByRole('searchbox').fill(PRODUCT);
  await bundles.getByRole('searchbox').press('Enter');
  const bundle = bundles.locator('tr', { hasText: PRODUCT });
  await expect(bundle).toHaveCount(1);
  await bundle.getByTestId('bundle-add').click();
  await expect(
    page.locator(`[data-testid="basket-line"][data-product="${PRODUCT}"]`),
  ).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await page.getByLabel('Customer name').fill(CUSTOMER);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('order-preview')).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByTestId('purchase-success')).toBeVisible({ timeout: 30_000 });
  const [order] = await query<{ id: string; branch_id: string | null }>(
    'SELECT id, branch_id FROM orders WHERE customer_name = $1',
    [CUSTOMER],
  );
  expect(order!.branch_id).not.toBeNull();

  // The invoice, issued from the order's Documents tab.
  await page.goto(`/orders/detail?id=${order!.id}&tab=documents`);
  const documents = page.getByTestId('order-documents');
  await expect(documents).toContainText('No documents issued yet.');
  await page.getByTestId('issue-invoice').click();
  const form = page.getByTestId('document-form');
  await expect(form.getByTestId('document-item-row')).toHaveCount(1);
  await expect(form.getByTestId('document-item-row')).toHaveAttribute('data-selected', 'true');
  await expect(form.getByLabel('Buyer name')).toHaveValue(PARTNER);
  // The branch's issuer is chosen (the select shows it).
  await expect(form).toContainText(ISSUER);
  await page.getByTestId('document-issue').click();
  const question = page.getByRole('dialog', { name: 'Issue this invoice?' });
  await expect(question).toContainText('Numbers are permanent and gapless');
  await question.getByRole('button', { name: 'Issue' }).click();

  // Listed with the issuer's first invoice number of the year.
  const row = documents.getByTestId('document-row');
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row.getByTestId('document-type')).toHaveText('Invoice');
  const number = row.getByTestId('document-number');
  await expect(number).toHaveText(/^INV-\d{4}-000001$/);
  await expect(page.getByText(`${await number.textContent()} issued.`)).toBeVisible();
  await expect(row).toContainText(PARTNER);
  await expect(row.getByTestId('document-gross')).toContainText('JPY');

  // Its stored PDF, fetched once with the session, shown, and opened in a tab of its own.
  const pdfReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/order/document/pdf?')) pdfReads.push(request.url());
  });
  const pdf = page.waitForResponse(
    (response) => response.url().includes('/order/document/pdf?') && response.status() === 200,
  );
  await row.getByTestId('document-pdf').click();
  const response = await pdf;
  expect(response.headers()['content-type']).toBe('application/pdf');
  // (Playwright keeps no body of a fetch read as a blob: its size, and the stored bytes.)
  expect(Number(response.headers()['content-length'])).toBeGreaterThan(1000);
  const [stored] = await query<{ head: string; size: number }>(
    `SELECT encode(substring(pdf from 1 for 5), 'escape') AS head, length(pdf) AS size
       FROM order_documents WHERE order_id = $1`,
    [order!.id],
  );
  expect(stored).toEqual({ head: '%PDF-', size: Number(response.headers()['content-length']) });
  const viewer = page.getByTestId('document-pdf-view');
  await expect(viewer).toHaveAttribute('data-state', 'ready');
  expect(pdfReads).toHaveLength(1);
  // The console's Content-Security-Policy allows blob: frames (frame-src, api/src/http/security.ts):
  // the PDF shows in the dialog.
  await expect(page.getByTestId('document-pdf-view-frame')).toBeVisible();
  // A refused frame would hold Chromium's error page (chrome-error://), not the blob.
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith('blob:')))
    .toBe(true);
  await expect(viewer).toHaveAttribute('data-embedded', 'true');
  await expect(page.getByTestId('document-pdf-view-download')).toHaveAttribute(
    'download',
    /^INV-\d{4}-000001\.pdf$/,
  );
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('document-pdf-view-open').click(),
  ]);
  expect(tab.url()).toMatch(/^blob:/);
});
