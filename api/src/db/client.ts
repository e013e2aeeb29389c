import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquirePgliteLock } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle every area uses; the same type for PostgreSQL and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL on one connection (migrations, readiness, tests). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs fn on one dedicated connection (needed for session-level locks and scripts). */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  pgliteDir: string;
  poolSize?: number;
  /** Who takes the PGlite directory's lock ('api server', 'release cli'; pglite-lock.ts). */
  lockHolder?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.lockHolder ?? `pid ${process.pid}`);
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, lockHolder: string): Promise<Database> {
  // One process per directory: a second one is refused here, before PGlite touches the files.
  const releaseLock = dir.startsWith('memory://')
    ? () => undefined
    : acquirePgliteLock(path.resolve(dir), lockHolder);
  let client: PGlite;
  try {
    client = new PGlite(dir);
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    async withConnection(fn) {
      return fn(async (text, params) => {
        if (!params || params.length === 0) {
          const results = await client.exec(text);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }
        return (await client.query(text, params)).rows as Record<string, unknown>[];
      });
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}
