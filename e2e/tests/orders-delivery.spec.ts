import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseOption } from '../support/antd-select';
import { ADMIN_EMAIL, ESIMGO_SIMULATOR_PORT } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';
import { query } from '../support/database';

/*
 * A supplier-delivered sale on the built console, in Japanese (issue 15): the sample product
 * ESG-JP-3GB-15D comes from the sample supplier 'eSIM Go', which the e2e server points at its
 * in-process eSIM Go simulator. The wizard speaks Japanese from the locales, shows the order
 * waiting for the supplier, then success; the completed step shows the ICCID the simulator
 * delivered, and revealing the activation code shows its QR code and the simulator's LPA string.
 */

/** An API-type sample product (api/src/areas/products-sample/sample.ts) no other spec buys. */
const PRODUCT = 'ESG-JP-3GB-15D';
const SUFFIX = Date.now().toString(36).toUpperCase();
const PARTNER = `E2E Delivery ${SUFFIX}`;
const CUSTOMER = `Yamada ${SUFFIX}`;
const SIMULATOR = `http://127.0.0.1:${ESIMGO_SIMULATOR_PORT}`;
const STEPS = ['selectBundle', 'orderInformation', 'orderPreview', 'purchase', 'completed'];

const ja = (key: string, namespace = 'orders') => text('ja', namespace, key);

async function simulator<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${SIMULATOR}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

interface SimulatorState {
  orders: { reference: string | null; esims: { iccid: string }[] }[];
  esims: { iccid: string; smdpAddress: string; matchingId: string }[];
}

test.beforeAll(async () => {
  await query(
    `INSERT INTO partners (name, code, target, tariff_code_id, created_by, updated_by)
     SELECT $1, $2, 'corporate_customer', id, 'e2e', 'e2e'
       FROM tariff_codes WHERE tariff_code = 'STD-PARTNER'`,
    [PARTNER, `E2ED${SUFFIX}`],
  );
});

test.afterAll(async () => {
  await simulator('DELETE', 'fault');
});

test('buys a supplier-delivered eSIM in Japanese and shows its QR code once revealed', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-ja').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto('/orders/register');

  // The wizard in Japanese: its title, the five step titles and the Next button.
  await expect(page.getByTestId('order-register-title')).toHaveText(ja('register.title'));
  await expect(page.locator('.esim-wizard-step')).toContainText(
    STEPS.map((step) => ja(`steps.${step}`)),
  );
  const next = page.getByTestId('wizard-next');
  await expect(next).toHaveText(ja('wizard.next', 'ui'));

  await chooseOption(page, page.locator('#order-partner'), PARTNER, PARTNER);
  const bundles = page.getByTestId('bundle-table');
  await bundles.getByRole('searchbox').fill(PRODUCT);
  await bundles.getByRole('searchbox').press('Enter');
  const row = bundles.locator('tr', { hasText: PRODUCT });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ja('bundles.onDemand'));
  await row.getByTestId('bundle-add').click();
  await expect(page.locator(`[data-testid="basket-line"][data-product="${PRODUCT}"]`)).toHaveCount(
    1,
  );
  await next.click();

  await page.getByLabel(ja('fields.customerName', 'common')).fill(CUSTOMER);
  await next.click();
  await expect(page.getByTestId('order-preview').getByTestId('order-line')).toHaveCount(1);
  await expect(next).toHaveText(ja('purchase.button'));

  // The supplier answers slowly this once, so the order is seen waiting for its delivery.
  await simulator('PUT', 'fault', { delayMs: 2_000, times: 1 });
  await next.click();
  const dialog = page.getByRole('dialog', { name: ja('purchase.confirmTitle') });
  await dialog.getByRole('button', { name: ja('purchase.confirm') }).click();

  const [before, after] = ja('purchase.processing')
    .replace('{{delivered}}', '0')
    .replace('{{total}}', '1')
    .split('{{orderNo}}');
  const waiting = page.getByTestId('purchase-processing');
  await expect(waiting).toContainText(before!);
  await expect(waiting).toContainText(after!);
  const success = page.getByTestId('purchase-success');
  await expect(success).toBeVisible({ timeout: 30_000 });
  const [order] = await query<{ order_no: string; idempotency_key: string; status: string }>(
    `SELECT order_no, idempotency_key, processing_status AS status FROM orders
      WHERE customer_name = $1`,
    [CUSTOMER],
  );
  expect(order?.status).toBe('success');
  await expect(success).toContainText(
    ja('purchase.success').replace('{{orderNo}}', order!.order_no),
  );

  // The eSIM the simulator delivered for this order (its reference is the Idempotency-Key).
  const state = await simulator<SimulatorState>('GET', 'state');
  const placed = state.orders.filter((entry) => entry.reference === order!.idempotency_key);
  expect(placed).toHaveLength(1);
  const iccid = placed[0]!.esims[0]!.iccid;
  const esim = state.esims.find((entry) => entry.iccid === iccid)!;

  await next.click();
  const completed = page.getByTestId('order-completed');
  await expect(completed).toContainText(
    ja('completed.title').replace('{{orderNo}}', order!.order_no),
  );
  await expect(completed.getByTestId('completed-iccid')).toHaveText(iccid);

  // Revealing the code (the admin holds /orders/activation-code) shows the QR code.
  const code = completed.getByTestId('activation-code');
  await expect(code.getByTestId('activation-qr')).toHaveCount(0);
  await code.getByTestId('activation-reveal').click();
  await page
    .getByRole('dialog', { name: ja('activationCode.confirmTitle', 'ui') })
    .getByRole('button', { name: ja('activationCode.confirm', 'ui') })
    .click();
  await expect(code.getByTestId('activation-qr').locator('canvas')).toBeVisible();
  const value = code.getByTestId('activation-code-value');
  await expect(value).toHaveText(/^LPA:1\$[^$]+\$[^$]+$/);
  await expect(value).toHaveText(`LPA:1$${esim.smdpAddress}$${esim.matchingId}`);

  // The QR code downloads as a PNG named after the eSIM, for the customer to install from.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    code.getByTestId('activation-qr-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`esim-${iccid}.png`);
  const png = fs.readFileSync(await download.path());
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
});
