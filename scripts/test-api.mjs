// API tests: the whole suite against a real PostgreSQL server, then the embedded-default suite
// against PGlite (`pnpm start` without DATABASE_URL): migrations, seed, the job queue and one flow
// per area. Running every file twice cost more CI time than it found (decision 0011).
import fs from 'node:fs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { run } from './lib.mjs';

/** The PGlite pass: what the embedded default must do, one file per area. */
export const EMBEDDED_SUITE = [
  'api/test/seed.test.ts',
  'api/test/jobs.test.ts',
  'api/test/identity/amplify.test.ts',
  'api/test/access.test.ts',
  'api/test/suppliers.test.ts',
  'api/test/supplier-sync.test.ts',
  'api/test/currencies.test.ts',
  'api/test/exchange-rates.test.ts',
  'api/test/tariffs-import.test.ts',
  'api/test/products.test.ts',
  'api/test/stock-import.test.ts',
  'api/test/releases.test.ts',
  'api/test/audit.test.ts',
  'api/test/dashboard.test.ts',
];

const missing = EMBEDDED_SUITE.filter((file) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`The embedded-default suite names files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

await ensurePostgres();
console.info('\n== API tests on PostgreSQL (all)');
await run('pnpm', ['exec', 'vitest', 'run', '--project', 'api'], {
  env: { ...process.env, TEST_DB: 'postgres' },
});
console.info('\n== API tests on PGlite (the embedded-default suite)');
await run('pnpm', ['exec', 'vitest', 'run', '--project', 'api', ...EMBEDDED_SUITE], {
  env: { ...process.env, TEST_DB: 'pglite' },
});
