import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_LIMITS } from '../../src/identity';
import {
  AMPLIFY_RETRIED_ERRORS,
  answer,
  createTestDatabase,
  createUser,
  initiate,
  startIdentityServer,
  startMailbox,
  testConfig,
  type IdentityServer,
  type Mailbox,
  type ProtocolResponse,
  type TestDatabase,
} from './support';

let testDb: TestDatabase;
let mailbox: Mailbox;
let server: IdentityServer;
let replica: IdentityServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox();
  // The built-in limits, unchanged: two replicas sharing one database.
  server = await startIdentityServer({
    database: testDb.database,
    config: testConfig(mailbox.url),
  });
  replica = await startIdentityServer({
    database: testDb.database,
    config: testConfig(mailbox.url),
  });
});

afterAll(async () => {
  await replica?.close();
  await server?.close();
  await mailbox?.close();
  await testDb?.drop();
});

/** Amplify must surface a rate limit at once, never retry it: HTTP 400 and a non-retried name. */
function expectNotRetriedByAmplify(res: ProtocolResponse) {
  expect(res.status).toBe(400);
  expect(res.status).not.toBe(429);
  expect(AMPLIFY_RETRIED_ERRORS).not.toContain(res.body.__type);
  expect(res.headers.get('x-amzn-errortype')).toBe(res.body.__type);
}

describe('rate limits (stored in the database, shared by replicas)', () => {
  it('the built-in rules: 2 answers per code, 5 codes per user and 30 starts per IP per 15 minutes', () => {
    expect(IDENTITY_LIMITS).toEqual({
      answersPerCode: 2,
      codesPerUser: { max: 5, windowSeconds: 900 },
      initiatePerIp: { max: 30, windowSeconds: 900 },
    });
  });

  it('a 6th code for one user within the window is refused with 400 TooManyFailedAttemptsException', async () => {
    const user = await createUser(testDb.database, 'busy@esim.test');
    for (let i = 0; i < 5; i += 1) {
      // Alternate replicas: the count is shared.
      const res = await initiate(i % 2 ? replica : server, user.email);
      expect(res.status).toBe(200);
      await mailbox.nextCode(user.email);
    }
    const limited = await initiate(server, user.email);
    expectNotRetriedByAmplify(limited);
    expect(limited.body.__type).toBe('TooManyFailedAttemptsException');
    expect(limited.body.message).toMatch(/Try again later/);
    // No sixth mail was sent.
    await expect(mailbox.nextMail(user.email, 300)).rejects.toThrow();
  });

  it('the last code issued before the limit still signs in', async () => {
    const user = await createUser(testDb.database, 'stillok@esim.test');
    let last: ProtocolResponse | undefined;
    let code = '';
    for (let i = 0; i < 5; i += 1) {
      last = await initiate(server, user.email);
      code = await mailbox.nextCode(user.email);
    }
    expectNotRetriedByAmplify(await initiate(server, user.email));
    const ok = await answer(server, user.id, last!.body.Session, code);
    expect(ok.body.AuthenticationResult).toBeTruthy();
  });

  it('more than 30 starts from one IP within the window are refused, whatever the e-mail', async () => {
    // 12 starts so far in this file came from 127.0.0.1.
    const results: ProtocolResponse[] = [];
    for (let i = 0; i < 25; i += 1)
      results.push(await initiate(i % 2 ? replica : server, `ghost${i}@esim.test`));
    const statuses = results.map((r) => r.body.__type);
    expect(statuses.slice(0, 18).every((type) => type === 'UserNotFoundException')).toBe(true);
    for (const limited of results.slice(18)) {
      expectNotRetriedByAmplify(limited);
      expect(limited.body.__type).toBe('TooManyFailedAttemptsException');
    }
    // Known users are refused too: the limit is checked before the e-mail.
    const user = await createUser(testDb.database, 'late@esim.test');
    const res = await initiate(server, user.email);
    expect(res.body.__type).toBe('TooManyFailedAttemptsException');
  });
});
