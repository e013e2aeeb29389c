import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  ADMIN_DATABASE_URL,
  ADMIN_EMAIL,
  ARTIFACTS_DIR,
  E2E_BASE_URL,
  E2E_PORT,
  ESIMGO_SIMULATOR_PORT,
  ID_TOKEN_TTL_SECONDS,
  MAIL_DIR,
  PARTNER_EMAIL,
  REMOTE_STORE_DIR,
  REPO_ROOT,
  SMTP_PORT,
  STAFF_EMAIL,
  STATE_FILE,
} from './env';
import { startSmtpListener } from './smtp-listener';

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

/** Starts a real SMTP listener and the built console on a fresh PostgreSQL database. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const serverEntry = path.join(REPO_ROOT, 'api', 'dist', 'server.mjs');
  if (
    !fs.existsSync(serverEntry) ||
    !fs.existsSync(path.join(REPO_ROOT, 'host', 'dist', 'index.html'))
  ) {
    throw new Error('Build first: pnpm run build (the e2e suite runs the built console).');
  }
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });

  const smtp = await startSmtpListener(SMTP_PORT, MAIL_DIR);

  const databaseName = `esim_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${databaseName}`;

  const server = spawn(process.execPath, [serverEntry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: path.join(ARTIFACTS_DIR, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      ID_TOKEN_TTL_SECONDS: String(ID_TOKEN_TTL_SECONDS),
      ACCESS_TOKEN_TTL_SECONDS: String(ID_TOKEN_TTL_SECONDS),
      // The suite signs in far more often than a person would.
      OTP_MAX_CODES_PER_USER: '100',
      OTP_MAX_SIGN_INS_PER_IP: '1000',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      // Only the documents spec renders PDFs: its first render starts Chromium, the other specs
      // do not pay for a warm-up beside the browser they drive.
      DOCUMENTS_WARM_ON_START: 'false',
      // Releases: this run's remote store, and every built remote (remotes/*/dist/<version>)
      // published and pinned by the server before it answers /readyz (auto-publish).
      REMOTE_STORE_DIR,
      AUTO_PUBLISH_REMOTES: 'true',
      // Sample suppliers, products, rates and tariff profile (the tariffs e2e prices them).
      SEED_SAMPLE_DATA: 'true',
      // The sample supplier 'eSIM Go' talks to the in-process eSIM Go simulator on its own port
      // (per run, so parallel runs keep apart); its API key is sealed with this run's SECRET_KEY.
      ESIMGO_SIMULATOR_PORT: String(ESIMGO_SIMULATOR_PORT),
      SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${E2E_BASE_URL}/readyz`, 60_000);

  // Fixture users besides the seeded administrator (there is no user-creation call in the spec).
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  await db.query(
    `INSERT INTO users (email, name, role_id) VALUES
       ($1, 'E2E Staff', 'administrators_staff'),
       ($2, 'E2E Partner', 'administrators_partner')
     ON CONFLICT (email) DO NOTHING`,
    [STAFF_EMAIL, PARTNER_EMAIL],
  );
  await db.end();
  fs.writeFileSync(STATE_FILE, JSON.stringify({ databaseName, pid: server.pid }));

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    const cleanup = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
  };
}
