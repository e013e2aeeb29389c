// Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (tests need a real one).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { canConnect } from './lib.mjs';

export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return;
  if (await canConnect('127.0.0.1', 5432)) return;
  if (fs.existsSync('/etc/postgresql')) {
    const version = fs.readdirSync('/etc/postgresql')[0];
    console.info(`Starting PostgreSQL ${version} ...`);
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
    for (let i = 0; i < 30 && !(await canConnect('127.0.0.1', 5432)); i++) {
      await new Promise((r) => setTimeout(r, 500));
    }
    if (await canConnect('127.0.0.1', 5432)) return;
  }
  throw new Error(
    'No PostgreSQL server on 127.0.0.1:5432. Install and start one (e.g. apt-get install postgresql) ' +
      'or set TEST_DATABASE_URL to a server the tests may create databases on.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await ensurePostgres();
