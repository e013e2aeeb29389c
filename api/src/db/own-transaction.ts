import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Tx } from '../audit';
import type { Db } from './client';

/*
 * A transaction whose BEGIN and COMMIT the caller sends inside its own messages
 * (../areas/orders/one-message.ts), on one pooled PostgreSQL connection: drizzle's transaction
 * sends each of them as a round trip of its own, two of the five a purchase made (every round
 * trip costs the API process and the server a system call each way; docs/performance.md
 * "Orders: purchase"). The handle is a drizzle transaction like db.transaction's, so the area's
 * queries take it unchanged.
 */

interface SessionInternals {
  client: unknown;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The node-postgres pool behind `db`, or null (PGlite). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client &&
    typeof (client as pg.Pool).connect === 'function' &&
    typeof (client as pg.Pool).totalCount === 'number'
    ? (client as pg.Pool)
    : null;
}

/** Whether db can run withOwnTransaction (node-postgres). */
export function canOwnTransactions(db: Db): boolean {
  return poolOf(db) !== null;
}

/**
 * Runs fn with a transaction handle on one pooled connection. fn sends BEGIN and ends the
 * transaction itself (COMMIT or ROLLBACK in one of its messages); when fn throws, a ROLLBACK is
 * sent (harmless outside a transaction) and the error is rethrown. A connection whose ROLLBACK
 * fails is discarded rather than returned to the pool.
 */
export async function withOwnTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) throw new Error('withOwnTransaction needs node-postgres');
  const parent = (db as unknown as { session: SessionInternals }).session;
  const client = await pool.connect();
  const session = new NodePgSession(client, parent.dialect, parent.schema, parent.options);
  const tx = new NodePgTransaction(parent.dialect, session, parent.schema) as unknown as Tx;
  try {
    const result = await fn(tx);
    client.release();
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (rollbackError) {
      client.release(rollbackError as Error);
    }
    throw error;
  }
}
