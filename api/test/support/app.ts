/**
 * Test support: a fresh database per test file, migrated and seeded, the real app with the REAL
 * identity module, and ID tokens from identity.issueSessionTokens(email).
 *
 * Database: real PostgreSQL by default (a new database esim_test_<random> on TEST_PG_ADMIN_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres, dropped on close); TEST_DB=pglite uses an
 * in-memory PGlite instead.
 *
 *   const t = await createTestApp();            // in beforeAll
 *   const res = await t.inject({ method: 'POST', url: '/api/mng/role/list', token: await t.adminToken(), payload: {} });
 *   await t.close();                            // in afterAll
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { ROLE_IDS } from '@esim/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { users } from '../../src/db/schema';
import { seed } from '../../src/db/seed';
import { createIdentity } from '../../src/identity';
import type { IdentityModule } from '../../src/identity/types';
import { createLogger } from '../../src/logger';

export const TEST_PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const usingPglite = process.env.TEST_DB === 'pglite';
export const ADMIN_EMAIL = 'admin@esim.test';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  identity: IdentityModule;
  /** Every route as registered (collected by an onRoute hook); read after the app is ready. */
  routes: RouteOptions[];
  /** An ID token for an existing active user. */
  tokenFor(email: string): Promise<string>;
  /** The seeded administrator's token. */
  adminToken(): Promise<string>;
  /** Creates an active user with the given role (null = no role) and signs it in. */
  createUser(options?: { email?: string; roleId?: string | null }): Promise<TestUser>;
  /** app.inject plus `token` -> Authorization: Bearer <token>. */
  inject(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Config overrides (merged over the test defaults). */
  config?: Partial<AppConfig>;
  /** Where pino writes (to assert on logs); default: silent unless TEST_LOG_LEVEL is set. */
  logStream?: Writable;
  /** Adds routes or hooks before the app is ready (e.g. a deliberately undeclared route). */
  extend?: (app: FastifyInstance) => void;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `esim_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

let userCounter = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-api-test-'));
  const base = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: tmp,
    HOST_DIST_DIR: path.join(tmp, 'host-dist'),
    SEED_ADMIN_EMAIL: ADMIN_EMAIL,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: options.logStream ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  const config: AppConfig = { ...base, ...options.config };

  const pgDb = usingPglite ? null : await createPostgresDatabase();
  const database = await openDatabase({
    databaseUrl: pgDb?.url,
    pgliteDir: 'memory://',
    poolSize: 5,
  });
  await migrate(database);
  await seed(database, config);

  const logger = createLogger(config, options.logStream);
  const identity = await createIdentity({ config, database, log: logger });
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    identity,
    logger,
    onRoute: (route) => routes.push(route),
  });
  options.extend?.(app);
  await app.ready();

  const tokenFor = async (email: string) => (await identity.issueSessionTokens(email)).idToken;

  return {
    app,
    config,
    database,
    identity,
    routes,
    tokenFor,
    adminToken: () => tokenFor(config.seedAdminEmail),
    async createUser({ email, roleId = null } = {}) {
      userCounter += 1;
      const address = (
        email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@esim.test`
      ).toLowerCase();
      const [row] = await database.db
        .insert(users)
        .values({ email: address, roleId, status: 'active' })
        .returning({ id: users.id });
      if (!row) throw new Error('user not created');
      return { id: row.id, email: address, token: await tokenFor(address) };
    },
    inject({ token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      } as InjectOptions);
    },
    async close() {
      await app.close();
      await identity.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Sets a user's role straight in the database (test setup). */
export async function setUserRole(t: TestContext, userId: string, roleId: string | null) {
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, userId));
}

export { ROLE_IDS };
