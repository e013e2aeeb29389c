/**
 * The two sides of every figure: HTTP requests against a running server with autocannon
 * (concurrent connections, every response time kept), and the same page's statements replayed on
 * plain node-postgres connections with the same concurrency.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { Client } from 'pg';
import type { Statement } from './pg-capture';

export interface Samples {
  /** Milliseconds per request (HTTP) or per page of statements (SQL). */
  times: number[];
  /** Wall-clock seconds the samples took. */
  seconds: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. /api/mng/stock/detail. */
  path: string;
  body?: unknown;
}

export function mergeSamples(parts: Samples[]): Samples {
  return {
    times: parts.flatMap((part) => part.times),
    seconds: parts.reduce((sum, part) => sum + part.seconds, 0),
  };
}

/** One request, checked: the status and the body when it is not 2xx. */
export async function httpOnce(
  baseUrl: string,
  token: string,
  request: HttpRequest,
): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${request.method} ${request.path}: ${res.status} ${body}`);
  return { ms: performance.now() - start, body };
}

/** `connections` concurrent connections for `seconds` (autocannon); every 2xx response time. */
export async function httpLoad(
  url: string,
  token: string | null,
  request: HttpRequest,
  options: { connections: number; seconds: number; amount?: number },
): Promise<Samples> {
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: request.method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        connections: options.connections,
        // amount (requests in all) wins over duration: for pages slower than a round.
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
        timeout: 120,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) times.push(ms);
      else failed += 1;
    });
  });
  const seconds = (performance.now() - start) / 1000;
  if (failed > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${request.method} ${url}: ${failed} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { times, seconds };
}

/** Runs the statements one after another on one connection; the rows of the last one. */
export async function replay(client: Client, statements: Statement[]): Promise<number> {
  let rows = 0;
  for (const statement of statements) {
    const result = await client.query({ text: statement.text, values: statement.values });
    rows = result.rowCount ?? result.rows.length;
  }
  return rows;
}

/** Each client replays the page's statements in a loop for `seconds`; the time of each page. */
export async function sqlLoad(
  clients: Client[],
  statements: Statement[],
  options: { connections: number; seconds: number },
): Promise<Samples> {
  const times: number[] = [];
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  await Promise.all(
    clients.slice(0, options.connections).map(async (client) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await replay(client, statements);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, seconds: (performance.now() - start) / 1000 };
}

export interface ExportRun {
  ms: number;
  rows: number;
  bytes: number;
  complete: boolean;
}

/** A whole CSV export over HTTP, read to the end or cut off after `limitSeconds`. */
export async function httpExport(
  baseUrl: string,
  token: string,
  path: string,
  limitSeconds: number,
): Promise<ExportRun> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limitSeconds * 1000);
  const start = performance.now();
  let rows = 0;
  let bytes = 0;
  let complete = false;
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows += 1;
    }
    complete = true;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  // The header line is not a row.
  return { ms: performance.now() - start, rows: Math.max(0, rows - 1), bytes, complete };
}

/** The captured statements of an export replayed in order, cut off after `limitSeconds`. */
export async function sqlExport(
  client: Client,
  statements: Statement[],
  limitSeconds: number,
): Promise<ExportRun> {
  const start = performance.now();
  const deadline = start + limitSeconds * 1000;
  let rows = 0;
  let complete = true;
  for (const statement of statements) {
    if (performance.now() > deadline) {
      complete = false;
      break;
    }
    const result = await client.query({ text: statement.text, values: statement.values });
    rows += result.rows.length;
  }
  return { ms: performance.now() - start, rows, bytes: 0, complete };
}
