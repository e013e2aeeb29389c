import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../audit';
import { rowsOf } from '../list-helpers';

/*
 * Several statements sent to PostgreSQL as ONE message (the simple query protocol): the server
 * runs them one after another without waiting for the client in between, and stops at the first
 * error (the transaction is then aborted). The purchase ends with `insert; allocate; COMMIT; BEGIN;
 * read`: the stock counter rows its allocation locks are released as soon as the commit is
 * durable, not one round trip to the API process later (docs/performance.md "Orders: purchase").
 *
 * The simple protocol has no parameters: they are written into the text as literals, quoted as
 * libpq's PQescapeLiteral does (E'' with doubled backslashes when there are any), so the text is
 * safe whatever standard_conforming_strings says. Only text, finite numbers and null are accepted
 * (the contracts refuse NUL in text).
 */

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.includes('\0')) {
    throw new TypeError('one-message parameters are text, finite numbers or null');
  }
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** The statement as text with its parameters written in as literals. */
export function withLiterals(statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  return query.sql.replace(/\$(\d+)/g, (_, index: string) =>
    literal(query.params[Number(index) - 1]),
  );
}

/**
 * Runs the statements (SQL, or fixed text such as 'COMMIT') in one message on `tx`'s
 * connection; answers the rows of each, in order. PostgreSQL (node-postgres) only.
 */
export async function inOneMessage(
  tx: Tx,
  statements: readonly (SQL | string)[],
): Promise<Record<string, unknown>[][]> {
  const text = statements
    .map((statement) => (typeof statement === 'string' ? statement : withLiterals(statement)))
    .join(';\n');
  const result: unknown = await tx.execute(sql.raw(text));
  return (Array.isArray(result) ? result : [result]).map((each) =>
    rowsOf<Record<string, unknown>>(each),
  );
}
