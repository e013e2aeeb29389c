/** What every API benchmark needs: node-postgres, a throwaway database, percentiles. */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import type PgModule from 'pg';
import type { Client as PgClient } from 'pg';

/** Resolves packages from the api package (the scripts folder has no dependencies of its own). */
export const apiRequire = createRequire(new URL('../../api/package.json', import.meta.url));
/** node-postgres, resolved from the api package. */
export const pg = apiRequire('pg') as typeof PgModule;

export const ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** A fresh database on ADMIN_URL's server; drop() removes it (safe to call twice). */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `esim_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      console.info(`dropped database ${name}`);
    },
  };
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * COPY ... FROM STDIN with node-postgres and no extra package: a minimal "submittable" that
 * answers the server's CopyInResponse with the data and CopyDone (what pg-copy-streams does).
 */
export function copyFrom(client: PgClient, text: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(text);
      },
      handleCopyInResponse(connection: {
        sendCopyFromChunk(chunk: Buffer): void;
        endCopyFrom(): void;
      }) {
        const buffer = Buffer.from(data, 'utf8');
        const size = 1 << 20;
        for (let start = 0; start < buffer.length; start += size) {
          connection.sendCopyFromChunk(buffer.subarray(start, start + size));
        }
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        resolve();
      },
      handleError(error: Error) {
        reject(error);
      },
    };
    void (client.query as unknown as (q: unknown) => unknown)(submittable);
  });
}
