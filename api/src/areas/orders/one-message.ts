import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../audit';
import { nodePgSessionOf, preparedName } from '../../db/prepared';
import { rowsOf } from '../list-helpers';

/*
 * Several statements sent to PostgreSQL as ONE message (the simple query protocol): the server
 * runs them one after another without waiting for the client in between, and stops at the first
 * error (the transaction is then aborted). The purchase ends with `insert; allocate; COMMIT; BEGIN;
 * read`: the stock counter rows its allocation locks are released as soon as the commit is
 * durable, not one round trip to the API process later (docs/performance.md "Orders: purchase").
 *
 * The simple protocol has no parameters. Each statement is prepared once per connection (SQL
 * PREPARE, named by a hash of its text, docs/performance.md: planning was half the database's CPU
 * per purchase) and the message runs `EXECUTE name(literals)`. The literals are quoted as libpq's
 * PQescapeLiteral does (E'' with doubled backslashes when there are any), so the text is safe
 * whatever standard_conforming_strings says; each is an untyped literal that PostgreSQL converts
 * to the parameter's type. Only text, finite numbers and null are accepted (the contracts refuse
 * NUL in text).
 */

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || text.includes('\0')) {
    throw new TypeError('one-message parameters are text, finite numbers or null');
  }
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** The statement as text with its parameters written in as literals. */
export function withLiterals(statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  return query.sql.replace(/\$(\d+)/g, (_, index: string) =>
    literal(query.params[Number(index) - 1]),
  );
}

/** Names prepared with SQL PREPARE, per pg client (a pooled connection lives as long as it). */
const preparedOn = new WeakMap<object, Set<string>>();

/**
 * The text that runs each statement: `EXECUTE name(literals)` for SQL on a node-postgres
 * connection, preparing on it first the names it has not prepared yet.
 */
async function executeTexts(tx: Tx, statements: readonly (SQL | string)[]): Promise<string[]> {
  const session = nodePgSessionOf(tx);
  if (!session) {
    return statements.map((each) => (typeof each === 'string' ? each : withLiterals(each)));
  }
  const prepared = preparedOn.get(session.client) ?? new Set<string>();
  preparedOn.set(session.client, prepared);
  const toPrepare: string[] = [];
  const texts = statements.map((each) => {
    if (typeof each === 'string') return each;
    const query = dialect.sqlToQuery(each);
    const name = preparedName(query.sql, 'm');
    if (!prepared.has(name) && !toPrepare.some((text) => text.startsWith(`PREPARE ${name} `))) {
      toPrepare.push(`PREPARE ${name} AS ${query.sql}`);
    }
    const args = query.params.map(literal).join(', ');
    return args ? `EXECUTE ${name}(${args})` : `EXECUTE ${name}`;
  });
  if (toPrepare.length > 0) {
    // Its own message: a prepared statement outlives a failed transaction, so a PREPARE in the
    // purchase's message could succeed while the message fails, and be prepared twice next time.
    await tx.execute(sql.raw(toPrepare.join(';\n')));
    for (const text of toPrepare) prepared.add(text.slice('PREPARE '.length).split(' ')[0]!);
  }
  return texts;
}

/**
 * Runs the statements (SQL, or fixed text such as 'COMMIT') in one message on `tx`'s
 * connection; answers the rows of each, in order. PostgreSQL (node-postgres) only.
 */
export async function inOneMessage(
  tx: Tx,
  statements: readonly (SQL | string)[],
): Promise<Record<string, unknown>[][]> {
  const text = (await executeTexts(tx, statements)).join(';\n');
  const result: unknown = await tx.execute(sql.raw(text));
  return (Array.isArray(result) ? result : [result]).map((each) =>
    rowsOf<Record<string, unknown>>(each),
  );
}
