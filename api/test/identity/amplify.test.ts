/**
 * The REAL aws-amplify v6 library (the console's version) in Node against the local endpoint:
 * Amplify.configure with Auth.Cognito.userPoolEndpoint, signIn CUSTOM_WITHOUT_SRP, confirmSignIn,
 * fetchAuthSession (refresh via GetTokensFromRefreshToken), fetchUserAttributes, getCurrentUser,
 * signOut (RevokeToken) and signOut({ global: true }) (GlobalSignOut). Node 20 provides fetch;
 * without window, Amplify keeps tokens in its in-memory storage.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  USER_POOL_ID,
  createTestDatabase,
  createUser,
  startIdentityServer,
  startMailbox,
  testConfig,
  wrongCode,
  type IdentityServer,
  type Mailbox,
  type TestDatabase,
} from './support';

// Amplify warns on every configure() that a custom userPoolEndpoint is in use: expected here.
ConsoleLogger.LOG_LEVEL = 'ERROR';

let testDb: TestDatabase;
let mailbox: Mailbox;
let server: IdentityServer;
let counter = 0;
const newUser = (label: string) => createUser(testDb.database, `${label}.${++counter}@esim.test`);

function useEndpoint(target: IdentityServer) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: USER_POOL_ID,
        userPoolClientId: CLIENT_ID,
        userPoolEndpoint: target.endpoint,
      },
    },
  });
}

const operations = (target: IdentityServer, from = 0) =>
  target.requests.slice(from).map((r) => r.operation);

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox();
  // Tokens live 6 s: Amplify refreshes 5 s before expiry, so they count as expired after ~1 s.
  server = await startIdentityServer({
    database: testDb.database,
    config: testConfig(mailbox.url, { ID_TOKEN_TTL_SECONDS: '6', ACCESS_TOKEN_TTL_SECONDS: '6' }),
  });
  useEndpoint(server);
});

afterEach(async () => {
  await signOut();
  useEndpoint(server);
});

afterAll(async () => {
  await server?.close();
  await mailbox?.close();
  await testDb?.drop();
});

async function signInWithAmplify(email: string) {
  const started = await signIn({
    username: email,
    options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
  });
  const code = await mailbox.nextCode(email);
  return { started, code };
}

describe('aws-amplify v6 against the local Cognito-compatible endpoint', () => {
  it('signs in with CUSTOM_WITHOUT_SRP + confirmSignIn, with one wrong code on the way', async () => {
    const user = await newUser('amplify');
    const { started, code } = await signInWithAmplify(user.email);
    expect(started).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: { USERNAME: user.id, email: user.email, attemptsLeft: '2' },
      },
    });

    const wrong = await confirmSignIn({ challengeResponse: wrongCode(code) });
    expect(wrong.isSignedIn).toBe(false);
    expect(wrong.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { attemptsLeft: '1' },
    });

    const done = await confirmSignIn({ challengeResponse: code });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    const current = await getCurrentUser();
    expect(current.userId).toBe(user.id);
    expect(current.username).toBe(user.id);
    expect(current.signInDetails).toMatchObject({
      loginId: user.email,
      authFlowType: 'CUSTOM_WITHOUT_SRP',
    });

    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email: user.email, email_verified: 'true', sub: user.id });

    const session = await fetchAuthSession();
    const idToken = session.tokens?.idToken?.toString();
    expect(idToken).toBeTruthy();
    await expect(server.identity.verifyIdToken(idToken!)).resolves.toMatchObject({
      userId: user.id,
    });
  });

  it('refreshes expired tokens through GetTokensFromRefreshToken (rotation) and keeps the user signed in', async () => {
    const user = await newUser('refresh');
    const { code } = await signInWithAmplify(user.email);
    await confirmSignIn({ challengeResponse: code });
    const before = (await fetchAuthSession()).tokens!.idToken!.toString();

    const mark = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = (await fetchAuthSession()).tokens?.idToken?.toString();
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(operations(server, mark)).toEqual(['GetTokensFromRefreshToken']);
    await expect(server.identity.verifyIdToken(after!)).resolves.toMatchObject({ userId: user.id });

    // Amplify stored the rotated refresh token: a forced refresh works again.
    const forced = await fetchAuthSession({ forceRefresh: true });
    expect(forced.tokens?.idToken?.toString()).not.toBe(after);
    expect(server.requests.at(-1)).toEqual({ operation: 'GetTokensFromRefreshToken', status: 200 });
  });

  it('signOut() revokes the refresh token (RevokeToken): the ID token is rejected by the API', async () => {
    const user = await newUser('signout');
    const { code } = await signInWithAmplify(user.email);
    await confirmSignIn({ challengeResponse: code });
    const idToken = (await fetchAuthSession()).tokens!.idToken!.toString();

    const mark = server.requests.length;
    await signOut();
    expect(server.requests.slice(mark)).toEqual([{ operation: 'RevokeToken', status: 200 }]);
    await expect(server.identity.verifyIdToken(idToken)).rejects.toThrow(
      'Session has been revoked',
    );
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('signOut({ global: true }) calls GlobalSignOut: every session of the user ends', async () => {
    const user = await newUser('global');
    const other = await server.identity.issueSessionTokens(user.email);
    const { code } = await signInWithAmplify(user.email);
    await confirmSignIn({ challengeResponse: code });

    const mark = server.requests.length;
    await signOut({ global: true });
    expect(operations(server, mark)).toEqual(['GlobalSignOut']);
    await expect(server.identity.verifyIdToken(other.idToken)).rejects.toThrow();
  });

  it('two wrong codes: confirmSignIn throws NotAuthorizedException; a new signIn starts over', async () => {
    const user = await newUser('twice');
    const { code } = await signInWithAmplify(user.email);
    await confirmSignIn({ challengeResponse: wrongCode(code) });
    const error = await confirmSignIn({ challengeResponse: wrongCode(code) }).catch(
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });

    const again = await signInWithAmplify(user.email);
    expect(again.started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    const done = await confirmSignIn({ challengeResponse: again.code });
    expect(done.isSignedIn).toBe(true);
  });

  it('unknown and disabled users surface the Cognito error names the console maps', async () => {
    const unknown = await signIn({
      username: 'nobody@esim.test',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });

    const disabled = await createUser(testDb.database, 'off@esim.test', 'inactive');
    const error = await signIn({
      username: disabled.email,
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('a rate limit reaches the caller at once: Amplify does not retry it', async () => {
    const strict = await startIdentityServer({
      database: testDb.database,
      config: testConfig(mailbox.url),
      limits: { codesPerUser: { max: 1, windowSeconds: 900 } },
    });
    try {
      useEndpoint(strict);
      const user = await newUser('limited');
      const { code } = await signInWithAmplify(user.email);
      // Beyond the limit with the code still live, a start is answered with that code, no error.
      const offered = await signIn({
        username: user.email,
        options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
      });
      expect(offered.nextStep).toMatchObject({ additionalInfo: { attemptsLeft: '2' } });
      // Used up by wrong answers: now the limit is an error.
      await confirmSignIn({ challengeResponse: wrongCode(code) });
      await confirmSignIn({ challengeResponse: wrongCode(code) }).catch(() => undefined);
      const mark = strict.requests.length;
      const error = await signIn({
        username: user.email,
        options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'TooManyFailedAttemptsException' });
      expect(strict.requests.slice(mark)).toEqual([{ operation: 'InitiateAuth', status: 400 }]);
    } finally {
      await strict.close();
    }
  });
});
