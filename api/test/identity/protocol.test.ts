import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityChallenges, users } from '../../src/db/schema';
import { AMZ_JSON } from '../../src/identity';
import {
  CLIENT_ID,
  PUBLIC_URL,
  USER_POOL_ID,
  answer,
  createTestDatabase,
  createUser,
  initiate,
  setUserStatus,
  startIdentityServer,
  startMailbox,
  testConfig,
  wrongCode,
  type IdentityServer,
  type Mailbox,
  type TestDatabase,
} from './support';

let testDb: TestDatabase;
let mailbox: Mailbox;
let server: IdentityServer;
let counter = 0;
const nextEmail = (label: string) => `${label}.${++counter}@esim.test`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox();
  // Many sign-ins from 127.0.0.1 in this file: the per-IP limit is tested in rate-limit.test.ts.
  server = await startIdentityServer({
    database: testDb.database,
    config: testConfig(mailbox.url),
    limits: { initiatePerIp: { max: 1000, windowSeconds: 900 } },
  });
});

afterAll(async () => {
  await server?.close();
  await mailbox?.close();
  await testDb?.drop();
});

describe('sign-in with an e-mailed code (CUSTOM_AUTH)', () => {
  it('e-mails a 6-digit code and answers InitiateAuth with a CUSTOM_CHALLENGE', async () => {
    const user = await createUser(testDb.database, nextEmail('Start'));
    const res = await initiate(server, user.email.toUpperCase());

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(AMZ_JSON);
    expect(res.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(res.body.Session).toMatch(/^[\w-]{40,}$/);
    // Cognito returns the username (= sub for e-mail pools); Amplify echoes it in ChallengeResponses.
    expect(res.body.ChallengeParameters).toEqual({
      USERNAME: user.id,
      email: user.email,
      attemptsLeft: '2',
    });

    const mail = await mailbox.nextMail(user.email);
    expect(mail.subject).toBe('Your sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('valid for 5 minutes');
    expect(mail.html || '').toContain(`>${code}<`);
  });

  it('correct code: returns Cognito tokens that verify against the published JWKS', async () => {
    const user = await createUser(testDb.database, nextEmail('ok'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    const res = await answer(server, user.id, started.body.Session, code);

    expect(res.status).toBe(200);
    const result = res.body.AuthenticationResult!;
    expect(Object.keys(result).sort()).toEqual([
      'AccessToken',
      'ExpiresIn',
      'IdToken',
      'RefreshToken',
      'TokenType',
    ]);
    expect(result.TokenType).toBe('Bearer');
    expect(result.ExpiresIn).toBe(3600);
    expect(res.body).not.toHaveProperty('NewDeviceMetadata');

    const jwksResponse = await fetch(`${server.endpoint}/${USER_POOL_ID}/.well-known/jwks.json`);
    expect(jwksResponse.status).toBe(200);
    const jwks = (await jwksResponse.json()) as {
      keys: { kid: string; alg: string; kty: string; d?: string }[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const keySet = createLocalJWKSet(jwks);
    const issuer = `${PUBLIC_URL}/identity/${USER_POOL_ID}`;

    expect(decodeProtectedHeader(result.IdToken)).toEqual({ alg: 'RS256', kid: jwks.keys[0]!.kid });
    const { payload: id } = await jwtVerify(result.IdToken, keySet, {
      issuer,
      audience: CLIENT_ID,
    });
    expect(id).toMatchObject({
      sub: user.id,
      email: user.email,
      email_verified: true,
      'cognito:username': user.id,
      aud: CLIENT_ID,
      token_use: 'id',
      iss: issuer,
    });
    for (const claim of ['auth_time', 'iat', 'exp', 'origin_jti', 'jti', 'event_id'])
      expect(id).toHaveProperty(claim);

    const { payload: access } = await jwtVerify(result.AccessToken, keySet, { issuer });
    expect(access).toMatchObject({
      sub: user.id,
      client_id: CLIENT_ID,
      username: user.id,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      origin_jti: id.origin_jti,
      auth_time: id.auth_time,
    });
    expect(access).not.toHaveProperty('aud');

    const verified = await server.identity.verifyIdToken(result.IdToken);
    expect(verified).toEqual({
      sub: user.id,
      email: user.email,
      originJti: id.origin_jti,
      userId: user.id,
      issuer: 'local',
    });
    const [row] = await testDb.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.lastLoginAt!.getTime() / 1000 - Number(id.auth_time))).toBeLessThan(2);
  });

  it('accepts the e-mail as USERNAME in the answer too', async () => {
    const user = await createUser(testDb.database, nextEmail('mailname'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    const res = await answer(server, user.email.toUpperCase(), started.body.Session, code);
    expect(res.body.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('wrong code with an attempt left: a NEW challenge (new Session), the same code stays valid', async () => {
    const user = await createUser(testDb.database, nextEmail('retry'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);

    const wrong = await answer(server, user.id, started.body.Session, wrongCode(code));
    expect(wrong.status).toBe(200);
    expect(wrong.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(wrong.body.ChallengeParameters).toEqual({
      USERNAME: user.id,
      email: user.email,
      attemptsLeft: '1',
    });
    expect(wrong.body.Session).toBeTruthy();
    expect(wrong.body.Session).not.toBe(started.body.Session);
    expect(wrong.body.AuthenticationResult).toBeUndefined();

    // The consumed Session is dead, even with the right code.
    const replay = await answer(server, user.id, started.body.Session, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });

    const ok = await answer(server, user.id, wrong.body.Session, code);
    expect(ok.status).toBe(200);
    expect(ok.body.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('second wrong code: NotAuthorizedException, the code is dead and the user starts again', async () => {
    const user = await createUser(testDb.database, nextEmail('fail'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    const first = await answer(
      server,
      user.id,
      started.body.Session,
      '000000' === code ? '111111' : '000000',
    );
    expect(first.body.ChallengeParameters?.attemptsLeft).toBe('1');

    const second = await answer(server, user.id, first.body.Session, wrongCode(code));
    expect(second.status).toBe(400);
    expect(second.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
    expect(second.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });

    // No session can use that code any more.
    const late = await answer(server, user.id, second.body.Session ?? first.body.Session, code);
    expect(late.status).toBe(400);
    expect(late.body.__type).toBe('NotAuthorizedException');

    // Starting again works with a new code.
    const again = await initiate(server, user.email);
    const newCode = await mailbox.nextCode(user.email);
    const ok = await answer(server, user.id, again.body.Session, newCode);
    expect(ok.body.AuthenticationResult).toBeTruthy();
  });

  it('resend (a new InitiateAuth) invalidates the previous code and session', async () => {
    const user = await createUser(testDb.database, nextEmail('resend'));
    const first = await initiate(server, user.email);
    const firstCode = await mailbox.nextCode(user.email);
    const second = await initiate(server, user.email);
    const secondCode = await mailbox.nextCode(user.email);

    const old = await answer(server, user.id, first.body.Session, firstCode);
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });

    if (firstCode !== secondCode) {
      // The old code is not accepted in the new challenge either (counts as a wrong answer).
      const mixed = await answer(server, user.id, second.body.Session, firstCode);
      expect(mixed.body.ChallengeParameters?.attemptsLeft).toBe('1');
      const ok = await answer(server, user.id, mixed.body.Session, secondCode);
      expect(ok.body.AuthenticationResult).toBeTruthy();
    } else {
      const ok = await answer(server, user.id, second.body.Session, secondCode);
      expect(ok.body.AuthenticationResult).toBeTruthy();
    }
  });

  it('parallel starts for one user leave exactly one code pending', async () => {
    const user = await createUser(testDb.database, nextEmail('parallel'));
    const starts = await Promise.all([1, 2, 3, 4, 5].map(() => initiate(server, user.email)));
    expect(starts.every((r) => r.status === 200)).toBe(true);
    for (let i = 0; i < 5; i += 1) await mailbox.nextCode(user.email);
    const pending = await testDb.database.db
      .select({ id: identityChallenges.id })
      .from(identityChallenges)
      .where(and(eq(identityChallenges.userId, user.id), eq(identityChallenges.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('a code is single use', async () => {
    const user = await createUser(testDb.database, nextEmail('once'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    const wrong = await answer(server, user.id, started.body.Session, wrongCode(code));
    const ok = await answer(server, user.id, wrong.body.Session, code);
    expect(ok.body.AuthenticationResult).toBeTruthy();

    for (const session of [started.body.Session, wrong.body.Session]) {
      const again = await answer(server, user.id, session, code);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    }
  });

  it('an answer for another user than the session belongs to is refused', async () => {
    const victim = await createUser(testDb.database, nextEmail('victim'));
    const other = await createUser(testDb.database, nextEmail('other'));
    const started = await initiate(server, victim.email);
    const code = await mailbox.nextCode(victim.email);
    const res = await answer(server, other.id, started.body.Session, code);
    expect(res.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
    // ...without using up the victim's attempt.
    const ok = await answer(server, victim.id, started.body.Session, code);
    expect(ok.body.AuthenticationResult).toBeTruthy();
  });

  it('parallel answers on one Session: only one of them is evaluated', async () => {
    const user = await createUser(testDb.database, nextEmail('race'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        answer(server, user.id, started.body.Session, wrongCode(code)),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.message === 'Invalid session for the user.')).toHaveLength(
      4,
    );
  });

  it('unknown e-mail: UserNotFoundException "User does not exist."; disabled user: "User is disabled."', async () => {
    const unknown = await initiate(server, 'nobody@esim.test');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('x-amzn-errortype')).toBe('UserNotFoundException');
    expect(unknown.body).toEqual({
      __type: 'UserNotFoundException',
      message: 'User does not exist.',
    });

    const disabled = await createUser(testDb.database, nextEmail('disabled'), 'inactive');
    const res = await initiate(server, disabled.email);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    expect(mailbox.received.some((mail) => mail.text?.includes(disabled.email))).toBe(false);
  });

  it('a user disabled between code and answer is not signed in', async () => {
    const user = await createUser(testDb.database, nextEmail('midway'));
    const started = await initiate(server, user.email);
    const code = await mailbox.nextCode(user.email);
    await setUserStatus(testDb.database, user.id, 'inactive');
    const res = await answer(server, user.id, started.body.Session, code);
    expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('an expired code is rejected (another replica, same database, OTP_TTL_SECONDS=1)', async () => {
    const shortLived = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url, { OTP_TTL_SECONDS: '1' }),
      limits: { initiatePerIp: { max: 1000, windowSeconds: 900 } },
    });
    try {
      const user = await createUser(testDb.database, nextEmail('expired'));
      const started = await initiate(shortLived, user.email);
      const mail = await mailbox.nextMail(user.email);
      expect(mail.text).toContain('valid for 1 second');
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Answered on the other replica: state is shared through the database.
      const res = await answer(server, user.id, started.body.Session, code);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    } finally {
      await shortLived.close();
    }
  });
});

describe('protocol details', () => {
  it('rejects another app client, unknown and unsupported operations the way Cognito does', async () => {
    const wrongClient = await server.call('InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: 'x@esim.test' },
      ClientId: 'someone-else',
    });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.body.__type).toBe('ResourceNotFoundException');

    const unknown = await server.call('LaunchRockets', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.__type).toBe('UnknownOperationException');

    const signUp = await server.call('SignUp', {
      ClientId: CLIENT_ID,
      Username: 'a',
      Password: 'b',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('UnsupportedOperationException');

    const srp = await server.call('InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'x@esim.test', SRP_A: 'abc' },
      ClientId: CLIENT_ID,
    });
    expect(srp.status).toBe(400);
    expect(srp.body.__type).toBe('InvalidParameterException');

    const missing = await server.call('InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: {},
      ClientId: CLIENT_ID,
    });
    expect(missing.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter USERNAME',
    });
  });

  it('answers malformed and prototype-polluting bodies with a 400 error, never a 5xx', async () => {
    const send = (body: string) =>
      fetch(server.endpoint, {
        method: 'POST',
        headers: {
          'content-type': AMZ_JSON,
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body,
      });
    for (const body of [
      '{not json',
      '[]',
      '{"__proto__":{"polluted":true},"AuthFlow":"CUSTOM_AUTH"}',
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { __type: string };
      expect(json.__type).toMatch(/Exception$/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
