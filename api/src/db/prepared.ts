import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../audit';

/*
 * Statements on the purchase path planned once per connection instead of once per call
 * (docs/performance.md "Orders: purchase": planning was half the database's CPU per purchase).
 *
 * A statement runs as a named prepared statement of the node-postgres connection; its name is a
 * hash of its text, so each distinct text (a pricing rule gives its own) is parsed and planned
 * once per pooled connection, and PostgreSQL's plan cache switches to a generic plan after five
 * runs. Only for statements whose text comes in a handful of shapes: every name stays prepared on
 * its connection for the connection's life. PGlite (one in-process connection) runs it plainly.
 */

const dialect = new PgDialect();

/**
 * The prepared statement name of a statement text. `prefix` keeps the driver's named statements
 * ('p') apart from those prepared with SQL PREPARE ('m', ../areas/orders/one-message.ts).
 */
export function preparedName(text: string, prefix: 'p' | 'm' = 'p'): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

export interface NamedQuerySession {
  /** The pg client (a pooled connection inside a transaction, else the pool). */
  client: object;
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** The node-postgres session behind a drizzle handle or transaction, if that is what it is. */
export function nodePgSessionOf(q: Queryable): NamedQuerySession | null {
  const session = (q as unknown as { session?: { constructor?: { name?: string } } }).session;
  return session?.constructor?.name === 'NodePgSession'
    ? (session as unknown as NamedQuerySession)
    : null;
}

/** Runs the statement, prepared once per connection on PostgreSQL; the driver's result. */
export function executePrepared(q: Queryable, statement: SQL): Promise<unknown> {
  const session = nodePgSessionOf(q);
  if (!session) return q.execute(statement);
  const query = dialect.sqlToQuery(statement);
  return session.prepareQuery(query, undefined, preparedName(query.sql), false).execute();
}
