import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, REPO_ROOT, SCREENSHOT_DIR } from '../support/env';
import {
  buildRemoteVersion,
  exposeChunk,
  listReleases,
  publishCopy,
  releaseCli,
  remoteDistDir,
  sharedModules,
  storeVersionDir,
} from '../support/remotes';
import { chooseOption } from '../support/antd-select';
import { signIn } from '../support/sign-in';

/*
 * Independently released remotes on the built console (global setup: the server published and
 * pinned every built remote at start). Two extra builds per run: partners 1.0.1, and campaigns
 * 1.1.0-e2e with a route of its own (REMOTE_E2E_EXTRA_ROUTE=1).
 */
test.describe.configure({ mode: 'serial' });

const VERSIONED = 'partners';
const V1 = '1.0.0';
const V2 = '1.0.1';

/**
 * The host's frame around every area screen (a built screen or a skeleton) names the remote and
 * the version it loaded.
 */
async function expectArea(page: Page, area: string, version: string): Promise<void> {
  const frame = page.getByTestId('remote-area');
  await expect(frame).toHaveAttribute('data-remote', area, { timeout: 20_000 });
  await expect(frame).toHaveAttribute('data-version', version, { timeout: 20_000 });
}

function mtime(file: string): number {
  return fs.statSync(file).mtimeMs;
}

/** campaigns built with the e2e-only extra route of its manifest. */
const EXTRA_AREA = 'campaigns';
const EXTRA_VERSION = '1.1.0-e2e';
const EXTRA_PATH = '/campaign-code/e2e-extra';

test.afterAll(() => {
  // The extra builds are this suite's own: a later `pnpm start` should not publish them.
  fs.rmSync(remoteDistDir(VERSIONED, V2), { recursive: true, force: true });
  fs.rmSync(remoteDistDir(EXTRA_AREA, EXTRA_VERSION), { recursive: true, force: true });
});

/** Publishes a build unless an interrupted run left it published already. */
async function publishOnce(remote: string, version: string): Promise<void> {
  const published = await listReleases(remote);
  if (published?.versions.some((item) => item.version === version)) {
    test.info().annotations.push({
      type: 'note',
      description: `${remote} ${version} was already published`,
    });
  } else {
    expect(await releaseCli('publish', remote, version)).toContain(
      `Published ${remote} ${version}`,
    );
  }
}

test('a remote reads the signed-in user and the host-filled stores; one instance of each singleton', async ({
  page,
}) => {
  await signIn(page, ADMIN_EMAIL);
  // The settings screen's Profile card, a real screen of the settings remote.
  await page.getByTestId('menu-settings').click();
  await expectArea(page, 'settings', V1);
  // Read by the remote's code from @esim/platform's auth and permission stores.
  await expect(page.getByTestId('profile-email')).toHaveText(ADMIN_EMAIL, { timeout: 20_000 });
  await expect(page.getByTestId('profile-role')).toHaveAttribute('data-role-id', 'administrators');
  const facts = page.locator('[data-testid="area-screen"][data-screen="settings"]');
  // The React context the host provides holds @esim/platform's QueryClient, whose cache holds
  // the release document the host loaded this remote from.
  await expect(facts).toHaveAttribute('data-shared-query-client', 'true');
  await expect(facts).toHaveAttribute('data-release-version', V1);

  // A second real remote in the same page (client-side navigation).
  await page.getByTestId('menu-orders').click();
  await expectArea(page, 'orders', V1);
  await expect(page.locator('[data-testid="area-screen"][data-screen="order-list"]')).toBeVisible({
    timeout: 20_000,
  });

  const shared = await sharedModules(page);
  for (const name of ['react', 'react-dom', '@tanstack/react-query', 'zustand', '@esim/platform']) {
    const loaded = (shared[name] ?? []).filter((instance) => instance.loaded);
    expect(loaded, `${name}: ${JSON.stringify(shared[name])}`).toHaveLength(1);
    expect(loaded[0]!.from, name).toBe('host');
  }
  // Both remotes took their React and @esim/platform from the host.
  for (const name of ['react', '@esim/platform']) {
    const [instance] = shared[name]!.filter((entry) => entry.loaded);
    expect(instance!.useIn, name).toEqual(expect.arrayContaining(['host', 'settings', 'orders']));
  }
});

test('publish two versions of one remote, pin v1, pin v2 on the Releases screen, roll back with the CLI', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const untouched = [
    path.join(REPO_ROOT, 'host', 'dist', 'index.html'),
    path.join(remoteDistDir('orders', V1), 'mf-manifest.json'),
    path.join(remoteDistDir(VERSIONED, V1), 'mf-manifest.json'),
  ];
  const before = untouched.map(mtime);

  // A second build of one remote, alone, into its own versioned directory.
  const v2Dir = await buildRemoteVersion(VERSIONED, V2);
  expect(fs.existsSync(path.join(v2Dir, 'mf-manifest.json'))).toBe(true);
  expect(fs.existsSync(path.join(remoteDistDir(VERSIONED, V1), 'mf-manifest.json'))).toBe(true);
  expect(untouched.map(mtime), 'nothing else was rebuilt').toEqual(before);

  const published = await listReleases(VERSIONED);
  if (published?.versions.some((item) => item.version === V2)) {
    // A build left by an interrupted run was published by the server at start.
    test
      .info()
      .annotations.push({ type: 'note', description: `${VERSIONED} ${V2} was already published` });
  } else {
    expect(await releaseCli('publish', VERSIONED, V2)).toContain(`Published ${VERSIONED} ${V2}`);
  }
  // A version that is not published cannot be pinned.
  await expect(
    releaseCli('pin', VERSIONED, '7.7.7', '--reason', 'e2e: no such version'),
  ).rejects.toThrow(/7\.7\.7 is not published/);

  await releaseCli('pin', VERSIONED, V1, '--reason', 'e2e: start from v1');
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/partners');
  await expectArea(page, VERSIONED, V1);

  // Pin v2 from the Releases screen (settings remote).
  await page.goto('/settings/releases');
  const card = page.getByTestId(`release-card-${VERSIONED}`);
  await expect(card.getByTestId(`release-pinned-${VERSIONED}`)).toHaveAttribute('data-version', V1);
  await expect(card.getByTestId(`release-versions-${VERSIONED}`)).toContainText(V2);
  await card.getByTestId(`release-pin-${VERSIONED}`).click();
  const dialog = page.getByRole('dialog', { name: 'Pin a version of Partners' });
  await chooseOption(page, dialog.locator('#field-version'), V2);
  await dialog.locator('#field-reason').fill('e2e: v2 is ready');
  await dialog.getByRole('button', { name: 'Pin' }).click();
  const confirmDialog = page.getByRole('dialog', { name: `Pin ${VERSIONED} ${V2}?` });
  await expect(confirmDialog).toContainText(
    'Every user loads 1.0.1 of Partners on their next page load.',
  );
  await confirmDialog.getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByText(`Release pinned: ${VERSIONED} ${V2}.`)).toBeVisible();
  await expect(card.getByTestId(`release-pinned-${VERSIONED}`)).toHaveAttribute('data-version', V2);
  // Now there is an earlier pin to go back to.
  await expect(card.getByTestId(`release-rollback-${VERSIONED}`)).toBeEnabled();
  await expect(card.getByTestId(`release-rollback-${VERSIONED}`)).toHaveAttribute(
    'data-rollback-version',
    V1,
  );
  const history = card.getByTestId(`release-history-${VERSIONED}`);
  await expect(history.locator('tr.ant-table-row').first()).toContainText(ADMIN_EMAIL);
  await expect(history.locator('tr.ant-table-row').first()).toContainText('e2e: v2 is ready');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'releases-screen.png'), fullPage: true });

  await page.goto('/partners');
  await expectArea(page, VERSIONED, V2);
  // The other areas still load their own pinned versions.
  await page.goto('/orders');
  await expectArea(page, 'orders', V1);

  // Roll back from the CLI: the next page load shows v1 again.
  expect(await releaseCli('rollback', VERSIONED, '--reason', 'e2e: back to v1')).toContain(
    `Rolled back ${VERSIONED}: ${V2} -> ${V1}`,
  );
  await page.goto('/partners');
  await expectArea(page, VERSIONED, V1);
  expect(await releaseCli('history', VERSIONED)).toMatch(/1\.0\.1\s+->\s+1\.0\.0\s+rollback/);
  expect(untouched.map(mtime), 'the host and the other remotes were not rebuilt').toEqual(before);
});

test('a broken remote shows only its error page with retry; the rest of the console works', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // campaigns: a published version whose './routes' chunk is gone; branches: manifest 404.
  const missingChunk = await publishCopy('campaigns', V1, '9.0.0-broken');
  fs.rmSync(exposeChunk(missingChunk, './routes'));
  const missingManifest = await publishCopy('branches', V1, '9.0.0-no-manifest');
  expect(fs.existsSync(storeVersionDir('campaigns', '9.0.0-broken'))).toBe(true);

  try {
    // A pin reads the manifest and remote entry the console will load: both still match.
    await releaseCli('pin', 'campaigns', '9.0.0-broken', '--reason', 'e2e: broken chunk');
    await releaseCli('pin', 'branches', '9.0.0-no-manifest', '--reason', 'e2e: manifest 404');
    // A pinned version whose manifest the store loses afterwards: a pin would now be refused.
    fs.rmSync(path.join(missingManifest, 'mf-manifest.json'));
    await expect(
      releaseCli('pin', 'branches', '9.0.0-no-manifest', '--reason', 'e2e: again'),
    ).rejects.toThrow(/mf-manifest\.json could not be read from the remote store \(HTTP 404\)/);
    await signIn(page, ADMIN_EMAIL);

    await page.goto('/campaign-code');
    const failed = page.getByTestId('area-failed');
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(failed).toHaveAttribute('data-area', 'campaigns');
    await expect(failed).toContainText('This area could not be loaded');
    await expect(failed).toContainText(
      'Campaign codes failed to load or stopped working. The rest of the console still works.',
    );
    await expect(page.getByTestId('area-retry')).toHaveText('Try again');
    // The menu keeps the broken area's entry, and the session is intact.
    await expect(page.getByTestId('menu-campaign-code')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(ADMIN_EMAIL);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'remote-failed.png'), fullPage: true });

    // Other areas open, in the same page (no reload).
    await page.getByTestId('menu-partners').click();
    await expectArea(page, 'partners', V1);
    await page.getByTestId('menu-branch-master').click();
    await expect(page.getByTestId('area-failed')).toHaveAttribute('data-area', 'branches', {
      timeout: 30_000,
    });
    await page.getByTestId('menu-dashboard').click();
    await expectArea(page, 'dashboard', V1);

    // A release manager rolls campaigns back; Retry reads the pins again and loads it.
    await releaseCli('rollback', 'campaigns', '--reason', 'e2e: broken');
    await page.getByTestId('menu-campaign-code').click();
    await expect(page.getByTestId('area-failed')).toBeVisible();
    await page.getByTestId('area-retry').click();
    await expectArea(page, 'campaigns', V1);
  } finally {
    // Leave working pins for the specs that run after this one.
    for (const remote of ['campaigns', 'branches']) {
      await releaseCli('pin', remote, V1, '--reason', 'e2e: restore').catch(() => undefined);
    }
  }
});

test('a preview of an unpinned version is seen only in the browser session that set it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const pinned = await listReleases(VERSIONED);
  expect(pinned?.pinned?.version).toBe(V1);
  expect(pinned?.versions.map((item) => item.version)).toContain(V2);

  await signIn(page, ADMIN_EMAIL);
  await page.goto('/settings/releases');
  await page.getByTestId(`release-preview-${VERSIONED}-${V2}`).click();
  // The console reloads with the override of this tab's session.
  const banner = page.getByTestId('release-preview-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Preview: Partners 1.0.1.');
  await expect(
    page.getByTestId(`release-card-${VERSIONED}`).getByText('Previewing in this tab'),
  ).toBeVisible();
  await page.goto('/partners');
  await expectArea(page, VERSIONED, V2);
  await expect(page.getByTestId('remote-area')).toHaveAttribute('data-preview', 'true');
  await expect(page.getByTestId('release-preview-banner')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'release-preview.png'), fullPage: true });

  // Another signed-in session of an administrator (a fresh browser context) sees the pin.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, ADMIN_EMAIL);
    await otherPage.goto('/partners');
    await expectArea(otherPage, VERSIONED, V1);
    await expect(otherPage.getByTestId('release-preview-banner')).toHaveCount(0);
  } finally {
    await other.close();
  }
  // Nothing changed on the server.
  expect((await listReleases(VERSIONED))?.pinned?.version).toBe(V1);

  await page.getByTestId('release-preview-stop').click();
  await expect(page.getByTestId('release-preview-banner')).toHaveCount(0, { timeout: 20_000 });
  await expectArea(page, VERSIONED, V1);
});

test('roll back is not offered for an area pinned only once', async ({ page }) => {
  // Stock was pinned once, by the server at start (auto-publish): nothing earlier to go back to.
  const stock = await listReleases('stock');
  expect(stock?.pinned?.version).toBe(V1);
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/settings/releases');
  const card = page.getByTestId('release-card-stock');
  await expect(card.getByTestId('release-pinned-stock')).toHaveAttribute('data-version', V1, {
    timeout: 20_000,
  });
  const rollback = card.getByTestId('release-rollback-stock');
  await expect(rollback).toBeDisabled();
  // The reason is on the button's tooltip.
  await rollback.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(
    'Nothing to roll back to: no earlier version of Stock was pinned.',
  );
});

test('a remote release adds a screen: its route and menu entry come with the remote, no host build; a dead remote keeps them', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const host = [
    path.join(REPO_ROOT, 'host', 'dist', 'index.html'),
    path.join(remoteDistDir(EXTRA_AREA, V1), 'route-manifest.json'),
  ];
  const before = host.map(mtime);

  // The released campaigns has no such route; a new build of campaigns alone declares one.
  const released = fs.readFileSync(
    path.join(remoteDistDir(EXTRA_AREA, V1), 'route-manifest.json'),
    'utf8',
  );
  expect(released).not.toContain(EXTRA_PATH);
  const dir = await buildRemoteVersion(EXTRA_AREA, EXTRA_VERSION, { REMOTE_E2E_EXTRA_ROUTE: '1' });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'route-manifest.json'), 'utf8')) as {
    version: string;
    routes: { path: string }[];
  };
  expect(manifest.version).toBe(EXTRA_VERSION);
  expect(manifest.routes.map((route) => route.path)).toContain(EXTRA_PATH);
  expect(host.map(mtime), 'the host was not rebuilt').toEqual(before);
  await publishOnce(EXTRA_AREA, EXTRA_VERSION);

  try {
    await signIn(page, ADMIN_EMAIL);
    // Pinned: 1.0.0. The console does not know the route.
    await page.goto(EXTRA_PATH);
    await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 20_000 });
    const entry = page.getByTestId(`menu-${EXTRA_PATH.slice(1)}`);
    await expect(page.getByTestId('menu-campaign-code')).toBeVisible();
    await expect(entry).toHaveCount(0);

    await releaseCli('pin', EXTRA_AREA, EXTRA_VERSION, '--reason', 'e2e: a new screen');
    await page.reload();
    // The same host build: the route, its menu entry (label and icon from the remote's
    // manifest) and its screen come with the pinned remote.
    await expect(entry).toHaveText('Campaign detail', { timeout: 20_000 });
    const item = page.locator('li.ant-menu-item', { has: entry });
    await expect(item.locator('[data-icon="GiftOutlined"] svg')).toBeVisible();
    await expectArea(page, EXTRA_AREA, EXTRA_VERSION);
    await expect(page).toHaveTitle('Campaign detail | eSIM Console');
    await page.getByTestId('menu-dashboard').click();
    await expectArea(page, 'dashboard', V1);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${EXTRA_PATH}$`));
    await expectArea(page, EXTRA_AREA, EXTRA_VERSION);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'remote-new-route.png'),
      fullPage: true,
    });

    // A version that cannot be reached at all (no mf-manifest.json, no route-manifest.json):
    // the last known manifest keeps the menu entries and the area's error page.
    const dead = await publishCopy(EXTRA_AREA, EXTRA_VERSION, '9.1.0-dead');
    await releaseCli('pin', EXTRA_AREA, '9.1.0-dead', '--reason', 'e2e: unreachable');
    // Pinned while whole (a pin checks the files); then the store loses them.
    fs.rmSync(path.join(dead, 'mf-manifest.json'));
    fs.rmSync(path.join(dead, 'route-manifest.json'));
    await page.reload();
    await expect(page.getByTestId('area-failed')).toHaveAttribute('data-area', EXTRA_AREA, {
      timeout: 30_000,
    });
    await expect(entry).toBeVisible();
    await expect(page.getByTestId('menu-campaign-code')).toBeVisible();
  } finally {
    await releaseCli('pin', EXTRA_AREA, V1, '--reason', 'e2e: restore').catch(() => undefined);
  }
});
