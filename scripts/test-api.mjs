// API tests: once against a real PostgreSQL server, once against embedded PGlite.
import { ensurePostgres } from './ensure-postgres.mjs';
import { run } from './lib.mjs';

await ensurePostgres();
console.info('\n== API tests on PostgreSQL');
await run('pnpm', ['exec', 'vitest', 'run', '--project', 'api'], {
  env: { ...process.env, TEST_DB: 'postgres' },
});
console.info('\n== API tests on PGlite');
await run('pnpm', ['exec', 'vitest', 'run', '--project', 'api'], {
  env: { ...process.env, TEST_DB: 'pglite' },
});
