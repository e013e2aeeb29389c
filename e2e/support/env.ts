import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3190);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/**
 * The e2e server's in-process eSIM Go simulator (docs/supplier-sync.md): E2E_PORT + 20. Not + 1000:
 * 3190 + 1000 is 4190, a port fetch() refuses ("bad port", the WHATWG blocked-port list).
 */
export const ESIMGO_SIMULATOR_PORT = Number(process.env.E2E_ESIMGO_SIMULATOR_PORT ?? E2E_PORT + 20);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2591);
/** Everything a run writes; E2E_ARTIFACTS_DIR lets two runs in one checkout keep apart. */
export const ARTIFACTS_DIR = path.resolve(
  process.env.E2E_ARTIFACTS_DIR ?? path.join(E2E_DIR, 'artifacts'),
);
export const MAIL_DIR = path.join(ARTIFACTS_DIR, 'mail');
export const STATE_FILE = path.join(ARTIFACTS_DIR, 'state.json');
export const SCREENSHOT_DIR = path.join(ARTIFACTS_DIR, 'screenshots');
export const ADMIN_EMAIL = 'admin@e2e.test';
export const STAFF_EMAIL = 'staff@e2e.test';
export const PARTNER_EMAIL = 'partner@e2e.test';
/** Short so the suite sees Amplify refresh the session with the refresh token. */
export const ID_TOKEN_TTL_SECONDS = 20;
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The remote store of the e2e server (published remote versions), fresh for every run. */
export const REMOTE_STORE_DIR = path.join(ARTIFACTS_DIR, 'remote-store');
