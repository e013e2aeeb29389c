import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../lib';
import { REPO_ROOT, type RunningServer } from './processes';

/** When a started server counts as ready besides answering /healthz: a line of its log. */
export interface LogReadiness {
  /** Ready once the log holds this text. */
  line: string;
  /** The start failed when the log holds this text. */
  failure?: string;
}

async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  exited: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the API server exited before ${what}`);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API server: not ${what} within ${timeoutMs / 1000} s`);
}

/**
 * api/src/server.ts through tsx (the code the build bundles) as its own process on a free port,
 * NODE_ENV production, output into `logFile`; resolves once /healthz answers (and the log says
 * `readiness.line`). BENCH_SERVER_NODE_ARGS adds node flags (e.g. --cpu-prof).
 */
export async function startSourceServer(
  env: Record<string, string>,
  logFile: string,
  readiness?: LogReadiness,
): Promise<RunningServer> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const logText = () => fs.readFileSync(logFile, 'utf8');
  try {
    await waitFor(
      'answering',
      async () => {
        try {
          return (await fetch(`${url}/healthz`)).ok;
        } catch {
          return false; // not listening yet
        }
      },
      () => exited,
      90_000,
    );
    if (readiness) {
      await waitFor(
        `ready (log: ${readiness.line})`,
        () => {
          const text = logText();
          if (readiness.failure && text.includes(readiness.failure)) {
            throw new Error(`${readiness.failure} (see the server log)`);
          }
          return text.includes(readiness.line);
        },
        () => exited,
        90_000,
      );
    }
  } catch (error) {
    child.kill('SIGKILL');
    const tail = logText().split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n${tail}`);
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    pid: child.pid ?? -1,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      })),
  };
}
