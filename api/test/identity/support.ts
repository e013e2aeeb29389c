/**
 * Test support for the identity module, independent of the app: a fresh database per test file
 * (real PostgreSQL, or in-memory PGlite with TEST_DB=pglite), a REAL SMTP listener that parses what
 * it receives, and the identity plugin in a small Fastify instance on an ephemeral port, driven
 * over real HTTP with Cognito's JSON protocol.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { users } from '../../src/db/schema';
import {
  AMZ_JSON,
  createIdentity,
  type IdentityLimits,
  type IdentityModule,
} from '../../src/identity';

export const TEST_PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const usingPglite = process.env.TEST_DB === 'pglite';

/** The identity tests' app client and pool (as a console would configure Amplify). */
export const CLIENT_ID = 'esim-console-test';
export const USER_POOL_ID = 'ap-northeast-1_idtest';
export const PUBLIC_URL = 'http://console.test';

/** Error names Amplify retries silently (@aws-amplify/core defaultRetryDecider + clock skew list). */
export const AMPLIFY_RETRIED_ERRORS = [
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'BadRequestException',
];

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (usingPglite) {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `esim_identity_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'memory://',
    poolSize: 5,
  });
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createUser(
  database: Database,
  email: string,
  status: 'active' | 'inactive' = 'active',
): Promise<{ id: string; email: string }> {
  const [row] = await database.db
    .insert(users)
    .values({ email: email.toLowerCase(), status })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('user insert failed');
  return row;
}

export async function setUserStatus(
  database: Database,
  userId: string,
  status: 'active' | 'inactive',
) {
  await database.db
    .update(users)
    .set({ status })
    .where(sql`${users.id} = ${userId}`);
}

/** A real SMTP server (smtp-server) on an ephemeral port; received mail is parsed with mailparser. */
export interface Mailbox {
  url: string;
  received: ParsedMail[];
  /** Waits for the next message to `to` arriving after `since` messages were already read. */
  nextMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** The 6-digit code of the next sign-in mail to `to`. */
  nextCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const consumed = new Set<ParsedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const recipients = (mail: ParsedMail) =>
    [mail.to]
      .flat()
      .flatMap((address) => address?.value ?? [])
      .map((entry) => entry.address?.toLowerCase());

  const mailbox: Mailbox = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMail(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (m) => !consumed.has(m) && recipients(m).includes(to.toLowerCase()),
        );
        if (mail) {
          consumed.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async nextCode(to) {
      const mail = await mailbox.nextMail(to);
      const match = /\b(\d{6})\b/.exec(mail.text ?? '');
      if (!match?.[1]) throw new Error(`No code in mail to ${to}: ${mail.text}`);
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return mailbox;
}

export interface IdentityServer {
  config: AppConfig;
  identity: IdentityModule;
  app: FastifyInstance;
  /** The userPoolEndpoint: http://127.0.0.1:<port>/identity */
  endpoint: string;
  /** Every protocol call the server answered (operation and status), in order. */
  requests: { operation: string; status: number }[];
  /** One Cognito JSON-protocol call over real HTTP. */
  call(operation: string, body: unknown): Promise<ProtocolResponse>;
  close(): Promise<void>;
}

export interface ProtocolResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    __type?: string;
    message?: string;
    Session?: string;
    ChallengeName?: string;
    ChallengeParameters?: Record<string, string>;
    AuthenticationResult?: {
      AccessToken: string;
      IdToken: string;
      RefreshToken?: string;
      ExpiresIn: number;
      TokenType: string;
    };
  };
}

export function testConfig(
  smtpUrl: string | undefined,
  env: Record<string, string> = {},
): AppConfig {
  return loadConfig({
    PUBLIC_URL: PUBLIC_URL,
    COGNITO_CLIENT_ID: CLIENT_ID,
    SMTP_URL: smtpUrl ?? '',
    LOG_LEVEL: 'silent',
    ...env,
  } as NodeJS.ProcessEnv);
}

/** Starts the identity plugin at /identity in its own Fastify instance (as the app mounts it). */
export async function startIdentityServer(options: {
  database: Database;
  config: AppConfig;
  limits?: Partial<IdentityLimits>;
}): Promise<IdentityServer> {
  const config = {
    ...options.config,
    identity: { ...options.config.identity, userPoolId: USER_POOL_ID, clientId: CLIENT_ID },
  };
  const app = Fastify({ logger: false });
  const requests: IdentityServer['requests'] = [];
  app.addHook('onResponse', async (request, reply) => {
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string')
      requests.push({ operation: target.split('.').pop() ?? '', status: reply.statusCode });
  });
  const identity = await createIdentity({
    config,
    database: options.database,
    log: app.log,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  await app.register(identity.plugin, { prefix: '/identity' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}/identity`;
  return {
    config,
    identity,
    app,
    endpoint,
    requests,
    async call(operation, body) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': AMZ_JSON,
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as ProtocolResponse['body'],
      };
    },
    async close() {
      await app.close();
      await identity.close();
    },
  };
}

/** InitiateAuth CUSTOM_AUTH as Amplify's signIn({ options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }) sends it. */
export function initiate(server: IdentityServer, email: string) {
  return server.call('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    AuthParameters: { USERNAME: email },
    ClientId: CLIENT_ID,
  });
}

/** RespondToAuthChallenge as Amplify's confirmSignIn sends it. */
export function answer(
  server: IdentityServer,
  username: string,
  session: string | undefined,
  code: string,
) {
  return server.call('RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeResponses: { USERNAME: username, ANSWER: code },
    Session: session,
    ClientId: CLIENT_ID,
  });
}

/** Full sign-in through the protocol and the mailbox; returns the AuthenticationResult. */
export async function signIn(server: IdentityServer, mailbox: Mailbox, email: string) {
  const started = await initiate(server, email);
  if (started.status !== 200)
    throw new Error(`InitiateAuth failed: ${JSON.stringify(started.body)}`);
  const code = await mailbox.nextCode(email);
  const done = await answer(
    server,
    started.body.ChallengeParameters?.USERNAME ?? email,
    started.body.Session,
    code,
  );
  const result = done.body.AuthenticationResult;
  if (!result) throw new Error(`Sign-in failed: ${JSON.stringify(done.body)}`);
  return result;
}

export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
