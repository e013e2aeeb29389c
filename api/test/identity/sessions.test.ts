import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityError } from '../../src/identity';
import {
  CLIENT_ID,
  createTestDatabase,
  createUser,
  setUserStatus,
  signIn,
  startIdentityServer,
  startMailbox,
  testConfig,
  type IdentityServer,
  type Mailbox,
  type TestDatabase,
} from './support';

let testDb: TestDatabase;
let mailbox: Mailbox;
let server: IdentityServer;
let counter = 0;
const newUser = (label: string) => createUser(testDb.database, `${label}.${++counter}@esim.test`);

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox();
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

const refresh = (refreshToken: string) =>
  server.call('GetTokensFromRefreshToken', { RefreshToken: refreshToken, ClientId: CLIENT_ID });

async function expectRejected(token: string, message?: string) {
  const error = await server.identity.verifyIdToken(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  expect((error as IdentityError).kind).toBe('unauthenticated');
  if (message) expect((error as IdentityError).message).toBe(message);
}

describe('refresh tokens', () => {
  it('GetTokensFromRefreshToken rotates: new tokens, a new refresh token, the old one only for a short retry', async () => {
    const user = await newUser('rotate');
    const first = await signIn(server, mailbox, user.email);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // new iat

    const res = await refresh(first.RefreshToken!);
    expect(res.status).toBe(200);
    const next = res.body.AuthenticationResult!;
    expect(next.RefreshToken).toBeTruthy();
    expect(next.RefreshToken).not.toBe(first.RefreshToken);
    expect(next.TokenType).toBe('Bearer');
    const before = decodeJwt(first.IdToken);
    const after = decodeJwt(next.IdToken);
    // Same session and sign-in time, fresh token.
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.event_id).toBe(before.event_id);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.jti).not.toBe(before.jti);
    expect(after.iat).toBeGreaterThan(before.iat!);
    await expect(server.identity.verifyIdToken(next.IdToken)).resolves.toMatchObject({
      userId: user.id,
    });

    const retried = await refresh(first.RefreshToken!);
    expect(retried.status, 'a retry within the grace period').toBe(200);
    expect(decodeJwt(retried.body.AuthenticationResult!.IdToken).origin_jti).toBe(
      before.origin_jti,
    );
  });

  it('two tabs refreshing with the same token at once both get tokens; the session lives', async () => {
    const user = await newUser('twotabs');
    const first = await signIn(server, mailbox, user.email);
    const [a, b] = await Promise.all([refresh(first.RefreshToken!), refresh(first.RefreshToken!)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const tokensA = a.body.AuthenticationResult!;
    const tokensB = b.body.AuthenticationResult!;
    expect(tokensA.RefreshToken).not.toBe(tokensB.RefreshToken);
    await expect(server.identity.verifyIdToken(tokensA.IdToken)).resolves.toMatchObject({
      userId: user.id,
    });
    expect((await refresh(tokensB.RefreshToken!)).status).toBe(200);
  });

  it('reuse of a rotated refresh token after the grace period revokes the whole session (theft detection)', async () => {
    const strict = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url, { REFRESH_TOKEN_RETRY_GRACE_SECONDS: '1' }),
    });
    try {
      const strictRefresh = (refreshToken: string) =>
        strict.call('GetTokensFromRefreshToken', {
          RefreshToken: refreshToken,
          ClientId: CLIENT_ID,
        });
      const user = await newUser('reuse');
      const first = await signIn(strict, mailbox, user.email);
      const second = (await strictRefresh(first.RefreshToken!)).body.AuthenticationResult!;
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect((await strictRefresh(first.RefreshToken!)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });

      const afterReuse = await strictRefresh(second.RefreshToken!);
      expect(afterReuse.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      await expectRejected(second.IdToken, 'Session has been revoked');
    } finally {
      await strict.close();
    }
  });

  it('InitiateAuth REFRESH_TOKEN_AUTH refreshes (and rotates) as well', async () => {
    const user = await newUser('legacy');
    const first = await signIn(server, mailbox, user.email);
    const res = await server.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: first.RefreshToken },
      ClientId: CLIENT_ID,
    });
    expect(res.status).toBe(200);
    expect(res.body.AuthenticationResult?.IdToken).toBeTruthy();
    expect(res.body.AuthenticationResult?.RefreshToken).toBeTruthy();
    const again = await server.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN',
      AuthParameters: { REFRESH_TOKEN: res.body.AuthenticationResult!.RefreshToken },
      ClientId: CLIENT_ID,
    });
    expect(again.body.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('unknown refresh token, disabled user and expired session are refused with NotAuthorizedException', async () => {
    const garbage = await refresh('not-a-token');
    expect(garbage.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });

    const user = await newUser('disabledrefresh');
    const tokens = await signIn(server, mailbox, user.email);
    await setUserStatus(testDb.database, user.id, 'inactive');
    expect((await refresh(tokens.RefreshToken!)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });

    const shortLived = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url, { REFRESH_TOKEN_TTL_SECONDS: '1' }),
    });
    try {
      const other = await newUser('expiredrefresh');
      const session = await shortLived.identity.issueSessionTokens(other.email);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const res = await refresh(session.refreshToken);
      expect(res.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has expired',
      });
    } finally {
      await shortLived.close();
    }
  });
});

describe('sign-out and revocation', () => {
  it('GlobalSignOut ends every session of the user: ID tokens rejected, refresh and GetUser refused', async () => {
    const user = await newUser('global');
    const laptop = await signIn(server, mailbox, user.email);
    const phone = await signIn(server, mailbox, user.email);
    const bystander = await newUser('bystander');
    const other = await signIn(server, mailbox, bystander.email);

    const me = await server.call('GetUser', { AccessToken: laptop.AccessToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      Username: user.id,
      UserAttributes: expect.arrayContaining([
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'sub', Value: user.id },
      ]),
    });

    const out = await server.call('GlobalSignOut', { AccessToken: laptop.AccessToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({});

    await expectRejected(laptop.IdToken);
    await expectRejected(phone.IdToken);
    expect((await refresh(phone.RefreshToken!)).body.message).toBe(
      'Refresh Token has been revoked',
    );
    expect((await server.call('GetUser', { AccessToken: phone.AccessToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Another user's session is untouched; the user can sign in again.
    await expect(server.identity.verifyIdToken(other.IdToken)).resolves.toMatchObject({
      userId: bystander.id,
    });
    const fresh = await signIn(server, mailbox, user.email);
    await expect(server.identity.verifyIdToken(fresh.IdToken)).resolves.toMatchObject({
      userId: user.id,
    });
  });

  it('RevokeToken ends the session of that refresh token only', async () => {
    const user = await newUser('revoke');
    const a = await signIn(server, mailbox, user.email);
    const b = await signIn(server, mailbox, user.email);

    const res = await server.call('RevokeToken', { Token: a.RefreshToken, ClientId: CLIENT_ID });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    await expectRejected(a.IdToken, 'Session has been revoked');
    expect((await refresh(a.RefreshToken!)).status).toBe(400);
    await expect(server.identity.verifyIdToken(b.IdToken)).resolves.toMatchObject({
      userId: user.id,
    });

    // RFC 7009: unknown tokens are not an error; another client id is.
    expect(
      (await server.call('RevokeToken', { Token: 'unknown', ClientId: CLIENT_ID })).status,
    ).toBe(200);
    expect(
      (await server.call('RevokeToken', { Token: b.RefreshToken, ClientId: 'other' })).status,
    ).toBe(400);
  });

  it('revokeAllSessions() and disabling a user make verifyIdToken reject existing tokens', async () => {
    const user = await newUser('admincut');
    const tokens = await server.identity.issueSessionTokens(user.email);
    await expect(server.identity.verifyIdToken(tokens.idToken)).resolves.toMatchObject({
      email: user.email,
    });
    await server.identity.revokeAllSessions(user.id);
    await expectRejected(tokens.idToken, 'Session has been revoked');

    const other = await newUser('disabledlater');
    const otherTokens = await server.identity.issueSessionTokens(other.email);
    await setUserStatus(testDb.database, other.id, 'inactive');
    await expectRejected(otherTokens.idToken, 'User is disabled.');
    await expect(server.identity.issueSessionTokens(other.email)).rejects.toBeInstanceOf(
      IdentityError,
    );
  });

  it('verifyIdToken rejects tampered, foreign, access and expired tokens', async () => {
    const user = await newUser('verify');
    const tokens = await server.identity.issueSessionTokens(user.email);
    const [h, p, s] = tokens.idToken.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    forged.email = 'admin@esim.test';
    await expectRejected(
      `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`,
      'Invalid token',
    );
    await expectRejected(tokens.accessToken, 'Invalid token');
    await expectRejected('garbage', 'Invalid token');
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    await expectRejected(noneAlg, 'Invalid token');

    const shortLived = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url, { ID_TOKEN_TTL_SECONDS: '1' }),
    });
    try {
      const quick = await shortLived.identity.issueSessionTokens(user.email);
      await expect(shortLived.identity.verifyIdToken(quick.idToken)).resolves.toMatchObject({
        userId: user.id,
      });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const error = await shortLived.identity.verifyIdToken(quick.idToken).catch((e: unknown) => e);
      expect((error as IdentityError).message).toBe('Token expired');
    } finally {
      await shortLived.close();
    }
  });

  it('replicas share the signing key: a token from one verifies on another', async () => {
    const replica = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url),
    });
    try {
      const user = await newUser('replica');
      const tokens = await replica.identity.issueSessionTokens(user.email);
      const { kid } = decodeProtectedHeader(tokens.idToken);
      const jwks = (await (
        await fetch(`${server.endpoint}/ap-northeast-1_idtest/.well-known/jwks.json`)
      ).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
      await expect(server.identity.verifyIdToken(tokens.idToken)).resolves.toMatchObject({
        userId: user.id,
      });
    } finally {
      await replica.close();
    }
  });
});
