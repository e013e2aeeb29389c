import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL } from '../support/env';
import { text } from '../support/locales';
import { signIn } from '../support/sign-in';

/*
 * Every detail route answers a missing or unknown id the same way: '{name} not found' inside the
 * area, why, and a link back to its list (never a blank title or a bare red alert).
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const notFound = (name: string) => text('en', 'ui', 'detail.notFound').replace('{{name}}', name);

const ROUTES: { name: string; list: string; urls: string[] }[] = [
  {
    name: text('en', 'tariffs', 'entity.profile'),
    list: 'tariff-list',
    urls: ['/tariff/detail', `/tariff/detail?id=${UNKNOWN_ID}`, '/tariff/detail?id=not-an-id'],
  },
  {
    name: text('en', 'tariffs', 'entity.code'),
    list: 'tariff-list',
    urls: ['/tariff/import/detail', '/tariff/import/detail?code=NO-SUCH-CODE'],
  },
  {
    name: text('en', 'tariffs', 'entity.profile'),
    list: 'tariff-list',
    urls: ['/tariff/NO-SUCH-PROFILE/create'],
  },
  {
    name: text('en', 'products', 'entity.product'),
    list: 'product-list',
    urls: ['/products/detail', `/products/detail?id=${UNKNOWN_ID}`, '/products/detail?id=x'],
  },
  {
    name: text('en', 'products', 'entity.product'),
    list: 'product-price-list',
    urls: ['/products-price/detail', `/products-price/detail?id=${UNKNOWN_ID}`],
  },
  {
    name: text('en', 'suppliers', 'entity.supplier'),
    list: 'supplier-list',
    urls: [
      '/supplier-management/detail',
      `/supplier-management/detail?id=${UNKNOWN_ID}`,
      '/supplier-management/detail?id=x',
    ],
  },
  {
    name: text('en', 'campaigns', 'entity.campaign'),
    list: 'campaign-list',
    urls: [
      '/campaign-code/detail',
      `/campaign-code/detail?id=${UNKNOWN_ID}`,
      '/campaign-code/detail?id=x',
    ],
  },
  {
    name: text('en', 'stock', 'entity.stockProduct'),
    list: 'stock-list',
    urls: [`/stock/detail?productId=${UNKNOWN_ID}`],
  },
];

test('a missing or unknown id on every detail route: not found, why, and the way back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_EMAIL);
  for (const route of ROUTES) {
    for (const url of route.urls) {
      await page.goto(url);
      const missing = page.getByTestId('detail-missing');
      await expect(missing, url).toBeVisible({ timeout: 30_000 });
      await expect(missing.locator('.ant-result-title'), url).toHaveText(notFound(route.name));
      await expect(missing.locator('.ant-result-subtitle'), url).not.toBeEmpty();
      await missing.getByTestId('detail-back').click();
      await expect(page.locator(`[data-screen="${route.list}"]`), url).toBeVisible({
        timeout: 30_000,
      });
    }
  }
});
