import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd Select and waits until the select shows it. Under load a click can
 * land while the dropdown is still animating in and be lost (the form then says the field is
 * required), so a pick that did not take is tried again.
 * `select`: the Select's input (e.g. '#field-version'); `search`: text typed to filter first.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  search = '',
): Promise<void> {
  const root = select.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const openDropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await openDropdown.count()) === 0) await select.click();
    if (search) await select.fill(search);
    const item = openDropdown
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .first();
    await expect(item).toBeVisible({ timeout: 5_000 });
    await item.click({ timeout: 2_000 });
    // The select's own box shows the choice (the dropdown is a portal outside it).
    await expect(root).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Multiple selects stay open after a pick; close them so the next field is reachable. Only
  // those: an Escape that reaches a dialog instead asks to discard its changes.
  const multiple = await root.evaluate((node) => node.classList.contains('ant-select-multiple'));
  if (multiple && (await openDropdown.count()) > 0) await page.keyboard.press('Escape');
}
