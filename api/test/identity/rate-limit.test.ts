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
  wrongCode,
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

  it('beyond 5 codes per user, a start sends no mail but offers the last code again (no lockout)', async () => {
    const user = await createUser(testDb.database, 'busy@esim.test');
    let last: ProtocolResponse | undefined;
    let code = '';
    for (let i = 0; i < 5; i += 1) {
      // Alternate replicas: the count is shared.
      last = await initiate(i % 2 ? replica : server, user.email);
      expect(last.status).toBe(200);
      code = await mailbox.nextCode(user.email);
    }
    // Someone keeps starting sign-ins for this e-mail: each is answered, none sends a mail.
    for (let i = 0; i < 3; i += 1) {
      const again = await initiate(i % 2 ? replica : server, user.email);
      expect(again.status).toBe(200);
      expect(again.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(again.body.ChallengeParameters?.attemptsLeft).toBe('2');
      // The same code, so the same Session: the real user's one keeps working.
      expect(again.body.Session).toBe(last!.body.Session);
    }
    await expect(mailbox.nextMail(user.email, 300)).rejects.toThrow();
    // The real user signs in with the code they were mailed last.
    const ok = await answer(server, user.id, last!.body.Session, code);
    expect(ok.body.AuthenticationResult).toBeTruthy();
  });

  it('a start beyond the limit carries the answers left of the last code, and is refused once none is left', async () => {
    const user = await createUser(testDb.database, 'stillok@esim.test');
    let code = '';
    for (let i = 0; i < 5; i += 1) {
      await initiate(server, user.email);
      code = await mailbox.nextCode(user.email);
    }
    const offered = await initiate(server, user.email);
    const wrong = await answer(server, user.id, offered.body.Session, wrongCode(code));
    expect(wrong.body.ChallengeParameters?.attemptsLeft).toBe('1');
    const again = await initiate(replica, user.email);
    expect(again.body.ChallengeParameters?.attemptsLeft).toBe('1');
    expect(again.body.Session).toBe(wrong.body.Session);
    // The old Session stopped working with the wrong answer.
    const stale = await answer(server, user.id, offered.body.Session, code);
    expect(stale.body.__type).toBe('NotAuthorizedException');
    // Guessing used up the code: no code left and no new mail, so the start is refused.
    const failed = await answer(server, user.id, again.body.Session, wrongCode(code));
    expect(failed.body.__type).toBe('NotAuthorizedException');
    const limited = await initiate(server, user.email);
    expectNotRetriedByAmplify(limited);
    expect(limited.body.__type).toBe('TooManyFailedAttemptsException');
    expect(limited.body.message).toMatch(/Try again later/);
    await expect(mailbox.nextMail(user.email, 300)).rejects.toThrow();
  });

  it('more than 30 starts from one IP within the window are refused, whatever the e-mail', async () => {
    // 16 starts so far in this file came from 127.0.0.1.
    const results: ProtocolResponse[] = [];
    for (let i = 0; i < 25; i += 1)
      results.push(await initiate(i % 2 ? replica : server, `ghost${i}@esim.test`));
    const statuses = results.map((r) => r.body.__type);
    expect(statuses.slice(0, 14).every((type) => type === 'UserNotFoundException')).toBe(true);
    for (const limited of results.slice(14)) {
      expectNotRetriedByAmplify(limited);
      expect(limited.body.__type).toBe('TooManyFailedAttemptsException');
    }
    // Known users are refused too: the limit is checked before the e-mail.
    const user = await createUser(testDb.database, 'late@esim.test');
    const res = await initiate(server, user.email);
    expect(res.body.__type).toBe('TooManyFailedAttemptsException');
  });
});
