import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, SCREENSHOT_DIR } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';
import { query } from '../support/database';

/*
 * The home dashboard on the built console (issue 18): with orders placed for two partners, the
 * administrator sees every widget with figures that match the orders (the newest order on top of
 * recent purchases, the revenue and order totals of the last 30 days), an empty period says so,
 * the screen speaks Japanese after the language switch, and a partner admin sees its own
 * partner's order only. The charts render under the console's Content-Security-Policy without a
 * violation, and their code is loaded with the dashboard screen only.
 */
test.describe.configure({ mode: 'serial' });

/** Stock-type sample products with sample stock on hand (api/src/areas/stock/sample.ts). */
const JAPAN_PRODUCT = 'NSS-JP-3GB-8D';
const SUFFIX = Date.now().toString(36).toUpperCase();
const PARTNER_A = `E2E Dashboard A ${SUFFIX}`;
const PARTNER_B = `E2E Dashboard B ${SUFFIX}`;
const PARTNER_ADMIN = `dashboard-${SUFFIX.toLowerCase()}@e2e.test`;
/** A dashboard remote file at least this big is the charts library (measured: about 1.8 MB). */
const CHARTS_CHUNK_MIN_BYTES = 500_000;

const ids: { partnerA: string; partnerB: string; product: string } = {
  partnerA: '',
  partnerB: '',
  product: '',
};
interface PlacedOrder {
  id: string;
  orderNo: string;
  finalPrice: number;
}
const placed: { a?: PlacedOrder; b?: PlacedOrder; newest?: PlacedOrder } = {};

test.beforeAll(async () => {
  // Two partners buying at the sample tariff code, and a partner admin of the first, as staff
  // would set them up on the partners screen (its e2e covers that).
  const partner = async (name: string, code: string) => {
    const [row] = await query<{ id: string }>(
      `INSERT INTO partners (name, code, target, tariff_code_id, created_by, updated_by)
       SELECT $1, $2, 'corporate_customer', id, 'e2e', 'e2e'
         FROM tariff_codes WHERE tariff_code = 'STD-PARTNER'
       RETURNING id`,
      [name, code],
    );
    return row!.id;
  };
  ids.partnerA = await partner(PARTNER_A, `E2EDA${SUFFIX}`);
  ids.partnerB = await partner(PARTNER_B, `E2EDB${SUFFIX}`);
  await query(
    `INSERT INTO users (email, name, role_id, partner_id)
     VALUES ($1, 'E2E Dashboard Partner', 'administrators_partner', $2)`,
    [PARTNER_ADMIN, ids.partnerA],
  );
  const [product] = await query<{ id: string }>('SELECT id FROM products WHERE product_code = $1', [
    JAPAN_PRODUCT,
  ]);
  ids.product = product!.id;
});

/**
 * The signed-in page's bearer token, as the console just sent it (ID tokens live 20 s in the
 * suite, so each call takes a fresh one).
 */
async function bearer(page: Page): Promise<string> {
  const sent = page.waitForRequest(
    (request) => request.url().includes('/api/mng/') && Boolean(request.headers()['authorization']),
  );
  await page.goto('/orders');
  return (await sent).headers()['authorization']!;
}

/** POST order: the purchase the wizard makes (its own e2e covers the wizard). */
async function purchase(page: Page, partnerId: string, customerName: string): Promise<PlacedOrder> {
  const response = await page.request.post('/api/mng/order', {
    headers: {
      authorization: await bearer(page),
      'idempotency-key': randomUUID().replace(/-/g, ''),
    },
    data: {
      partnerId,
      lines: [{ productId: ids.product, quantity: 1 }],
      customerName,
      useCountries: ['JP'],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: PlacedOrder };
  return data;
}

/** Revenue and orders of the last 30 business days (Asia/Tokyo), as the API sums them. */
async function last30Days(partnerId?: string): Promise<{ revenue: number; orders: number }> {
  const [row] = await query<{ revenue: string; orders: number }>(
    `SELECT coalesce(sum(final_price), 0)::text AS revenue, count(*)::int AS orders FROM orders
      WHERE processing_status <> 'failed'
        AND (purchased_at AT TIME ZONE 'Asia/Tokyo')::date
            BETWEEN (now() AT TIME ZONE 'Asia/Tokyo')::date - 29 AND (now() AT TIME ZONE 'Asia/Tokyo')::date
        AND ($1::uuid IS NULL OR partner_id = $1::uuid)`,
    [partnerId ?? null],
  );
  return { revenue: Number(row!.revenue), orders: row!.orders };
}

const yen = (amount: number) => `${amount.toLocaleString('en-US')} JPY`;

/** CSP violations the page reports, from the console and the DOM event. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/unsafe-eval|Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test('the administrator sees every widget with the figures of the orders placed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const violations = watchCsp(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to: CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await signIn(page, ADMIN_EMAIL);

  placed.a = await purchase(page, ids.partnerA, `Aiko ${SUFFIX}`);
  placed.b = await purchase(page, ids.partnerB, `Bernd ${SUFFIX}`);
  placed.newest = placed.b;

  // On another screen the dashboard's charts are not loaded.
  const dashboardScripts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\/dashboard\/[^/]+\/[^/]+\.js$/.test(url)) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    dashboardScripts.push({ url, bytes: body.length });
  });
  await page.goto('/orders');
  // The orders remote's first load, on a busy machine.
  await expect(page.getByTestId('order-link').first()).toBeVisible({ timeout: 30_000 });
  expect(dashboardScripts.filter((file) => file.bytes >= CHARTS_CHUNK_MIN_BYTES)).toEqual([]);

  await page.getByTestId('menu-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const screen = page.locator('[data-screen="dashboard"]');
  await expect(screen).toBeVisible({ timeout: 30_000 });

  // Recent purchased records: the newest order first, linking to its detail.
  const recent = page.getByTestId('widget-recent');
  await expect(recent.getByTestId('recent-order-link').first()).toHaveText(placed.newest.orderNo);
  const newestRow = recent.locator(`[data-testid="recent-row"][data-order="${placed.b.orderNo}"]`);
  await expect(newestRow).toContainText(PARTNER_B);
  await expect(newestRow.getByTestId('recent-price')).toHaveText(yen(placed.b.finalPrice));
  await expect(recent.locator(`[data-order="${placed.a.orderNo}"]`)).toContainText(PARTNER_A);

  // Sales and revenue of the last 30 days: the totals the orders make, and the chart drawn.
  const totals = await last30Days();
  const sales = page.getByTestId('widget-sales');
  await expect(sales.getByTestId('sales-revenue-total')).toContainText(yen(totals.revenue));
  await expect(sales.getByTestId('sales-orders-total')).toContainText(
    totals.orders.toLocaleString('en-US'),
  );
  // The charts library comes after the cards (its own chunk).
  await expect(sales.getByTestId('sales-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });

  // Users by country and the plan ratio: Japan and the sold plan in the charts' accessible text.
  const [plan] = await query<{ name: string }>('SELECT name FROM products WHERE id = $1', [
    ids.product,
  ]);
  await expect(page.getByTestId('countries-chart')).toHaveAttribute('aria-label', /Japan \d/);
  await expect(page.getByTestId('plans-chart')).toHaveAttribute(
    'aria-label',
    new RegExp(`${plan!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d`),
  );
  await expect(page.getByTestId('countries-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('plans-chart').locator('canvas')).toBeVisible();

  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dashboard-en.png'), fullPage: true });

  // The charts follow the window's width.
  const salesCanvas = sales.getByTestId('sales-chart').locator('canvas');
  const wide = (await salesCanvas.boundingBox())!.width;
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width + 400, height: viewport.height });
  await expect
    .poll(async () => (await salesCanvas.boundingBox())?.width ?? wide)
    .toBeGreaterThan(wide + 100);
  await page.setViewportSize(viewport);

  // Exchange rates: the sample currencies' current rates.
  await expect(page.getByTestId('widget-rates').getByTestId('rate-row').first()).toBeVisible();

  // The charts came with the dashboard screen.
  const charts = dashboardScripts.filter((file) => file.bytes >= CHARTS_CHUNK_MIN_BYTES);
  expect(charts.length).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'dashboard charts chunk',
    description: charts
      .map((file) => `${file.url.split('/').pop()} ${file.bytes} bytes`)
      .join(', '),
  });

  // A period without sales says so; the period picker goes back to the last 30 days.
  await page.goto('/dashboard?period=custom&from=2020-01-01&to=2020-01-31');
  await expect(page.getByTestId('widget-sales-empty')).toContainText(
    text('en', 'dashboard', 'sales.empty'),
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('widget-plans-empty')).toBeVisible();
  await expect(page.getByTestId('widget-countries-empty')).toBeVisible();
  await page.getByTestId('period-30d').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sales.getByTestId('sales-revenue-total')).toContainText(yen(totals.revenue));

  // The newest order's link opens its detail.
  await recent.getByTestId('recent-order-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/detail\\?id=${placed.newest.id}$`));
  await page.goBack();

  // In Japanese: the widgets' titles and the countries' names.
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-ja').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  for (const [widget, key] of [
    ['widget-sales', 'sales.title'],
    ['widget-plans', 'plans.title'],
    ['widget-countries', 'countries.title'],
    ['widget-rates', 'rates.title'],
    ['widget-recent', 'recent.title'],
  ] as const) {
    await expect(page.getByRole('region', { name: text('ja', 'dashboard', key) })).toHaveAttribute(
      'data-testid',
      widget,
    );
  }
  await expect(page.getByTestId('period-30d')).toHaveText(text('ja', 'dashboard', 'period.30d'));
  await expect(page.getByTestId('countries-chart')).toHaveAttribute('aria-label', /日本 \d/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dashboard-ja.png'), fullPage: true });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  expect(violations).toEqual([]);
});

test("a partner admin sees its own partner's figures only", async ({ page }) => {
  expect(placed.a).toBeDefined();
  const violations = watchCsp(page);
  await signIn(page, PARTNER_ADMIN);

  const recent = page.getByTestId('widget-recent');
  // The dashboard remote's first load in this browser, on a busy machine.
  await expect(recent.getByTestId('recent-row')).toHaveCount(1, { timeout: 30_000 });
  await expect(recent.getByTestId('recent-order-link')).toHaveText(placed.a!.orderNo);
  await expect(recent).toContainText(PARTNER_A);
  await expect(recent).not.toContainText(PARTNER_B);

  const own = await last30Days(ids.partnerA);
  expect(own).toEqual({ revenue: placed.a!.finalPrice, orders: 1 });
  await expect(page.getByTestId('sales-revenue-total')).toContainText(yen(own.revenue));
  await expect(page.getByTestId('sales-orders-total')).toContainText('1');
  await expect(page.getByTestId('plans-chart')).toHaveAttribute('aria-label', /, 1 in all:/);
  expect(violations).toEqual([]);
});
