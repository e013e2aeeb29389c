import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { PgliteLockedError, acquirePgliteLock } from '../src/db/pglite-lock';
import { startStoreServer, tempDir, writeBuild, type StoreServer } from './release-store/support';
import { ADMIN_EMAIL, createTestApp, type TestContext } from './support/app';

/**
 * The release CLI (`pnpm release`, scripts/release/cli.mjs) against a running console: every
 * change goes through the API as the release manager whose RELEASE_TOKEN it sends. Offline it
 * refuses a PGlite directory another process holds.
 */

const run = promisify(execFile);
const CLI = path.join(repoRoot, 'scripts', 'release', 'cli.mjs');

let t: TestContext;
let cdn: StoreServer;
let builds: string;
let store: string;
let consoleUrl: string;
let token: string;

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        ESIM_CONSOLE_URL: consoleUrl,
        RELEASE_TOKEN: token,
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const {
      code,
      stdout = '',
      stderr = '',
    } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? 1, stdout, stderr };
  }
}

beforeAll(async () => {
  builds = tempDir('cli-builds');
  store = tempDir('cli-store');
  cdn = await startStoreServer(store);
  // The console's own origin (its /config.json names its sign-in endpoint there): a free port.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  consoleUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    config: {
      remoteStoreDir: store,
      remoteStoreUrl: cdn.url,
      consoleOrigin: consoleUrl,
      publicUrl: consoleUrl,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const created = await t.inject({
    method: 'POST',
    url: '/api/mng/release/token',
    token: await t.adminToken(),
    payload: { name: 'cli test' },
  });
  token = created.json().data.token;
});

afterAll(async () => {
  await t?.close();
  await cdn?.close();
  for (const dir of [builds, store]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('pnpm release through the console', () => {
  it('publishes, pins, sets a canary, rolls back and lists as the token user', async () => {
    for (const version of ['1.0.0', '1.0.1']) {
      const dir = writeBuild(builds, 'suppliers', version);
      const published = await cli(['publish', 'suppliers', version, '--dir', dir]);
      expect(published.stderr).toBe('');
      expect(published.stdout).toContain(`Published suppliers ${version}`);
    }
    const again = await cli([
      'publish',
      'suppliers',
      '1.0.0',
      '--dir',
      path.join(builds, 'suppliers', 'dist', '1.0.0'),
    ]);
    expect(again.stdout).toContain('already published with this very build');

    const noReason = await cli(['pin', 'suppliers', '1.0.0']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason');

    const pinned = await cli(['pin', 'suppliers', '1.0.0', '--reason', 'first']);
    expect(pinned.stdout).toContain(`Pinned suppliers: (none) -> 1.0.0 by ${ADMIN_EMAIL}`);
    await cli(['pin', 'suppliers', '1.0.1', '--reason', 'second']);
    const refused = await cli(['pin', 'suppliers', '7.7.7', '--reason', 'x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('suppliers 7.7.7 is not published');

    const canary = await cli([
      'canary',
      'suppliers',
      '1.0.0',
      '--percent',
      '10',
      '--reason',
      'try',
    ]);
    expect(canary.stdout).toContain('Canary of suppliers: 1.0.0 for 10% of users (try).');
    const ended = await cli(['canary', 'suppliers', '--end', '--reason', 'done']);
    expect(ended.stdout).toContain('Canary of suppliers ended');

    const back = await cli(['rollback', 'suppliers', '--reason', 'slow']);
    expect(back.stdout).toContain('Rolled back suppliers: 1.0.1 -> 1.0.0');
    const history = await cli(['history', 'suppliers']);
    expect(history.stdout).toMatch(/1\.0\.1\s+->\s+1\.0\.0\s+rollback\s+admin@esim\.test\s+"slow"/);
    const list = JSON.parse((await cli(['list', 'suppliers', '--json'])).stdout);
    expect(list[0]).toMatchObject({ remote: 'suppliers', pinnedVersion: '1.0.0', canary: null });
  });

  it('says what to do without a token, with a refused token, and without a console', async () => {
    const missing = await cli(['list'], { RELEASE_TOKEN: '' });
    expect(missing.stderr).toContain('RELEASE_TOKEN is not set');
    expect(missing.stderr).toContain('pnpm release login');
    const wrong = await cli(['list'], { RELEASE_TOKEN: `esim_rt_${'x'.repeat(43)}` });
    expect(wrong.stderr).toContain('refused RELEASE_TOKEN');
    const down = await cli(['list'], { ESIM_CONSOLE_URL: 'http://127.0.0.1:9' });
    expect(down.stderr).toContain('No console answers at http://127.0.0.1:9');
  });
});

describe('pnpm release login', () => {
  it('signs in with the one-time code and prints a release token that acts as that user', async () => {
    const outbox = t.config.mail.outboxDir;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const child = spawn(process.execPath, [CLI, 'login', ADMIN_EMAIL, '--name', 'laptop'], {
      env: { PATH: process.env.PATH ?? '', ESIM_CONSOLE_URL: consoleUrl },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mail = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).find(
        (file) => !before.has(file),
      );
      if (mail) code = /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, mail), 'utf8'))?.[1];
    }
    expect(code, stderr).toBeDefined();
    child.stdin.write(`${code}\n`);
    expect(await exited, stderr).toBe(0);
    expect(stderr).toContain('Release token "laptop" created');
    const issued = /^export RELEASE_TOKEN=(esim_rt_\S+)$/m.exec(stdout)?.[1];
    expect(issued).toBeDefined();
    const listed = await cli(['list'], { RELEASE_TOKEN: issued! });
    expect(listed.code, listed.stderr).toBe(0);
  });
});

describe('pnpm release --offline', () => {
  it('refuses a PGlite directory the API server holds, and works once it is free', async () => {
    const dataDir = tempDir('cli-offline');
    const release = acquirePgliteLock(path.join(dataDir, 'pglite'), 'api server (port 3000)');
    const env = { DATA_DIR: dataDir, ESIM_CONSOLE_URL: 'http://127.0.0.1:9', RELEASE_TOKEN: '' };
    try {
      const refused = await cli(['list', '--offline'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `is open in another process (api server (port 3000), pid ${process.pid}`,
      );
    } finally {
      release();
    }
    try {
      const listed = await cli(['list', '--offline'], env);
      expect(listed.stderr).toBe('');
      expect(listed.stdout).toContain('No remote version is published yet');
      // The CLI gave the directory back when it was done.
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'esim.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('takes over the lock of a process that is gone, and refuses a live holder', () => {
    const dir = path.join(tempDir('lock'), 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'esim.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, by: 'api server', hostname: os.hostname(), since: '' }),
    );
    const release = acquirePgliteLock(dir, 'test');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'esim.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'esim.lock'))).toBe(false);
    // A live process (this one's parent) holds it: refused, naming it.
    fs.writeFileSync(
      path.join(dir, 'esim.lock'),
      JSON.stringify({ pid: process.ppid, by: 'api server', hostname: os.hostname(), since: 'x' }),
    );
    expect(() => acquirePgliteLock(dir, 'test')).toThrow(PgliteLockedError);
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('refuses while a console answers', async () => {
    const dataDir = tempDir('cli-offline-up');
    try {
      const res = await cli(['list', '--offline'], { DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`A console answers at ${consoleUrl}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
