import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, REPO_ROOT, SMTP_PORT } from '../support/env';
import { mailCount, waitForOtp } from '../support/mailbox';

/*
 * Which origin the console signs in from (docs/identity.md, "The console's origin"). The suite's
 * server runs with PUBLIC_URL=http://localhost:<E2E_PORT>: reached at 127.0.0.1 it is at a wrong
 * origin. A second server in the embedded default (no PUBLIC_URL, PGlite) is reached at 127.0.0.1
 * although it calls itself localhost, and must sign in there.
 */

const WRONG_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** The embedded-default server of this file: E2E_PORT + 5, so parallel runs keep apart. */
const EMBEDDED_PORT = E2E_PORT + 5;
const EMBEDDED_ORIGIN = `http://127.0.0.1:${EMBEDDED_PORT}`;
const EMBEDDED_ADMIN = 'origin-admin@e2e.test';

test('behind PUBLIC_URL, another origin is told where the console is', async ({ page }) => {
  await page.goto(`${WRONG_ORIGIN}/admin/auth/login`);
  await expect(page.getByTestId('wrong-origin')).toHaveText(
    `This console is served at http://localhost:${E2E_PORT}. Open it there to sign in.`,
  );
  await expect(page.getByRole('link', { name: `http://localhost:${E2E_PORT}` })).toHaveAttribute(
    'href',
    `http://localhost:${E2E_PORT}/admin/auth/login`,
  );
  await expect(page.getByTestId('login-email')).toHaveCount(0);
  await expect(page.getByText('Something went wrong. Please try again.')).toHaveCount(0);
});

test.describe('in the embedded default (no PUBLIC_URL)', () => {
  let server: ChildProcess | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-e2e-origin-'));
    server = spawn(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'server.mjs')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(EMBEDDED_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: '',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        REMOTE_STORE_DIR: '',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SEED_ADMIN_EMAIL: EMBEDDED_ADMIN,
        SEED_SAMPLE_DATA: 'false',
        ESIMGO_SIMULATOR_PORT: 'off',
        AUTO_PUBLISH_REMOTES: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      try {
        if ((await fetch(`${EMBEDDED_ORIGIN}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`${EMBEDDED_ORIGIN} did not become ready`);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function signInAt(page: Page, origin: string): Promise<void> {
    const index = mailCount(EMBEDDED_ADMIN);
    await page.goto(`${origin}/admin/auth/login`);
    await page.getByTestId('login-email').fill(EMBEDDED_ADMIN);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(`${origin}/admin/auth/otp`);
    await page.getByTestId('otp-input').fill(await waitForOtp(EMBEDDED_ADMIN, index));
    await page.getByTestId('otp-submit').click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByTestId('user-menu')).toContainText(EMBEDDED_ADMIN);
  }

  test('a console started as localhost signs in at 127.0.0.1 and loads its areas', async ({
    page,
  }) => {
    const config = (await (await fetch(`${EMBEDDED_ORIGIN}/config.json`)).json()) as {
      publicUrl: string | null;
      identity: { userPoolEndpoint: string };
    };
    expect(config.publicUrl).toBeNull();
    expect(config.identity.userPoolEndpoint).toBe('/identity');

    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(EMBEDDED_ORIGIN) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    await signInAt(page, EMBEDDED_ORIGIN);
    // The dashboard's remote comes from this origin too (its manifest URL is same-origin).
    await expect(
      page.getByTestId('area-coming-soon').or(page.getByTestId('area-screen')).first(),
    ).toBeVisible();
    await expect(page.getByTestId('area-failed')).toHaveCount(0);
    expect(elsewhere).toEqual([]);
  });
});
