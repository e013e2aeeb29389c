// Tests of the built console (after `pnpm build`): the production proxy, docker/nginx.conf in a
// real nginx in front of the built host, the built API on PostgreSQL and the built remotes.
import { ensureNginx } from './ensure-nginx.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { run } from './lib.mjs';

ensureNginx();
await ensurePostgres();
await run('pnpm', ['exec', 'vitest', 'run', '--project', 'built']);
