import fs from 'node:fs';
import pg from 'pg';
import { ADMIN_DATABASE_URL, STATE_FILE } from './env';

/** The run's own database (global-setup creates it and writes its name to the state file). */
function databaseUrl(): string {
  const { databaseName } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as {
    databaseName: string;
  };
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/**
 * One statement on the console's database, on its own connection: the setup a test needs that
 * another screen's spec covers (a partner, an issuer), and what a test checks behind the screen.
 */
export async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
