/**
 * pg-boss's database adapter (its `db` option): pg-boss runs its SQL on the app's own connections
 * (the node-postgres pool, or the one embedded PGlite), so the connection count stays bounded and
 * PGlite needs no second instance. docs/decisions/0010-job-queue.md.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** drizzle keeps the driver's client on `$client`: the pg Pool, or the PGlite instance. */
function driverClient(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

/** PGlite runs statements without parameters through exec (pg-boss sends multi-statement DDL). */
function pgliteExecutor(client: PGlite | Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

export function bossExecutor(database: Database): SqlExecutor {
  if (database.kind === 'pglite') return pgliteExecutor(driverClient(database) as PGlite);
  const pool = driverClient(database) as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** Runs fn in one transaction on one connection; fn's statements commit or roll back together. */
export async function inTransaction<T>(
  database: Database,
  fn: (executor: SqlExecutor) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    return (driverClient(database) as PGlite).transaction((tx) => fn(pgliteExecutor(tx)));
  }
  const client = await (driverClient(database) as pg.Pool).connect();
  try {
    await client.query('BEGIN');
    const result = await fn({ executeSql: (text, values) => client.query(text, values) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
