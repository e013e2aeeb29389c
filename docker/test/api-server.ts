/**
 * The built API (api/dist/server.mjs) as a real process on a fresh PostgreSQL database, the way
 * an API replica of docker/compose.yaml runs, plus the small process helpers the proxy test needs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type PgModule from 'pg';

/** node-postgres, resolved from the api package (docker/ has no dependencies of its own). */
const pg = createRequire(new URL('../../api/package.json', import.meta.url))(
  'pg',
) as typeof PgModule;

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitForOk(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Ends a process the test started and waits until it is gone. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ApiServer {
  port: number;
  process: ChildProcess;
  /** What the process wrote (shown when a test fails). */
  output: () => string;
  close(): Promise<void>;
}

/** Starts the built API with `env` (on top of a fresh database and data directory). */
export async function startApiServer(
  entry: string,
  env: Record<string, string>,
): Promise<ApiServer> {
  const name = `esim_proxy_test_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-proxy-api-'));
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      DOCUMENTS_WARM_ON_START: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    await stop(child);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${port}/readyz`, child, 30_000);
  } catch (error) {
    await close();
    throw new Error(`The API did not start:\n${output}`, { cause: error });
  }
  return { port, process: child, output: () => output, close };
}
