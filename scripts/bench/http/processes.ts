/**
 * Child processes of the harness: the BUILT API server (api/dist/server.mjs) and the bare
 * Fastify + node-postgres baseline server, each a separate Node process on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_DIST = path.join(REPO_ROOT, 'api/dist/server.mjs');

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${url}: the process exited before answering`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: no answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
    return done;
  };
}

/** Keeps the last lines a child printed, for the error message when it fails. */
function tail(child: ChildProcess, label: string): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n'));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => `${label} output:\n${lines.join('\n')}`;
}

/**
 * Starts api/dist/server.mjs with the given environment; resolves once /healthz answers. Its
 * output (pino's JSON lines, at the level of LOG_LEVEL) goes to `logFile`, as a deployment's
 * would go to its log collector.
 */
export async function startApiServer(
  env: Record<string, string>,
  logFile: string,
): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_DIST)) {
    throw new Error(`${SERVER_DIST} is missing: run pnpm --filter @esim/api build`);
  }
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  // BENCH_SERVER_NODE_ARGS: extra node flags for the measured server, e.g. --cpu-prof.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_DIST], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const output = () => {
    const text = fs.readFileSync(logFile, 'utf8').split('\n');
    return `api server output (${logFile}):\n${text.slice(-40).join('\n')}`;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  return { url, port, pid: child.pid ?? -1, stop: stopper(child) };
}

/**
 * The baseline: a bare Fastify + node-postgres server (bare-server.mjs) answering GET /page with
 * the rows of the page's heaviest statement and GET /all with the rows of all of its statements
 * (run at the same time), through a pool of `poolSize` connections.
 */
export async function startBareServer(options: {
  databaseUrl: string;
  statements: { text: string; values: unknown[] }[];
  heaviest: number;
  poolSize: number;
}): Promise<RunningServer> {
  const port = await freePort();
  const script = path.join(REPO_ROOT, 'scripts/bench/http/bare-server.mjs');
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      BARE_PORT: String(port),
      BARE_DATABASE_URL: options.databaseUrl,
      BARE_POOL_SIZE: String(options.poolSize),
      BARE_STATEMENTS: JSON.stringify(options.statements),
      BARE_HEAVIEST: String(options.heaviest),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tail(child, 'bare server');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  return { url, port, pid: child.pid ?? -1, stop: stopper(child) };
}
