/**
 * Starting the real server process with DATABASE_URL but no SECRET_KEY: it must refuse at once
 * with a clear message, before it migrates, seeds or writes a file.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, SECRET_KEY_REQUIRED_MESSAGE, loadConfig } from '../src/config';
import { TEST_PG_ADMIN_URL } from './support/app';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dbName = `esim_test_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
let dataDir: string;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-start-test-'));
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
});

afterAll(async () => {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that started anyway would never exit on its own.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('starting with DATABASE_URL and no SECRET_KEY', () => {
  it('refuses with a clear message and writes nothing (no table, no file)', async () => {
    const { SECRET_KEY: _ignored, ...rest } = process.env;
    const { code, output } = await startServer({
      ...rest,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ESIMGO_SIMULATOR_PORT: 'off',
      LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    expect(output).toContain(SECRET_KEY_REQUIRED_MESSAGE);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const tables = await db
      .query(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      )
      .finally(() => db.end());
    expect(tables.rows).toEqual([{ n: 0 }]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 40_000);

  it('is refused by the config loader, which tools that need no secrets can relax', () => {
    expect(() => loadConfig({ DATABASE_URL: dbUrl })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: dbUrl })).toThrow(SECRET_KEY_REQUIRED_MESSAGE);
    expect(() => loadConfig({ DATABASE_URL: dbUrl, SECRET_KEY: 'short' })).toThrow(/32 bytes/);
    expect(loadConfig({ DATABASE_URL: dbUrl }, { requireSecretKey: false }).databaseUrl).toBe(
      dbUrl,
    );
    const key = randomBytes(32).toString('hex');
    expect(loadConfig({ DATABASE_URL: dbUrl, SECRET_KEY: key }).secretKey).toBe(key);
    // The embedded default generates its key into DATA_DIR: no SECRET_KEY needed.
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBeUndefined();
  });
});

describe('the outbound allow-list', () => {
  it('allows only the embedded simulator by default, and only while sample data is on', () => {
    expect(loadConfig({}).outboundAllowList).toEqual(['127.0.0.1:3199']);
    expect(loadConfig({ ESIMGO_SIMULATOR_PORT: '4100' }).outboundAllowList).toEqual([
      '127.0.0.1:4100',
    ]);
    expect(loadConfig({ ESIMGO_SIMULATOR_PORT: 'off' }).outboundAllowList).toEqual([]);
    const key = randomBytes(32).toString('hex');
    expect(loadConfig({ DATABASE_URL: dbUrl, SECRET_KEY: key }).outboundAllowList).toEqual([]);
    expect(
      loadConfig({ DATABASE_URL: dbUrl, SECRET_KEY: key, SEED_SAMPLE_DATA: 'true' })
        .outboundAllowList,
    ).toEqual(['127.0.0.1:3199']);
    expect(
      loadConfig({ OUTBOUND_ALLOW_LIST: ' 10.0.0.0/8, [::1]:8080 ,' }).outboundAllowList,
    ).toEqual(['10.0.0.0/8', '[::1]:8080']);
  });
});
