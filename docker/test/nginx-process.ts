/**
 * The real nginx binary (Debian's nginx-light in CI, NGINX_PATH to use another) with a
 * configuration from nginx-config.ts: pid, logs and temporary files in a private prefix, no
 * root needed. It never skips: without nginx the test fails and says how to get it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stop, waitForOk } from './api-server';
import { type NginxTargets, writeNginxConfig } from './nginx-config';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Nginx {
  origin: string;
  /** `nginx -t`'s output for the substituted configuration. */
  checkOutput: string;
  process: ChildProcess;
  errorLog: () => string;
  close(): Promise<void>;
}

export async function startNginx(confFile: string, targets: NginxTargets): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `nginx not found at ${NGINX}: apt-get install nginx-light (scripts/ensure-nginx.mjs does it as root) or set NGINX_PATH.`,
    );
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-nginx-'));
  const mainFile = writeNginxConfig(confFile, prefix, targets);
  const args = ['-p', prefix, '-c', mainFile, '-e', path.join(prefix, 'error.log')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  const checkOutput = `${check.stdout}${check.stderr}`;
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checkOutput}`);

  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const errorLog = () => fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
  const close = async () => {
    await stop(child, 'SIGQUIT');
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${targets.listenPort}`;
  try {
    await waitForOk(`${origin}/nginx-health`, child, 10_000);
  } catch (error) {
    const log = fs.existsSync(path.join(prefix, 'error.log')) ? errorLog() : '';
    await close();
    throw new Error(`nginx did not start:\n${log}`, { cause: error });
  }
  return { origin, checkOutput, process: child, errorLog, close };
}
