import {
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  signIn,
  signOut,
  type ConfirmSignInOutput,
  type SignInOutput,
} from 'aws-amplify/auth';
import { SIGNOUT_TIMEOUT_MS } from '@esim/utils';

/**
 * Thin wrappers around aws-amplify/auth: the only place the console talks to the identity
 * service. Amplify keeps the tokens and refreshes them when they expire.
 */

export interface SessionUser {
  email: string;
  sub: string;
}

/** Starts the e-mail + OTP sign-in (CUSTOM_AUTH without SRP: the pool e-mails a one-time password). */
export function startSignIn(email: string): Promise<SignInOutput> {
  return signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
}

/** Answers the pending custom challenge with the one-time password. */
export function answerOtp(code: string): Promise<ConfirmSignInOutput> {
  return confirmSignIn({ challengeResponse: code });
}

/** The session's ID token (refreshed by Amplify when expired), or undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}

/**
 * The signed-in user from the session's ID token claims, or null when there is no session.
 * Throws when the session exists but cannot be read or refreshed.
 */
export async function sessionUser(): Promise<SessionUser | null> {
  const { tokens } = await fetchAuthSession();
  const claims = tokens?.idToken?.payload;
  if (!claims) return null;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  if (email && sub) return { email, sub };
  return currentUser();
}

/** The current user with the e-mail attribute, read from the identity service. */
export async function currentUser(): Promise<SessionUser> {
  const attributes = await fetchUserAttributes();
  if (!attributes.email || !attributes.sub) throw new Error('No current user');
  return { email: attributes.email, sub: attributes.sub };
}

export class SignOutTimeoutError extends Error {
  constructor() {
    super('Signout timeout fail');
    this.name = 'SignOutTimeoutError';
  }
}

/** Amplify's default token storage prefix (localStorage). */
const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

function clearAmplifyStorage(): void {
  if (typeof localStorage === 'undefined') return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(AMPLIFY_STORAGE_PREFIX)) localStorage.removeItem(key);
  }
}

/**
 * Signs out of every device (GlobalSignOut). Gives up after 3 s with 'Signout timeout fail';
 * the local tokens are removed in every case, so the browser never keeps a usable session.
 */
export async function signOutEverywhere(timeoutMs: number = SIGNOUT_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SignOutTimeoutError()), timeoutMs);
  });
  try {
    await Promise.race([signOut({ global: true }), timeout]);
  } catch (error) {
    clearAmplifyStorage();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
