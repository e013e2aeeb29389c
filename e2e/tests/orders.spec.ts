import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { chooseOption } from '../support/antd-select';
import { ADMIN_DATABASE_URL, ADMIN_EMAIL, STATE_FILE } from '../support/env';
import { signIn } from '../support/sign-in';

/*
 * The purchase wizard on the built console (issue 15): a partner buying at the sample tariff
 * code STD-PARTNER; the first step offers its bundles at its price with the stock on hand, warns
 * on an empty cart, and keeps the basket in the staff member's cart on the server across a
 * reload. (The rest of the story, through the purchase, is still to come: docs/orders.md
 * "Known gaps".)
 */
test.describe.configure({ mode: 'serial' });

/** A stock-type sample product with sample stock on hand (api/src/areas/stock/sample.ts). */
const PRODUCT = 'NSS-JP-3GB-8D';
const SUFFIX = Date.now().toString(36).toUpperCase();
const PARTNER = `E2E Orders ${SUFFIX}`;

function databaseUrl(): string {
  const { databaseName } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as {
    databaseName: string;
  };
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  // The partner staff would create on the partners screen (its e2e covers that), buying at the
  // sample tariff code.
  await query(
    `INSERT INTO partners (name, code, target, tariff_code_id, created_by, updated_by)
     SELECT $1, $2, 'corporate_customer', id, 'e2e', 'e2e'
       FROM tariff_codes WHERE tariff_code = 'STD-PARTNER'`,
    [PARTNER, `E2EO${SUFFIX}`],
  );
});

async function onHand(): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_items s JOIN products p ON p.id = s.product_id
      WHERE p.product_code = $1 AND s.status = 'on_hand'`,
    [PRODUCT],
  );
  return row!.n;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test("offers the partner's bundles and keeps the basket across a reload", async ({ page }) => {
  expect(await onHand()).toBeGreaterThan(2);
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/orders/register');

  await chooseOption(page, page.locator('#order-partner'), PARTNER, PARTNER);
  // Next with an empty basket: the spec's cart-empty warning, still on the first step.
  await next(page).click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  const bundles = page.getByTestId('bundle-table');
  await bundles.getByRole('searchbox').fill(PRODUCT);
  await bundles.getByRole('searchbox').press('Enter');
  const row = bundles.locator('tr', { hasText: PRODUCT });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('JPY');
  await row.getByTestId('bundle-add').click();
  const line = page.locator(`[data-testid="basket-line"][data-product="${PRODUCT}"]`);
  await expect(line).toContainText(`${await onHand()} on hand`);
  await line.getByTestId('basket-quantity').fill('2');
  await line.getByTestId('basket-quantity').press('Tab');

  // The draft is the staff member's cart on the server: it survives a reload.
  await expect(page.getByTestId('cart-save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(line.getByTestId('basket-quantity')).toHaveValue('2');
  await expect(page.getByTestId('basket-subtotal')).toContainText('JPY');

  // The cart row holds the basket and the wizard run's Idempotency-Key.
  const [cart] = await query<{ lines: { quantity: number }[]; idempotency_key: string }>(
    `SELECT c.lines, c.idempotency_key FROM carts c JOIN users u ON u.id = c.user_id
      WHERE u.email = $1`,
    [ADMIN_EMAIL],
  );
  expect(cart!.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
  expect(cart!.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
});
